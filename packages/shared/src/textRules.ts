// Plain rules for text and dates typed by people (no schemas: the web's screens take these without zod; text.ts
// builds the schemas from them). PostgreSQL text cannot hold a NUL character, so NUL is refused in names and stripped
// from searches; a name needs a letter or a digit; dates are strict ISO within 2000–2100.

const NUL = String.fromCharCode(0);
export const hasNul = (s: string) => s.includes(NUL);
export const stripNul = (s: string) => s.replaceAll(NUL, '');
/** A letter or a digit of any script. */
export const hasLetterOrDigit = (s: string) => /[\p{L}\p{N}]/u.test(s);

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of month `m` (1–12) of year `y` in the Gregorian calendar. */
export function daysInMonth(y: number, m: number): number {
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return m === 2 && leap ? 29 : DAYS_IN_MONTH[m - 1];
}

/** A real calendar day (no 31 February) within the supported years. */
function realDay(y: number, m: number, d: number) {
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

/** Strict YYYY-MM-DD between 2000 and 2100 ("0", "2026-2-30", "12026-01-01" refused). */
export function isStrictDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  return !!m && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** Strict ISO date-time with a zone (Z or ±hh:mm) between 2000 and 2100. */
export function isStrictDateTime(s: string): boolean {
  const m = ISO_DATE_TIME.exec(s);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4]) > 23 || Number(m[5]) > 59) return false;
  return !Number.isNaN(new Date(s.replace(' ', 'T')).getTime());
}

/** Delivery dates: at most this many years ahead. */
export const MAX_DELIVERY_YEARS = 5;

/** A line break (CR, LF, or the Unicode line and paragraph separators): names are one line (issue 35). */
export const hasLineBreak = (s: string) => /[\r\n\u0085\u2028\u2029]/.test(s);
