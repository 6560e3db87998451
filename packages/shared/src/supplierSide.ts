// The supplier's side of a tender after the offer (issue 34, points 4–6): the receipt of every accepted offer set,
// a line declined with a reason, and the feedback after the award. Request and answer shapes; the canonical form
// a receipt's digest is taken of is in docs/decisions.md ("Offer receipts") and rules/receiptCanonical.ts.
import { z } from 'zod';
import { DECLINE_REASONS, DECLINE_TEXT_MAX, RECEIPT_DIGEST_RE } from './supplierSideRules.ts';

const dbId = z.number('invalid').int('invalid').positive('invalid').max(2147483647, 'invalid_id');

// ---------- receipts ----------

/** A receipt as its company sees it. */
export const offerReceipt = z.object({
  id: z.number(),
  tender: z.number(),
  tender_code: z.string(),
  company: z.number(),
  company_name: z.string(),
  company_registration_code: z.string().nullable(),
  /** The server time the offer set was accepted (ISO 8601, milliseconds, UTC). */
  time: z.string(),
  /** SHA-256 of the canonical form, 64 lowercase hex digits. */
  digest: z.string(),
  /** The random value the canonical form begins with (so the digest reveals nothing of the prices). */
  salt: z.string(),
  /** Offer lines in the set. */
  lines: z.number(),
  /** When a later receipt or the withdrawal of the offer replaced this one; null while it is the current one. */
  replaced_at: z.string().nullable(),
});
export type OfferReceipt = z.infer<typeof offerReceipt>;

export const offerReceipts = z.object({
  /** The company's current receipt (null: no offer held). */
  current: offerReceipt.nullable(),
  /** Every receipt of the company on the tender, newest first. */
  all: z.array(offerReceipt),
});
export type OfferReceipts = z.infer<typeof offerReceipts>;

/** POST /receipts/verify/: the four values a receipt carries. */
export const receiptVerify = z.object({
  tender: dbId,
  company: dbId,
  time: z.iso.datetime({ offset: true, message: 'invalid' }),
  digest: z.string('required').trim().toLowerCase().regex(RECEIPT_DIGEST_RE, 'invalid_digest'),
});
export type ReceiptVerify = z.infer<typeof receiptVerify>;

export const RECEIPT_RESULTS = ['valid', 'replaced', 'withdrawn', 'no_match'] as const;
export type ReceiptResult = (typeof RECEIPT_RESULTS)[number];
export const receiptVerdict = z.object({
  /**
   * valid: the offer held now is the one the receipt names; replaced: a later offer set of the company replaced it
   * (at `replaced_at`); withdrawn: the company's offer is no longer held (withdrawn or the tender cancelled);
   * no_match: the portal holds no such receipt.
   */
  result: z.enum(RECEIPT_RESULTS),
  replaced_at: z.string().nullable(),
});
export type ReceiptVerdict = z.infer<typeof receiptVerdict>;

// ---------- declines ----------

/** PUT /details/{id}/decline/: "no offer" on a line, with the reason (OTHER needs a text). */
export const declineWrite = z
  .object({
    reason: z.enum(DECLINE_REASONS, 'invalid_choice'),
    text: z.string('invalid').max(DECLINE_TEXT_MAX, 'too_long').optional(),
  })
  .superRefine((v, ctx) => {
    const text = (v.text ?? '').trim();
    if (v.reason === 'OTHER' && !text) ctx.addIssue({ code: 'custom', path: ['text'], message: 'blank' });
    if (v.reason !== 'OTHER' && text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'decline_text_only_other' });
  });
export type DeclineWrite = z.infer<typeof declineWrite>;

/** The company's own decline of a line. */
export const lineDecline = z.object({
  detail: z.number(),
  reason: z.enum(DECLINE_REASONS),
  text: z.string(),
  created: z.string(),
});
export type LineDecline = z.infer<typeof lineDecline>;

/** Per line, how many companies declined it and why (buyers, once the tender is opened). */
export const lineDeclineSummary = z.object({
  detail: z.number(),
  total: z.number(),
  /** Companies per reason (every reason, zero included). */
  reasons: z.object({
    NOT_IN_STOCK: z.number(),
    DISCONTINUED: z.number(),
    CANNOT_MEET_DATE: z.number(),
    OTHER: z.number(),
  }),
  /** The texts of OTHER, without the company. */
  texts: z.array(z.string()),
  /** Companies that offered on the line. */
  offers: z.number(),
});
export type LineDeclineSummary = z.infer<typeof lineDeclineSummary>;

export const tenderDeclines = z.object({
  /** Suppliers: the company's own declines. Buyers: empty. */
  mine: z.array(lineDecline),
  /** Buyers once the tender is opened: the lines that some company declined. Suppliers: empty. */
  lines: z.array(lineDeclineSummary),
  /** Buyers: declined lines in all, and lines with no offer at all. */
  declined_lines: z.number(),
  lines_without_offer: z.number(),
});
export type TenderDeclines = z.infer<typeof tenderDeclines>;

// ---------- feedback after the award ----------

export const lineFeedback = z.object({
  detail: z.number(),
  part_name: z.string(),
  /** The company's best (lowest) price on the line. */
  price: z.string(),
  /** 1 = the lowest price among the companies that offered; ties share a rank. */
  rank: z.number(),
  /** Companies that offered on the line. */
  offers: z.number(),
  /** The company won (a part of) the line. */
  won: z.boolean(),
  /** (own best price − lowest winning price) / lowest winning price × 100, one decimal; null: no winner. */
  gap_percent: z.string().nullable(),
});
export type LineFeedback = z.infer<typeof lineFeedback>;

export const tenderFeedback = z.object({ lines: z.array(lineFeedback) });
export type TenderFeedback = z.infer<typeof tenderFeedback>;
