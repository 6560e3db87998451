// Report numbers in the reader's language: comma decimals in Estonian and Russian, a thin space between
// thousands; prices with up to 4 decimals (trailing zeros trimmed), sums with exactly 2. No floats: the decimal
// strings from the server are rounded as strings.
import { roundDecimal, trimDecimals } from '@portal/shared';

function localise(v: string, lang: string): string {
  const [int, frac] = v.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const sep = lang === 'en' ? '.' : ',';
  return `${sign}${grouped}${frac ? sep + frac : ''}`;
}

/** A sum: 2 decimals ("1 234,50"). */
export const fmtSum = (v: string | number | null | undefined, lang: string) =>
  v == null || v === '' ? '' : localise(roundDecimal(String(v), 2), lang);

/** A price: up to 4 decimals, trailing zeros trimmed ("12,5"). */
export const fmtPrice = (v: string | null | undefined, lang: string) =>
  v == null || v === '' ? '' : localise(trimDecimals(roundDecimal(v, 4)), lang);

/** A quantity: trailing zeros trimmed. */
export const fmtQuantity = (v: string | null | undefined, lang: string) =>
  v == null || v === '' ? '' : localise(trimDecimals(v), lang);
