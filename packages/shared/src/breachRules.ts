// After the award (issue 32), the rules without schemas (the web's pages load them without zod): a winner who refuses, the claim against it, and the breach register of a supplier.
// The terms (spec 1 §1, spec 2 §1): "if the winner refuses, the next best offer is chosen"; "a winner who refuses
// pays the price difference within 14 days of the claim"; "defective goods are replaced within 3 working days";
// "two or more breaches can exclude a supplier; a penalty of up to 100 euro per breach".
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

export const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
export const ymdOf = (d: Date) => d.toISOString().slice(0, 10);
export const utcDay = (ymd: string) => {
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
