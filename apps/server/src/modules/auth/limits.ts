// The limits of the logins and the public account routes (registration, recovery, reset). The counters live in
// PostgreSQL (throttle.ts), so every replica counts against the same windows.
import type { Config } from '../../config.ts';
import { type Limit, minutes } from './throttle.ts';

/** Password logins: failures per account (e-mail) and per client address, in 15-minute windows. */
export function loginLimits(c: Pick<Config, 'LOGIN_RATE_LIMIT' | 'LOGIN_ADDRESS_LIMIT'>) {
  return {
    /** Stops guessing one account's password; only that account's own login or a password reset clears it. */
    account: { scope: 'login_account', max: c.LOGIN_RATE_LIMIT, windowMs: minutes(15) },
    /** Generous: a whole office logs in from one address. eID failures count here too. */
    address: { scope: 'login_address', max: c.LOGIN_ADDRESS_LIMIT, windowMs: minutes(15) },
  } satisfies Record<string, Limit>;
}
export type LoginLimits = ReturnType<typeof loginLimits>;

/** The limits of the account routes. */
export function accountLimits(c: Config) {
  const recipient = c.ACCOUNT_MAIL_RECIPIENT_LIMIT;
  return {
    /** Registration calls (both steps: step 1 checks the form) per address. */
    registerCalls: { scope: 'register_call_address', max: 30, windowMs: minutes(60) },
    /** Completed registrations (step 2) per address. */
    registerIp: { scope: 'register_address', max: c.REGISTRATION_ADDRESS_LIMIT, windowMs: minutes(60) },
    /** Completed registrations, all addresses together. */
    registerAll: { scope: 'register_all', max: c.REGISTRATION_HOURLY_LIMIT, windowMs: minutes(60) },
    /** Completed registrations per user e-mail (whether or not it is taken): each mails that address. */
    registerEmail: { scope: 'register_email', max: recipient, windowMs: minutes(60) },
    /** Recovery requests per address: over it 429, whatever the e-mail. */
    forgotIp: { scope: 'recovery_address', max: c.RECOVERY_ADDRESS_LIMIT, windowMs: minutes(60) },
    /** Recovery requests, all addresses together: over it 429, whatever the e-mail. */
    forgotAll: { scope: 'recovery_all', max: c.RECOVERY_HOURLY_LIMIT, windowMs: minutes(60) },
    /** Recovery mails per e-mail: over it the answer stays the same but no further mail is sent. */
    forgotEmail: { scope: 'recovery_email', max: recipient, windowMs: minutes(60) },
    /** Reset attempts per address (a wrong or used key counts too). */
    resetIp: { scope: 'reset_address', max: 10, windowMs: minutes(15) },
    /** Reset attempts per account (rejected passwords count). */
    resetUser: { scope: 'reset_user', max: 10, windowMs: minutes(15) },
    /** Mails to the administrators about new suppliers: one per interval. */
    newSupplierMail: { scope: 'new_supplier_mail', max: 1, windowMs: minutes(c.NEW_SUPPLIER_MAIL_MINUTES) },
  } satisfies Record<string, Limit>;
}
export type AccountLimits = ReturnType<typeof accountLimits>;

/** The one key of the counters that count all addresses together. */
export const ALL = 'all';
