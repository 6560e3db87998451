// Payloads and answers of e-mail templates and e-mail settings (spec 3 §2 "Notifications and e-mail settings", §3, §7).
// The server's route schemas and the web's types, one copy.
import { z } from 'zod';
import { TEMPLATE_KEYS, TEMPLATE_LANGUAGES, TEMPLATE_TYPES } from './enums.ts';
import { FIELD_MAX } from './limits.ts';
import { listQuery } from './lists.ts';
import { nameText, safeText } from './text.ts';
import { hasNul } from './textRules.ts';

export const templateItem = z.object({
  id: z.number(),
  key: z.enum(TEMPLATE_KEYS),
  type: z.enum(TEMPLATE_TYPES),
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: z.string(),
  content: z.string(),
  /** The placeholder tags this template offers ({{tag}}). */
  tags: z.array(z.string()),
  updated: z.string(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const templateListQuery = listQuery.extend({
  key: z.enum(TEMPLATE_KEYS, 'invalid_choice').optional(),
  type: z.enum(TEMPLATE_TYPES, 'invalid_choice').optional(),
  language: z.enum(TEMPLATE_LANGUAGES, 'invalid_choice').optional(),
});

export const templatePatch = z.object({
  /** The form sends the whole template back; only subject and content change. */
  id: z.number().optional(),
  key: z.string().optional(),
  type: z.string().optional(),
  language: z.string().optional(),
  subject: nameText(FIELD_MAX.templateSubject).optional(),
  content: z
    .string()
    .refine((s) => !hasNul(s), 'invalid_characters')
    .refine((s) => s.trim().length > 0, 'blank')
    .refine((s) => s.length <= FIELD_MAX.templateContent, 'too_long')
    .optional(),
});

const email = z
  .string()
  .trim()
  .max(FIELD_MAX.email, 'too_long')
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'invalid_email');
const text = (max: number) => safeText(max);

export const settingsItem = z.object({
  id: z.number(),
  company_name: z.string(),
  from_name: z.string(),
  company_phone: z.string(),
  logo_path: z.string(),
  company_email: z.string(),
  smtp_username: z.string(),
  /** Write-only: always answered empty; has_smtp_password tells whether one is stored. */
  smtp_password: z.string(),
  has_smtp_password: z.boolean(),
  from_email: z.string(),
  smtp_server: z.string(),
  smtp_port: z.number(),
  admin_email: z.string(),
  updated: z.string(),
});
export type SettingsItem = z.infer<typeof settingsItem>;

export const settingsPatch = z.object({
  id: z.number().optional(),
  company_name: text(FIELD_MAX.name).optional(),
  from_name: text(FIELD_MAX.name).optional(),
  company_phone: text(FIELD_MAX.companyPhone).optional(),
  logo_path: text(FIELD_MAX.url).optional(),
  company_email: email.optional(),
  smtp_username: text(FIELD_MAX.smtpUsername).optional(),
  /** A non-empty value replaces the stored password; '' or absent keeps it; null clears it. */
  smtp_password: z.string().max(FIELD_MAX.secret, 'too_long').nullable().optional(),
  has_smtp_password: z.boolean().optional(),
  from_email: email.refine((s) => s !== '', 'blank').optional(),
  smtp_server: text(FIELD_MAX.host)
    .refine((s) => /^[A-Za-z0-9.\-:[\]]+$/.test(s), 'invalid_host')
    .optional(),
  smtp_port: z.coerce
    .number('invalid_number')
    .int('invalid_number')
    .min(1, 'invalid_port')
    .max(65535, 'invalid_port')
    .optional(),
  admin_email: email.optional(),
  updated: z.string().optional(),
});
export type SettingsPatch = z.output<typeof settingsPatch>;

/** POST test_smtp body: settings to try instead of the saved ones (none: the saved ones). */
export const smtpTestBody = settingsPatch.optional();
/** POST test_smtp answer: the bare text OK, or FAILED: and the reason. */
export const smtpTestAnswer = z.string();
