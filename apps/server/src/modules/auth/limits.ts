// Attempt counters for the public account routes (registration, recovery, reset): per client address and per
// e-mail, in a fixed window. In memory, per server instance (a replica counts its own share).
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';

export class AttemptLimiter {
  private readonly hits = new Map<string, { count: number; until: number }>();
  readonly max: number;
  private readonly windowMs: number;
  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Counts one attempt; false when the key has used up its window. */
  take(key: string): boolean {
    const t = now().getTime();
    const h = this.hits.get(key);
    if (!h || h.until <= t) {
      this.hits.set(key, { count: 1, until: t + this.windowMs });
      if (this.hits.size > 50_000) this.hits.delete(this.hits.keys().next().value as string);
      return true;
    }
    h.count++;
    return h.count <= this.max;
  }

  /** Counts one attempt and answers 429 when the key has used up its window. */
  takeOrThrow(key: string) {
    if (!this.take(key)) throw new AppError(429, { detail: 'too_many_requests' });
  }
}

const MINUTE = 60_000;

/** The limits of the account routes; one set per app instance. */
export function accountLimits() {
  return {
    /** Registration (both steps) per address. */
    registerIp: new AttemptLimiter(30, 60 * MINUTE),
    /** Completed registrations per user e-mail (whether or not it is taken). */
    registerEmail: new AttemptLimiter(3, 60 * MINUTE),
    /** Recovery requests per address: over it 429, whatever the e-mail. */
    forgotIp: new AttemptLimiter(10, 15 * MINUTE),
    /** Recovery mails per e-mail: over it the answer stays the same but no further mail is sent. */
    forgotEmail: new AttemptLimiter(3, 60 * MINUTE),
    /** Reset attempts per address (a wrong or used key counts too). */
    resetIp: new AttemptLimiter(10, 15 * MINUTE),
    /** Reset attempts per account (rejected passwords count). */
    resetUser: new AttemptLimiter(10, 15 * MINUTE),
  };
}
export type AccountLimits = ReturnType<typeof accountLimits>;
