// The one formatting module for what people read: screens, e-mails, spreadsheets and PDFs.
// Times are shown in Europe/Tallinn as DD.MM.YYYY HH:mm whatever the reader's or server's time zone; numbers
// follow the reader's language (comma decimals and a space as thousands separator in et and ru).
import type { Language } from './enums.ts';

export const TIME_ZONE = 'Europe/Tallinn';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const partsFormatter = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock parts of an instant in Tallinn. */
export function tallinnParts(value: DateInput) {
  const d = toDate(value);
  if (!d) return null;
  const p: Record<string, string> = {};
  for (const x of partsFormatter.formatToParts(d)) p[x.type] = x.value;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute };
}

/**
 * An instant as DD.MM.YYYY HH:mm in Europe/Tallinn. The language is accepted for symmetry with
 * formatNumber: the portal shows this one date format in all three languages (spec: DD.MM.YYYY HH:mm).
 */
export function formatDateTime(value: DateInput, _lang: Language = 'et'): string {
  const p = tallinnParts(value);
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : '';
}

/** A day as DD.MM.YYYY in Europe/Tallinn. A plain date ("2026-03-01") is shown as that day. */
export function formatDate(value: DateInput, _lang: Language = 'et'): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}.${m}.${y}`;
  }
  const p = tallinnParts(value);
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** An ISO 8601 instant as the server writes them (2026-03-01T10:00:00.000Z, with an offset or Z). */
export const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const LOCALES: Record<Language, string> = { et: 'et-EE', ru: 'ru-RU', en: 'en-US' };

/**
 * A decimal (number or decimal string) with exactly `decimals` places in the reader's language:
 * "1 234,50" in et and ru, "1,234.50" in en. Decimal strings are rounded without going through floats.
 */
export function formatNumber(
  value: string | number | null | undefined,
  lang: Language,
  decimals = 2,
): string {
  if (value === null || value === undefined || value === '') return '';
  const s = typeof value === 'number' ? value.toFixed(decimals) : roundString(value, decimals);
  if (s === null) return String(value);
  const negative = s.startsWith('-');
  const [int, frac] = (negative ? s.slice(1) : s).split('.');
  const group = lang === 'en' ? ',' : '\u00a0';
  const point = lang === 'en' ? '.' : ',';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative ? '-' : ''}${grouped}${frac ? point + frac : ''}`;
}

function roundString(value: string, places: number): string | null {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m || (!m[2] && !m[3])) return null;
  const [, sign, intRaw, fracRaw = ''] = m;
  const frac = fracRaw.padEnd(places + 1, '0');
  let digits = BigInt((intRaw || '0') + frac.slice(0, places));
  if (Number(frac[places]) >= 5) digits += 1n;
  const t = digits.toString().padStart(places + 1, '0');
  const out = places ? `${t.slice(0, -places)}.${t.slice(-places)}` : t;
  return digits === 0n ? out : sign + out;
}

/** The locale tag of a language, for Intl APIs (country names, collation). */
export const localeOf = (lang: Language) => LOCALES[lang];

/**
 * The instant a Tallinn calendar day starts ("2026-03-29" → 2026-03-28T22:00:00Z), so that date filters mean the
 * reader's days whatever the server's time zone. `addDays` moves to a later day (1 = the end of the given day).
 */
export function tallinnDayStart(ymd: string, addDays = 0): Date {
  // Remembered per day: the offset comes from Intl's time zone data, which costs more than the list's page itself
  // on the server (the list's default filter is a day); a copy each time, since a Date can be changed.
  const key = `${ymd}|${addDays}`;
  let ms = dayStarts.get(key);
  if (ms === undefined) {
    const [y, m, d] = ymd.split('-').map(Number);
    const utcMidnight = Date.UTC(y, m - 1, d + addDays);
    // Tallinn's offset at that moment (+2 or +3 hours); the day starts that much earlier in UTC.
    const p = tallinnParts(new Date(utcMidnight));
    const wall = p
      ? Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute))
      : Number.NaN;
    ms = utcMidnight - (wall - utcMidnight);
    if (dayStarts.size >= 1000) dayStarts.clear();
    dayStarts.set(key, ms);
  }
  return new Date(ms);
}
const dayStarts = new Map<string, number>();

/**
 * A decimal as the reader writes it, keeping its own digits: up to `maxDecimals` places (rounded half-up),
 * trailing zeros trimmed, thousands grouped ("1 234,5" in et and ru, "1,234.5" in en). For prices (4) and
 * quantities, in screens and in edit fields.
 */
