// Supplier registration, password recovery and reset (spec 2 §2, §5, §7): the payload schemas the server
// parses and the web forms validate with, and the password rules (also used by the profile's password change).
import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';
import { LANGUAGES } from './enums.ts';
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

/** True when the text has a letter or digit (a name of invisible characters alone is not a name). */
const hasLetterOrDigit = (s: string) => /[\p{L}\p{N}]/u.test(s);
const noNul = (s: string) => !s.includes('\u0000');

/** A trimmed text field with a minimum length; NUL bytes refused; a name needs a letter or digit. One message each. */
function text(min: number, max: number, minKey: string) {
  let inner = z.string().min(1, { error: 'required', abort: true });
  if (min > 1) inner = inner.min(min, { error: minKey, abort: true });
  return z
    .string('required')
    .refine(noNul, { error: 'invalid', abort: true })
    .transform((s) => s.trim())
    .pipe(inner.max(max, { error: 'too_long', abort: true }).refine(hasLetterOrDigit, 'invalid'));
}

const email = z
  .string('required')
  .refine(noNul, 'invalid')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'required').max(254, 'too_long').regex(EMAIL_PATTERN, 'invalid_email'));

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

/** Step 1: the company. */
export const registrationStep1 = z.object({
  supplier_name: text(REGISTRATION_MIN.supplier_name, 200, 'min_length_3'),
  supplier_registration_code: text(REGISTRATION_MIN.supplier_registration_code, 50, 'min_length_5'),
  supplier_address: text(REGISTRATION_MIN.supplier_address, 300, 'min_length_5'),
  supplier_country_code: z
    .string('required')
    .min(REGISTRATION_MIN.supplier_country_code, 'required')
    .refine((c) => (COUNTRY_CODES as readonly string[]).includes(c), 'invalid_choice'),
  supplier_email: email.pipe(z.string().min(REGISTRATION_MIN.supplier_email, 'min_length_5')),
  /** Optional; when given at least 5 characters. */
  supplier_notes: z
    .string()
    .refine(noNul, 'invalid')
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .max(2000, 'too_long')
        .refine((s) => s === '' || s.length >= REGISTRATION_MIN.supplier_notes, 'min_length_5'),
    )
    .optional()
    .default(''),
  /** The departments (warehouse groups) the company wants to serve; at least one. */
  supplier_groups: z
    .array(z.number('invalid').int('invalid').positive('invalid'), 'choose_group')
    .min(1, 'choose_group')
    .max(50, 'too_long'),
});
export type RegistrationStep1 = z.input<typeof registrationStep1>;

/** Step 2: the main user, then the whole registration. */
export const registrationUser = z.object({
  user_first_name: text(1, 100, 'required'),
  user_last_name: text(1, 100, 'required'),
  /** Only for Estonian companies; null when empty. */
  user_personal_code: z
    .string()
    .trim()
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  user_position: z
    .string()
    .refine(noNul, 'invalid')
    .transform((s) => s.trim())
    .pipe(z.string().max(200, 'too_long'))
    .optional()
    .default(''),
  user_language_code: z.enum(LANGUAGES, 'invalid_choice').default('et'),
  user_phone: z
    .string('required')
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, 'required').regex(PHONE_PATTERN, 'invalid_phone')),
  user_email: email,
  agreed: z.literal(true, 'terms_agreement_required'),
});

export const registrationBody = registrationStep1.extend(registrationUser.shape).superRefine((v, ctx) => {
  if (v.user_personal_code !== null) {
    if (v.supplier_country_code !== 'EE')
      ctx.addIssue({ code: 'custom', path: ['user_personal_code'], message: 'personal_code_only_ee' });
    else if (!isEstonianPersonalCode(v.user_personal_code))
      ctx.addIssue({ code: 'custom', path: ['user_personal_code'], message: 'invalid_personal_code' });
  }
});
export type RegistrationBody = z.input<typeof registrationBody>;

export const forgotPasswordBody = z.object({ email });

export const resetPasswordBody = z.object({
  key: z.string('reset_link_invalid').trim().min(1, 'reset_link_invalid').max(200, 'reset_link_invalid'),
  password1: z.string('password_empty').min(1, 'password_empty').max(PASSWORD_MAX, 'too_long'),
  password2: z.string('password_empty').min(1, 'password_empty').max(PASSWORD_MAX, 'too_long'),
});

/** A public group option for the registration form. */
export const publicGroup = z.object({ id: z.number(), name: z.string() });

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
