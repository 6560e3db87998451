// Screens format through the shared module (packages/shared/src/format.ts) that e-mails use too: times are
// Europe/Tallinn whatever the browser's time zone; numbers are written the reader's way (a comma in et and ru,
// a dot in en, thousands grouped). Money has 2 decimals, prices 2 to 4; the functions below only bind the
// shared ones to the interface language.
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatPrice as formatPriceIn,
  formatQuantity,
  type Language,
} from '@portal/shared';
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

/** A quantity the reader's way, as entered ("1234.5000" → "1 234,5" in et). */
export const fmtQty = (v: string | number | null | undefined) => formatQuantity(v, currentLang());

/** A unit price: 2 to 4 decimals and the euro sign ("12,50 €" in et, "12.3456 €" in en). */
export const formatPrice = (v: string | null | undefined) => formatPriceIn(v, currentLang());

/** Money: exactly 2 decimals and the euro sign ("1 234,50 €" in et, "1,234.50 €" in en). */
export const formatTotal = (v: string | null | undefined) => formatMoney(v, currentLang());

/**
 * A unit as the reader says it ("pcs" → "tk" in et, "шт." in ru): the units the catalogue uses have a short name
 * in each language (i18n `units.<code>`); any other code is shown as it is.
 */
export function unitName(code: string | null | undefined) {
  if (!code) return '';
  const key = `units.${code.trim().toLowerCase()}`;
  return i18n.exists(key) ? i18n.t(key) : code;
}
