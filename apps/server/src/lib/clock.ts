// All "now" of the server comes from here. Tests (PORTAL_TEST_CLOCK=1) move it with the test-clock route.

let offsetMs = 0;
let frozen: number | null = null;

export function now(): Date {
  return new Date(frozen ?? Date.now() + offsetMs);
}

/** Test clock only: set an absolute time (keeps ticking from there) or advance by seconds. */
export function setNow(at: Date) {
  offsetMs = at.getTime() - Date.now();
  frozen = null;
}
export function advance(seconds: number) {
  if (frozen != null) frozen += seconds * 1000;
  else offsetMs += seconds * 1000;
}
export function freeze(at?: Date) {
  frozen = (at ?? now()).getTime();
}
export function resetClock() {
  offsetMs = 0;
  frozen = null;
}
