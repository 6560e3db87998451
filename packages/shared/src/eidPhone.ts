// The eID login's constants and the Mobile-ID phone rule without zod, so the web's login screen can use them
// without the schemas (eid.ts re-exports them).

/** The web polls a Mobile-ID or Smart-ID login every second for EID_COUNTDOWN_SECONDS (limits.ts, spec 2 §9). */
export const EID_POLL_MS = 1000;

/** Mobile-ID phone rule (spec 2, §5): a leading + is added; a number not starting with +372 gets +372 instead of its first character. */
export function normaliseMobilePhone(input: string): string {
  let v = input.replace(/[\s-]/g, '');
  if (!v) return v;
  if (!v.startsWith('+')) v = `+${v}`;
  if (!v.startsWith('+372')) v = `+372${v.slice(1)}`;
  return v;
}
