// Terms of use versions announced ahead (issue 32, point 5; the terms' own item "changes are announced at least 20
// calendar days in advance"): the notice, the publish form's payload, and the answers the web reads.
import { z } from 'zod';

/** A new version takes effect no sooner than this many calendar days (Europe/Tallinn) after it is published. */
export const TERMS_NOTICE_DAYS = 20;
/** The longest text of one language. */
export const TERMS_TEXT_MAX = 50_000;

const termsText = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(TERMS_TEXT_MAX, 'too_long')
  .refine((s) => !s.includes('\u0000'), 'invalid_characters');

/** An administrator's new version: the day it takes effect (YYYY-MM-DD, Tallinn) and its text in et, ru and en. */
export const termsDraftSchema = z.object({
  effective_date: z.string('required').regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date'),
  text_et: termsText,
  text_ru: termsText,
  text_en: termsText,
});
export type TermsDraftPayload = z.infer<typeof termsDraftSchema>;

export const termsBrief = z.object({
  id: z.number().nullable(),
  version: z.string(),
  effective_from: z.string().nullable(),
});
export type TermsBrief = z.infer<typeof termsBrief>;

/** GET /terms/: the version in force and the next one announced. */
export const termsStateSchema = z.object({
  current: termsBrief,
  upcoming: termsBrief.extend({ effective_from: z.string() }).nullable(),
});
export type TermsState = z.infer<typeof termsStateSchema>;

/** GET /terms/{version}/: one version's text (null for the version shipped with the web app). */
export const termsTextSchema = termsBrief.extend({
  text: z.object({ et: z.string(), ru: z.string(), en: z.string() }).nullable(),
});
export type TermsTextItem = z.infer<typeof termsTextSchema>;

export const termsVersionItem = termsBrief.extend({
  id: z.number(),
  effective_from: z.string(),
  in_force: z.boolean(),
  created: z.string(),
  created_by_name: z.string().nullable(),
});
export type TermsVersionItem = z.infer<typeof termsVersionItem>;
/** GET /terms_versions/ answer, newest first. */
export const termsVersionList = z.array(termsVersionItem);
/** POST /terms_versions/ answer: the version published and how many users were mailed. */
export const termsPublished = termsVersionItem.extend({ mailed: z.number() });
export type TermsPublished = z.infer<typeof termsPublished>;
/** GET /terms/{version}/ parameters. */
export const termsVersionParams = z.object({ version: z.string().max(20, 'too_long') });
/** POST /terms-of-use-consent/ answer. */
export const termsConsentAnswer = z.object({ consented: z.literal(true) });
export type TermsConsentAnswer = z.infer<typeof termsConsentAnswer>;
