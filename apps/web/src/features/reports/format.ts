// Report numbers in the reader's language through the shared number module (comma decimals and no-break-space
// thousands in Estonian and Russian, "1,234.50" in English); prices 2 to 4 decimals, sums exactly 2, quantities
// as entered. No floats: the decimal strings from the server are rounded as strings.
import { formatDecimal, formatNumber, formatPriceNumber, type Language } from '@portal/shared';

const asLang = (lang: string): Language => (lang === 'ru' || lang === 'en' ? lang : 'et');

/** A sum: 2 decimals ("1 234,50"). */
export const fmtSum = (v: string | number | null | undefined, lang: string) =>
  formatNumber(v, asLang(lang), 2);

/** A price: 2 to 4 decimals ("12,50", "12,345"). */
export const fmtPrice = (v: string | null | undefined, lang: string) => formatPriceNumber(v, asLang(lang));

/** A quantity: as entered, trailing zeros trimmed. */
export const fmtQuantity = (v: string | null | undefined, lang: string) => formatDecimal(v, asLang(lang), 4);
