// Estonian eID login (Smart-ID, Mobile-ID, ID card through Web eID): payloads, statuses and their message keys.
import { z } from 'zod';
import { normaliseMobilePhone } from './eidPhone.ts';

export { EID_POLL_MS, normaliseMobilePhone } from './eidPhone.ts';

/**
 * Statuses a Mobile-ID or Smart-ID login can end in. USER_AUTHENTICATED logs in, OUTSTANDING_TRANSACTION keeps
 * waiting (spec 2, §4); the others end the wait and are shown by their description `eid_<status in lower case>`.
 */
export const EID_STATUSES = [
  'USER_AUTHENTICATED',
  'OUTSTANDING_TRANSACTION',
  // Smart-ID end results
  'USER_REFUSED',
  'USER_REFUSED_DISPLAYTEXTANDPIN',
  'USER_REFUSED_VC_CHOICE',
  'USER_REFUSED_CONFIRMATIONMESSAGE',
  'USER_REFUSED_CONFIRMATIONMESSAGE_WITH_VC_CHOICE',
  'USER_REFUSED_CERT_CHOICE',
  'WRONG_VC',
  'TIMEOUT',
  'DOCUMENT_UNUSABLE',
  'REQUIRED_INTERACTION_NOT_SUPPORTED_BY_APP',
  // Mobile-ID results
  'NOT_MID_CLIENT',
  'USER_CANCELLED',
  'PHONE_ABSENT',
  'DELIVERY_ERROR',
  'SIM_ERROR',
  'SIGNATURE_HASH_MISMATCH',
  // HTTP answers of the services (404, 471, 472, 480, 580, 401/403, anything else)
  'ACCOUNT_NOT_FOUND',
  'NO_SUITABLE_ACCOUNT',
  'VIEW_APP',
  'CLIENT_TOO_OLD',
  'SERVICE_MAINTENANCE',
  'SERVICE_UNAUTHORIZED',
  'SERVICE_ERROR',
  // our own checks of the answer
  'CERTIFICATE_NOT_TRUSTED',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_LEVEL',
  'SIGNATURE_INVALID',
  'IDENTITY_MISMATCH',
  'USER_NOT_FOUND',
  'ACCOUNT_DISABLED',
  'CANCELLED',
  'EXPIRED',
] as const;
export type EidStatus = (typeof EID_STATUSES)[number];

export const eidStatusKey = (s: EidStatus) => `eid_${s.toLowerCase() as Lowercase<EidStatus>}` as const;

/** Why an ID-card (Web eID) login was refused; the web shows `idcard_<code>`. */
export const IDCARD_ERRORS = [
  'webeid_token_invalid',
  'webeid_algorithm_unsupported',
  'webeid_nonce_invalid',
  'webeid_origin_invalid',
  'certificate_unreadable',
  'certificate_expired',
  'certificate_not_yet_valid',
  'ca_certificate_expired',
  'ca_certificate_not_yet_valid',
  'certificate_wrong_purpose',
  'certificate_disallowed_policy',
  'certificate_not_trusted',
  'certificate_no_identity',
  'signature_invalid',
  'user_not_found',
] as const;
export type IdcardError = (typeof IDCARD_ERRORS)[number];

const noNul = (s: string) => !s.includes('\0');

/** One check after another, so a field gets one message key. */
const checked = (max: number, rules: Array<[(s: string) => boolean, string]>) =>
  z
    .string()
    .trim()
    .superRefine((s, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
      if (!s) return fail('required');
      if (s.length > max) return fail('too_long');
      if (!noNul(s)) return fail('invalid');
      for (const [ok, key] of rules) if (!ok(s)) return fail(key);
    });

/** Estonian personal code: 11 digits, the first 1–6. */
export const personalCodeField = checked(20, [[(s) => /^[1-6]\d{10}$/.test(s), 'invalid_personal_code']]);

export const smartIdInitBody = z.object({ personal_code: personalCodeField });
export const mobileIdInitBody = z.object({
  personal_code: personalCodeField,
  phone: checked(30, [[(s) => /^\+372\d{7,8}$/.test(normaliseMobilePhone(s)), 'invalid_phone']]).transform(
    normaliseMobilePhone,
  ),
});
export const eidInitResponse = z.object({ auth_id: z.string(), challenge: z.string() });
export const eidAuthQuery = z.object({
  auth_id: z
    .string()
    .trim()
    .min(1, 'required')
    .max(100, 'too_long')
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid'),
});
export const idcardChallengeResponse = z.object({ nonce: z.string() });
export type IdcardChallengeResponse = z.infer<typeof idcardChallengeResponse>;
export const webEidTokenSchema = z.object({
  unverifiedCertificate: z.string().max(20_000, 'too_long'),
  algorithm: z.string().max(20, 'too_long'),
  signature: z.string().max(2_000, 'too_long'),
  format: z.string().max(40, 'too_long'),
  appVersion: z.string().max(300, 'too_long').optional(),
});
export const idcardLoginBody = z.object({
  nonce: z.string().trim().min(1, 'required').max(200, 'too_long'),
  auth_token: webEidTokenSchema,
});

export type SmartIdInitBody = z.infer<typeof smartIdInitBody>;
export type MobileIdInitBody = z.input<typeof mobileIdInitBody>;
export type EidInitResponse = z.infer<typeof eidInitResponse>;
export type WebEidTokenPayload = z.infer<typeof webEidTokenSchema>;

/** An eID call's validation errors: message keys per field (the error body of ARCHITECTURE.md). */
export const eidFieldErrors = z.record(z.string(), z.array(z.string()));
/** An eID call's refusal: one message key. */
export const eidDetail = z.object({ detail: z.string() });
