// Decimal arithmetic on strings without floats: values are scaled to BigInt with a fixed number of decimals.
// Used by the offer, winner and tender form rules (quantities and prices travel as decimal strings).

export const SCALE = 4;
const FACTOR = 10n ** BigInt(SCALE);

/** Normalises "12,5" / " 12.5 " / 12.5 to "12.5"; returns null when not a plain decimal number. */
export function normalizeDecimal(input: string | number | null | undefined): string | null {
  if (input == null) return null;
  const v = String(input).trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(v) && !/^-?\.\d+$/.test(v)) return null;
  return v.startsWith('.') ? `0${v}` : v.startsWith('-.') ? `-0${v.slice(1)}` : v;
}

/** Decimal places of a normalised decimal string. */
export function decimalPlaces(value: string): number {
  const i = value.indexOf('.');
  return i < 0 ? 0 : value.length - i - 1;
}

/** A decimal string (or number) scaled to BigInt with SCALE decimals, truncating extra digits; null if not numeric. */
export function toScaled(input: string | number | null | undefined): bigint | null {
  const v = normalizeDecimal(input);
  if (v == null) return null;
  const neg = v.startsWith('-');
  const [int, frac = ''] = (neg ? v.slice(1) : v).split('.');
  const digits = BigInt(int + frac.padEnd(SCALE, '0').slice(0, SCALE));
  return neg ? -digits : digits;
}

/** Back from scaled BigInt to a decimal string with SCALE decimals ("12.5000"). */
export function fromScaled(value: bigint): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const int = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0');
  return `${neg ? '-' : ''}${int}.${frac}`;
}

/** Compares two decimals: -1, 0, 1. Non-numeric values compare as 0 (zero). */
export function compareDecimal(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): number {
  const x = toScaled(a) ?? 0n;
  const y = toScaled(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sum of decimals as a SCALE-decimal string; non-numeric values count as 0. */
export function sumDecimals(values: (string | number | null | undefined)[]): string {
  let total = 0n;
  for (const v of values) total += toScaled(v) ?? 0n;
  return fromScaled(total);
}

/** True when the value is blank (null, undefined, empty or only spaces). */
export function isBlank(value: string | number | null | undefined): boolean {
  return value == null || String(value).trim() === '';
}
