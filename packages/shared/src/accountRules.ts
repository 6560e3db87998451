// The account rules without a schema (spec 2 §2, §5): length limits, the e-mail and phone patterns, the Estonian
// personal code check and the password rules. The web app's forms and session code use them; accounts.ts builds the
// payload schemas from them, and only the screens that validate with those load zod.
import { PASSWORD_MIN } from './limits.ts';
import type { MessageKey } from './messages.ts';

export const PASSWORD_MAX = 128;
export const REGISTRATION_MIN = {
  supplier_name: 3,
  supplier_registration_code: 5,
  supplier_address: 5,
  supplier_country_code: 2,
  supplier_email: 5,
  supplier_notes: 5,
} as const;

/** A plain e-mail address pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** A phone in international form: + and 7 to 15 digits (spaces and dashes are removed first). */
export const PHONE_PATTERN = /^\+\d{7,15}$/;

/** Estonian personal code: 11 digits, a valid century digit and the check digit of the standard. */
export function isEstonianPersonalCode(code: string): boolean {
  if (!/^[1-6]\d{10}$/.test(code)) return false;
  const d = code.split('').map(Number);
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  let check = w1.reduce((s, w, i) => s + w * d[i], 0) % 11;
  if (check === 10) {
    check = w2.reduce((s, w, i) => s + w * d[i], 0) % 11;
    if (check === 10) check = 0;
  }
  return check === d[10];
}

export interface PasswordOwner {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * The password rules of spec 2 §5, as message keys (empty = acceptable): at least 8 characters, letters and digits,
 * not containing the user's name or e-mail, not a common password. The common-password check is passed in: the
 * server uses the bundled list (`@portal/shared/common-passwords`), a browser form may skip it.
 */
export function passwordProblems(
  password: string,
  owner: PasswordOwner = {},
  isCommon: (password: string) => boolean = () => false,
): MessageKey[] {
  const out: MessageKey[] = [];
  if (!password) return ['password_empty'];
  if (password.length > PASSWORD_MAX) return ['too_long'];
  if (password.length < PASSWORD_MIN) out.push('password_too_short');
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) out.push('password_letters_and_digits');
  const pw = password.toLowerCase();
  const mail = (owner.email ?? '').trim().toLowerCase();
  const parts = [
    owner.first_name,
    owner.last_name,
    mail,
    mail.split('@')[0],
    ...(mail.split('@')[0] ?? '').split(/[._+-]/),
  ]
    .map((p) => (p ?? '').trim().toLowerCase())
    .filter((p) => p.length >= 3);
  if (parts.some((p) => pw.includes(p))) out.push('password_too_similar');
  if (isCommon(password)) out.push('password_too_common');
  return out;
}
