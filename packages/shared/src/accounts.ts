// Supplier registration, password recovery and reset (spec 2 §2, §5, §7): the payload schemas the server parses and
// the web forms validate with (the password rules, also used by the profile's password change, are in
// accountRules.ts).
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  isEstonianPersonalCode,
  PASSWORD_MAX,
  PHONE_PATTERN,
  REGISTRATION_MIN,
} from './accountRules.ts';
import { COUNTRY_CODES } from './countries.ts';
import { LANGUAGES } from './enums.ts';
import { hasLineBreak } from './textRules.ts';

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

/** A name: one line (a line break is refused, not trimmed away). */
const oneLine = <T extends z.ZodType<string, string>>(schema: T) =>
  z
    .string('required')
    .refine((s) => !hasLineBreak(s.trim()), { error: 'no_line_breaks', abort: true })
    .pipe(schema);

const email = z
  .string('required')
  .refine(noNul, 'invalid')
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'required').max(254, 'too_long').regex(EMAIL_PATTERN, 'invalid_email'));

/** Step 1: the company. */
export const registrationStep1 = z.object({
  supplier_name: oneLine(text(REGISTRATION_MIN.supplier_name, 200, 'min_length_3')),
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
  user_first_name: oneLine(text(1, 100, 'required')),
  user_last_name: oneLine(text(1, 100, 'required')),
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
export type PublicGroup = z.infer<typeof publicGroup>;

/** POST /register/: step=1 answers that the company data passed; the full call that the company is registered. */
export const registrationChecked = z.object({ step: z.literal(1), valid: z.literal(true) });
export const registrationDone = z.object({ registered: z.literal(true) });
export const registrationAnswer = registrationChecked.or(registrationDone);
/** The registration body as the route accepts it: step 1 complete, the user's fields checked on the full call. */
export const registrationRouteBody = registrationStep1.extend(registrationUser.partial().shape);
/** POST /register/ query: step=1 checks the company data only. */
export const registrationStepQuery = z.object({ step: z.enum(['1', '2'], 'invalid_choice').optional() });
/** GET /register/groups/ answer. */
export const publicGroupList = z.array(publicGroup);
/** POST /forgot_password/ answer (the same whether or not the address has an account). */
export const forgotPasswordAnswer = z.object({ sent: z.literal(true) });
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswer>;
/** POST /reset_password/ answer. */
export const resetPasswordAnswer = z.object({ reset: z.literal(true) });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;
/** POST /_test/account_active/ body (test clock only): a supplier company (by id or code) or a user, and the flag. */
export const testAccountActiveBody = z
  .object({
    supplier_id: z.number().int().positive().optional(),
    registration_code: z.string().min(1).max(50).optional(),
    user_id: z.number().int().positive().optional(),
    is_active: z.boolean(),
  })
  .strict();
/** POST /_test/account_active/ answer. */
export const testAccountActiveAnswer = z.object({ changed: z.boolean() });
export type RegistrationChecked = z.infer<typeof registrationChecked>;
export type RegistrationDone = z.infer<typeof registrationDone>;
