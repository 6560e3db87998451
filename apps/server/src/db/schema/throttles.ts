// Abuse limits and eID logins that every replica shares (migration 0013): attempt counters in fixed windows, and the
// Smart-ID / Mobile-ID logins in progress and ID-card challenge nonces, so any replica can answer any step.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One counter per (scope, key) for the window that ends at `window_end`; a hit after the end starts a new window.
 * Written only with atomic upserts (modules/auth/throttle.ts); rows whose window ended long ago are swept.
 */
export const throttles = pgTable(
  'throttles',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'throttles_pk', columns: [t.scope, t.key] }),
    index('throttles_window_end_idx').on(t.windowEnd),
  ],
);

export const EID_LOGIN_METHODS = ['smart', 'mobile'] as const;
export const EID_HASHES = ['sha256', 'sha384', 'sha512'] as const;

/** A Smart-ID or Mobile-ID login waiting for the user; removed by the status call that ends it (or swept). */
export const eidLogins = pgTable(
  'eid_logins',
  {
    authId: text('auth_id').primaryKey(),
    method: text('method').$type<(typeof EID_LOGIN_METHODS)[number]>().notNull(),
    /** The service's session id. */
    sessionId: text('session_id').notNull(),
    /** The 64 random bytes the service signs the hash of (base64). */
    challenge: text('challenge').notNull(),
    hashName: text('hash_name').$type<(typeof EID_HASHES)[number]>().notNull(),
    /** The verification code shown to the user. */
    code: text('code').notNull(),
    personalCode: text('personal_code').notNull(),
    /** After this the wait is over whatever the service says. */
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('eid_logins_deadline_idx').on(t.deadline),
    check('eid_logins_method_ck', sql`${t.method} in ('smart','mobile')`),
    check('eid_logins_hash_ck', sql`${t.hashName} in ('sha256','sha384','sha512')`),
  ],
);

/** ID-card (Web eID) challenge nonces, by their SHA-256: usable once, until `expires`. */
export const eidNonces = pgTable(
  'eid_nonces',
  {
    nonceHash: text('nonce_hash').primaryKey(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
  },
  (t) => [index('eid_nonces_expires_idx').on(t.expires)],
);

/**
 * Password recovery requests, written the same way whether or not the e-mail has an account; the look-up, the key
 * and the mail are made after the answer (modules/auth/recovery.ts), so the answer's time tells nothing.
 */
export const recoveryRequests = pgTable('recovery_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
});