export function formatDecimal(
  value: string | number | null | undefined,
  lang: Language,
  maxDecimals = 4,
): string {
  if (value === null || value === undefined || value === '') return '';
  const s = formatNumber(value, lang, maxDecimals);
  const point = lang === 'en' ? '.' : ',';
  if (!s.includes(point)) return s;
  return s.replace(/0+$/, '').replace(new RegExp(`\\${point}$`), '');
}

/**
 * The plain digits of a unit price: at least 2 and at most 4 decimals, the zeros beyond the second trimmed
 * ("236,20", "0,3333", "12,345" in et and ru; "1,234.50" in en). The spec keeps prices to 4 decimals; money
 * always shows its cents, so a price never reads "236,2" beside a total of "2 362,00".
 */
export function formatPriceNumber(value: string | number | null | undefined, lang: Language): string {
  if (value === null || value === undefined || value === '') return '';
  const s = formatNumber(value, lang, 4);
  const point = lang === 'en' ? '.' : ',';
  const at = s.lastIndexOf(point);
  if (at < 0) return s;
  return s.slice(0, at + 3) + s.slice(at + 3).replace(/0+$/, '');
}

/** The one place the euro sign is written: after the number and a space, in all three languages. */
const euro = (digits: string) => (digits ? `${digits} €` : '');

/** Money (totals, sums, claims, penalties): exactly 2 decimals and the euro sign ("2 362,00 €", "2,362.00 €"). */
export const formatMoney = (value: string | number | null | undefined, lang: Language): string =>
  euro(formatNumber(value, lang, 2));

/** A unit price: 2 to 4 decimals and the euro sign ("236,20 €", "0,3333 €"). */
export const formatPrice = (value: string | number | null | undefined, lang: Language): string =>
  euro(formatPriceNumber(value, lang));

/** A quantity as it was entered: its own decimals (up to 4), trailing zeros trimmed ("2,5", "1 200", "3"). */
export const formatQuantity = (value: string | number | null | undefined, lang: Language): string =>
  formatDecimal(value, lang, 4);

/**
 * A percentage of 0–100 with up to `maxDecimals` places, trailing zeros trimmed: "12,5 %" in et and ru (a no-break
 * space before the sign, as both languages write it), "12.5%" in en.
 */
export function formatPercent(
  value: string | number | null | undefined,
  lang: Language,
  maxDecimals = 1,
): string {
  const digits = formatDecimal(value, lang, maxDecimals);
  if (!digits) return '';
  return lang === 'en' ? `${digits}%` : `${digits}\u00a0%`;
}

const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads a number as people type it: a comma or a dot as the decimal separator, spaces as thousands groups; with
 * both a comma and a dot the last one is the decimal separator and the other must group thousands ("1,234.5",
 * "1.234,5"). Returns the plain decimal string ("75,5" → "75.5"), "" for an empty field, or null when the text
 * is not one number ("12.03.2026", "12a", "1,2,3") — nothing is ever dropped or guessed.
 */
export function parseDecimal(text: string): string | null {
  const t = text.replace(SPACES, '');
  if (t === '') return '';
  const m = /^(-?)([\d.,]+)$/.exec(t);
  if (!m) return null;
  const [, sign, body] = m;
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  let int: string;
  let frac: string | undefined;
  if (lastComma >= 0 && lastDot >= 0) {
    const dec = lastComma > lastDot ? ',' : '.';
    const group = dec === ',' ? '.' : ',';
    const at = body.lastIndexOf(dec);
    if (body.indexOf(dec) !== at) return null;
    const head = body.slice(0, at);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(head)) return null;
    int = head.split(group).join('');
    frac = body.slice(at + 1);
  } else {
    const parts = body.split(/[.,]/);
    if (parts.length > 2) return null;
    [int, frac] = parts;
  }
  if (!/^\d*$/.test(int) || (frac !== undefined && !/^\d*$/.test(frac))) return null;
  if (int === '' && !frac) return null;
  const out = `${int || '0'}${frac ? `.${frac}` : ''}`;
  return sign && /[1-9]/.test(out) ? `-${out}` : out;
}

/**
 * True while the text can still become a number as it is typed ("12,", "-", "1,234." are on their way); a date,
 * letters or a second decimal separator are not.
 */
export function isNumberInProgress(text: string): boolean {
  const t = text.replace(SPACES, '');
  if (t === '' || t === '-') return true;
  return parseDecimal(t) !== null || parseDecimal(`${t}0`) !== null;
}
