// The supplier's side after the offer (issue 34): the constants the web reads without the schemas (no zod in a page's
// chunk): the reasons a line is declined for, the length of the "other" text, the shape of a receipt's digest.
export const DECLINE_REASONS = ['NOT_IN_STOCK', 'DISCONTINUED', 'CANNOT_MEET_DATE', 'OTHER'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_TEXT_MAX = 500;
export const RECEIPT_DIGEST_RE = /^[0-9a-f]{64}$/;
