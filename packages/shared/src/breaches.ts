// After the award (issue 32): a winner who refuses, the claim against it, and the breach register of a supplier.
// The terms (spec 1 §1, spec 2 §1): "if the winner refuses, the next best offer is chosen"; "a winner who refuses
// pays the price difference within 14 days of the claim"; "defective goods are replaced within 3 working days";
// "two or more breaches can exclude a supplier; a penalty of up to 100 euro per breach".
import { z } from 'zod';
import { BREACH_KINDS, BREACH_STATUSES } from './enums.ts';
import { addDays } from './reportPeriods.ts';
import { compareDecimal, isChoosable, type ProposalChoice } from './rules/index.ts';

/** Days after the claim date within which the refuser pays the price difference. */
export const CLAIM_DUE_DAYS = 14;
/** Working days within which defective goods are replaced. */
export const REPLACEMENT_WORKING_DAYS = 3;
/** The largest penalty per breach, in euros. */
export const PENALTY_MAX = '100';
/** From this many breaches (not waived) the terms allow excluding the supplier. */
export const EXCLUSION_MIN_BREACHES = 2;
export const REFUSAL_REASON_MAX = 1000;
export const BREACH_NOTE_MAX = 1000;

// ---------- Estonian working days ----------

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const ymdOf = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (ymd: string) => {
  const m = YMD.exec(ymd);
  if (!m) throw new Error(`not a date: ${ymd}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
};

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Estonia's public holidays (rahvuspühad ja riigipühad, Pühade ja tähtpäevade seadus § 2): New Year, Independence
 * Day, Good Friday, Easter Sunday, Spring Day, Pentecost, Victory Day, Midsummer Day, Day of Restoration of
 * Independence, Christmas Eve, Christmas Day and Boxing Day.
 */
export function estonianHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '02-24', '05-01', '06-23', '06-24', '08-20', '12-24', '12-25', '12-26'];
  return [...fixed.map((md) => `${year}-${md}`), addDays(easter, -2), easter, addDays(easter, 49)].sort();
}

/** A working day in Estonia: Monday to Friday and not a public holiday. */
export function isWorkingDay(ymd: string): boolean {
  const day = utcDay(ymd).getUTCDay();
  if (day === 0 || day === 6) return false;
  return !estonianHolidays(Number(ymd.slice(0, 4))).includes(ymd);
}

/** The date `n` working days after `ymd` (the day itself not counted): 3 working days after Friday is Wednesday. */
export function addWorkingDays(ymd: string, n: number): string {
  let d = ymd;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) left--;
  }
  return d;
}

// ---------- the next best offer ----------

export interface ReplacementCandidate extends ProposalChoice {
  supplier: number;
}

/**
 * The offers that may replace a refused winner on a line, best first: the evaluation's order (by price, then the
 * older offer), without offers of a blacklisted producer, of the refusing company, or of a company that refused the
 * line before.
 */
export function rankReplacements<T extends ReplacementCandidate>(
  offers: T[],
  excludedSuppliers: readonly number[],
  blacklistedProducerIds: readonly number[] = [],
): T[] {
  return offers
    .filter((o) => !excludedSuppliers.includes(o.supplier) && isChoosable(o, blacklistedProducerIds))
    .sort((a, b) => compareDecimal(a.price, b.price) || a.id - b.id);
}

/** Whether the terms allow excluding a supplier with these breaches (waived ones do not count). */
export const exclusionAllowed = (breaches: readonly { status: string }[]) =>
  breaches.filter((b) => b.status !== 'WAIVED').length >= EXCLUSION_MIN_BREACHES;

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
