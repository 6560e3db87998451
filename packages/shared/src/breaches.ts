// After the award (issue 32): the payloads of refusals and breaches (zod schemas; the rules are in breachRules.ts).
import { z } from 'zod';
import { BREACH_NOTE_MAX, REFUSAL_REASON_MAX, utcDay, YMD, ymdOf } from './breachRules.ts';
import { BREACH_KINDS, BREACH_STATUSES } from './enums.ts';
import { idString, listQuery } from './lists.ts';

// ---------- payloads ----------

const ymd = z
  .string()
  .regex(YMD, 'invalid_date')
  .refine((s) => {
    const m = YMD.exec(s);
    if (!m) return false;
    return ymdOf(utcDay(s)) === s;
  }, 'invalid_date');
const money = z
  .string()
  .trim()
  .regex(/^\d{1,10}([.,]\d{1,2})?$/, 'not_a_number')
  .transform((s) => s.replace(',', '.'));

export const refusalWrite = z.object({
  /** The refusing company (a winner of the tender). */
  supplier: z.number().int().positive(),
  /** The day the winner refused. */
  refused_on: ymd,
  reason: z.string().trim().min(1, 'required').max(REFUSAL_REASON_MAX, 'too_long'),
  /** Each refused line with the offer that replaces it (null: none, the line is not ordered). */
  lines: z
    .array(
      z.object({
        detail: z.number().int().positive(),
        replacement: z.number().int().positive().nullable(),
      }),
    )
    .min(1, 'required'),
});
export type RefusalWrite = z.infer<typeof refusalWrite>;

const decimal = z.string();
export const refusalCandidate = z.object({
  id: z.number(),
  supplier: z.number(),
  supplier_name: z.string(),
  producer_name: z.string(),
  price: decimal,
  delivery_date: z.string(),
  available_qty: decimal.nullable(),
});
export const refusalWinnerLine = z.object({
  detail: z.number(),
  part_code: z.string(),
  part_name: z.string(),
  winner: z.number(),
  supplier: z.number(),
  supplier_name: z.string(),
  price: decimal,
  amount: decimal,
  /** Replacements best first; the first is the one proposed. */
  candidates: z.array(refusalCandidate),
});
export const refusalLineItem = z.object({
  detail: z.number(),
  part_name: z.string(),
  amount: decimal,
  refused_price: decimal,
  replacement_supplier_name: z.string().nullable(),
  replacement_price: decimal.nullable(),
  claim: decimal,
});
export const refusalItem = z.object({
  id: z.number(),
  supplier: z.number(),
  supplier_name: z.string(),
  scope: z.enum(['LINE', 'ORDER']),
  refused_on: z.string(),
  reason: z.string(),
  claim_date: z.string(),
  claim_due: z.string(),
  claim_amount: decimal,
  user_name: z.string().nullable(),
  created: z.string(),
  lines: z.array(refusalLineItem),
});
export const refusalOverview = z.object({
  winners: z.array(refusalWinnerLine),
  refusals: z.array(refusalItem),
});
export type RefusalOverview = z.infer<typeof refusalOverview>;
export type RefusalWinnerLine = z.infer<typeof refusalWinnerLine>;
export type RefusalItem = z.infer<typeof refusalItem>;

export const breachWrite = z.object({
  kind: z.enum(BREACH_KINDS),
  /** The day of the breach (a late delivery's due day; the day the refusal was recorded). */
  occurred_on: ymd,
  /** Defective goods: the day the defect was reported (replacement is due 3 Estonian working days later). */
  reported_on: ymd.nullable().optional(),
  tender: z.number().int().positive().nullable().optional(),
  detail: z.number().int().positive().nullable().optional(),
  note: z.string().trim().max(BREACH_NOTE_MAX, 'too_long').default(''),
  claim_amount: money.nullable().optional(),
  penalty: money.default('0'),
  status: z.enum(BREACH_STATUSES).default('OPEN'),
});
export const breachPatch = breachWrite.partial();
export type BreachWrite = z.input<typeof breachWrite>;

export const breachItem = z.object({
  id: z.number(),
  supplier: z.number(),
  supplier_name: z.string(),
  kind: z.enum(BREACH_KINDS),
  occurred_on: z.string(),
  reported_on: z.string().nullable(),
  replace_by: z.string().nullable(),
  tender: z.number().nullable(),
  tender_code: z.string().nullable(),
  detail: z.number().nullable(),
  part_name: z.string().nullable(),
  refusal: z.number().nullable(),
  note: z.string(),
  claim_amount: decimal.nullable(),
  claim_due: z.string().nullable(),
  penalty: decimal,
  status: z.enum(BREACH_STATUSES),
  creator_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type BreachItem = z.infer<typeof breachItem>;

export const exclusionWrite = z.object({
  reason: z.string().trim().min(1, 'required').max(BREACH_NOTE_MAX, 'too_long'),
});

// ---------- the routes' queries and the create body ----------

/** GET /breaches/: one supplier's, or by status. */
export const breachListQuery = listQuery.extend({
  supplier: idString.optional(),
  status: z.enum(BREACH_STATUSES).optional(),
});
/** POST /breaches/: a breach of one supplier. */
export const breachCreate = breachWrite.extend({ supplier: z.number().int().positive() });

/** POST suppliers/{id}/exclude/ answer. */
export const exclusionAnswer = z.object({ status: z.literal('excluded') });
export type ExclusionAnswer = z.infer<typeof exclusionAnswer>;
