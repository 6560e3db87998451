// Screens format through the shared module (packages/shared/src/format.ts) that e-mails use too: times are
// Europe/Tallinn whatever the browser's time zone; numbers are written the reader's way (a comma in et and ru,
// a dot in en, thousands grouped). Money has 2 decimals, prices up to 4 with trailing zeros trimmed.
import { formatDate, formatDateTime, formatDecimal, formatNumber, type Language } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n/index.ts';

export { formatNumber, parseDecimal, trimDecimals } from '@portal/shared';

export const DATE_TIME = 'DD.MM.YYYY HH:mm';
export const DATE = 'DD.MM.YYYY';

const LANGS: readonly string[] = ['et', 'ru', 'en'];
const asLang = (l: string | undefined): Language => (LANGS.includes(l ?? '') ? (l as Language) : 'et');
/** The interface language (switching it reloads the page, so reading it at render time is enough). */
export const currentLang = (): Language => asLang(i18n.language);
/** The interface language, re-rendering when it changes. */
export function useLang(): Language {
  const { i18n: i } = useTranslation();
  return asLang(i.language);
}

export const fmtDateTime = (v: string | null | undefined) => formatDateTime(v);
export const fmtDate = (v: string | null | undefined) => formatDate(v);

/** "created / updated": updated is shown only when it differs from created. */
export function fmtCreatedUpdated(created: string | null | undefined, updated: string | null | undefined) {
  const c = fmtDateTime(created);
  const u = fmtDateTime(updated);
  return u && u !== c ? `${c} / ${u}` : c;
}

/** A quantity the reader's way: up to 4 decimals, trailing zeros trimmed ("1234.5000" → "1 234,5" in et). */
export function fmtQty(v: string | number | null | undefined) {
  if (v === null || v === undefined || v === '') return '';
  return formatDecimal(v, currentLang(), 4);
}

/** A price: up to 4 decimals, trailing zeros trimmed, euro sign ("12,5 €" in et, "12.5 €" in en). */
export function formatPrice(v: string | null | undefined) {
  if (v == null || v === '') return '';
  return `${formatDecimal(v, currentLang(), 4)} €`;
}

/** Money: exactly 2 decimals, euro sign ("1 234,50 €" in et, "1,234.50 €" in en). */
export function formatTotal(v: string | null | undefined) {
  if (v == null || v === '') return '';
  return `${formatNumber(v, currentLang(), 2)} €`;
}
