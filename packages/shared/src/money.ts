// Decimal strings as values (rounding, trimming, reading a typed price), without going through floats. What
// people read is written by format.ts (formatMoney, formatPrice, formatQuantity, formatPercent).

/** Trims trailing zeros of a decimal string, keeping at least `min` decimals. */
export function trimDecimals(value: string, min = 0): string {
  const [int, frac = ''] = value.split('.');
  let f = frac.replace(/0+$/, '');
  if (f.length < min) f = f.padEnd(min, '0');
  return f ? `${int}.${f}` : int;
}

/** Rounds a decimal string half-up to `places` decimals without going through floats. */
export function roundDecimal(value: string, places: number): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, intRaw, fracRaw = ''] = m;
  const int = intRaw || '0';
  const frac = fracRaw.padEnd(places + 1, '0');
  let digits = BigInt(int + frac.slice(0, places));
  if (Number(frac[places]) >= 5) digits += 1n;
  const s = digits.toString().padStart(places + 1, '0');
  const out = places ? `${s.slice(0, -places)}.${s.slice(-places)}` : s;
  return digits === 0n ? out : sign + out;
}

/** Accepts "12,50" or "12.50" with at most 4 decimals; returns the normalised string or null. */
export function parsePrice(input: string): string | null {
  const v = input.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,4})?$/.test(v)) return null;
  return v;
}
