import dayjs from 'dayjs';

export { formatPrice, formatTotal, trimDecimals } from '@portal/shared';

export const DATE_TIME = 'DD.MM.YYYY HH:mm';
export const DATE = 'DD.MM.YYYY';

export const fmtDateTime = (v: string | null | undefined) => (v ? dayjs(v).format(DATE_TIME) : '');
export const fmtDate = (v: string | null | undefined) => (v ? dayjs(v).format(DATE) : '');

/** "created / updated": updated is shown only when it differs from created. */
export function fmtCreatedUpdated(created: string | null | undefined, updated: string | null | undefined) {
  const c = fmtDateTime(created);
  const u = fmtDateTime(updated);
  return u && u !== c ? `${c} / ${u}` : c;
}

/** A quantity: trailing zeros trimmed ("5.0000" → "5"). */
export function fmtQty(v: string | number | null | undefined) {
  if (v === null || v === undefined || v === '') return '';
  const s = String(v);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
