// Supplier offer rules (spec 1-tenders §5 "Supplier offer"), shared by the server (authoritative) and the web
// (instant feedback). Pure functions: no I/O, no clock; `today` is passed in as YYYY-MM-DD.

import { EAN_MAX_DIGITS, MAX_OFFER_LINES_PER_PART, PRICE_MAX_DECIMALS, PRODUCT_CODE_MAX } from '../limits.ts';
import { daysInMonth, MAX_DELIVERY_YEARS } from '../textRules.ts';
import {
  compareDecimal,
  decimalPlaces,
  isBlank,
  normalizeDecimal,
  sumDecimals,
  toScaled,
} from './decimal.ts';

export const OFFER_ERROR_KEYS = [
  'producer_should_exist',
  'blacklisted_producer',
  'duplicate_producer',
  'price_empty',
  'incorrect_price',
  'price_more_than_zero',
  'delivery_date_should_exist',
  'delivery_date_in_past',
  'delivery_date_too_far',
  'product_code_required',
  'product_code_too_long',
  'ean_required',
  'ean_digits_only',
  'ean_too_long',
  'qty_above_zero',
  'qty_above_need',
  'too_many_offers',
  'agreement_required',
  'minimum_one_part',
] as const;
export type OfferErrorKey = (typeof OFFER_ERROR_KEYS)[number];

/** One offer line as typed (all optional: the form holds partial lines). */
export interface OfferLineInput {
  id?: number | null;
  producer?: number | null;
  delivery_date?: string | null;
  price?: string | number | null;
  product_code?: string | null;
  ean_code?: string | null;
  available_qty?: string | number | null;
  additional_qty?: string | number | null;
}

export interface OfferLineContext {
  /** Today as YYYY-MM-DD (the server passes its clock's date). */
  today: string;
  /** The part line's needed quantity (decimal string). */
  needQty: string;
  /** Producers on the part's blacklist. */
  blacklistedProducerIds: number[];
  /** The last day a delivery may be promised (`today` + MAX_DELIVERY_YEARS): worked out once for a whole offer. */
  latestDelivery?: string;
}

export type FieldErrors = Record<string, OfferErrorKey[]>;

function push(errors: Record<string, string[]>, field: string, key: string): void {
  const list = errors[field] ?? [];
  list.push(key);
  errors[field] = list;
}

/** Quantities are kept as numeric(14,4): below 10^10. */
const MAX_QTY_SCALED = 10n ** 14n;

/** A real calendar date written YYYY-MM-DD (year 0001–9999). Checked by its digits: an offer of a thousand lines
 * checks a thousand dates, on the server and in the form as the supplier types. */
export function isCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** The same day `years` later (29 February → 28 February), as YYYY-MM-DD. */
export function yearsAfter(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const last = daysInMonth(y + years, m);
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** A line whose producer, date, price, code and EAN are all empty is ignored (not an offer). */
export function isEmptyOfferLine(line: OfferLineInput): boolean {
  return (
    line.producer == null &&
    isBlank(line.delivery_date) &&
    isBlank(line.price) &&
    isBlank(line.product_code) &&
    isBlank(line.ean_code)
  );
}

/** A line is complete (an offer) only with producer, delivery date and price. */
export function isCompleteOfferLine(line: OfferLineInput): boolean {
  return line.producer != null && !isBlank(line.delivery_date) && !isBlank(line.price);
}

/** Validates a price: returns the error key or null. Comma accepted; at most 4 decimals; at least 0.0001. */
export function priceError(price: string | number | null | undefined): OfferErrorKey | null {
  if (isBlank(price)) return 'price_empty';
  const v = normalizeDecimal(price);
  if (v == null || decimalPlaces(v) > PRICE_MAX_DECIMALS) return 'incorrect_price';
  // At most 10 integer digits (the database keeps numeric(14,4)).
  if (v.replace('-', '').split('.')[0].replace(/^0+/, '').length > 10) return 'incorrect_price';
  if (v.startsWith('-')) return 'price_more_than_zero';
  if ((toScaled(v) ?? 0n) < 1n) return 'price_more_than_zero';
  return null;
}

/** Normalised price ("12,5" → "12.5") or null when invalid. */
export function normalizePrice(price: string | number | null | undefined): string | null {
  return priceError(price) ? null : normalizeDecimal(price);
}

/** Field errors of one offer line: `{field: [key]}`; empty object when valid. */
export function validateOfferLine(line: OfferLineInput, ctx: OfferLineContext): FieldErrors {
  const errors: Record<string, OfferErrorKey[]> = {};
  const add = (f: string, k: OfferErrorKey) => push(errors, f, k);

  if (line.producer == null) add('producer', 'producer_should_exist');
  else if (ctx.blacklistedProducerIds.includes(line.producer)) add('producer', 'blacklisted_producer');

  const p = priceError(line.price);
  if (p) add('price', p);

  if (isBlank(line.delivery_date)) add('delivery_date', 'delivery_date_should_exist');
  else {
    const d = String(line.delivery_date).trim().slice(0, 10);
    if (!isCalendarDate(d)) add('delivery_date', 'delivery_date_should_exist');
    else if (d < ctx.today) add('delivery_date', 'delivery_date_in_past');
    else if (d > (ctx.latestDelivery ?? yearsAfter(ctx.today, MAX_DELIVERY_YEARS)))
      add('delivery_date', 'delivery_date_too_far');
  }

  if (isBlank(line.product_code)) add('product_code', 'product_code_required');
  else if (String(line.product_code).trim().length > PRODUCT_CODE_MAX)
    add('product_code', 'product_code_too_long');

  if (isBlank(line.ean_code)) add('ean_code', 'ean_required');
  else {
    const ean = String(line.ean_code).trim();
    if (!/^\d+$/.test(ean)) add('ean_code', 'ean_digits_only');
    else if (ean.length > EAN_MAX_DIGITS) add('ean_code', 'ean_too_long');
  }

  for (const f of ['available_qty', 'additional_qty'] as const) {
    const raw = line[f];
    if (isBlank(raw)) continue;
    const q = toScaled(raw);
    if (q == null || q <= 0n) add(f, 'qty_above_zero');
    else if (q >= MAX_QTY_SCALED) add(f, 'qty_above_need');
  }
  if (
    !isBlank(line.available_qty) &&
    !errors.available_qty &&
    compareDecimal(line.available_qty, ctx.needQty) > 0
  ) {
    add('available_qty', 'qty_above_need');
  }
  return errors;
}

export interface OfferPartInput {
  detail: number;
  offers: OfferLineInput[];
}
export interface OfferInput {
  agreed: boolean;
  lines: OfferPartInput[];
}
export interface OfferContext {
  today: string;
  /** Per detail id: its need and blacklisted producers. */
  parts: Record<number, { needQty: string; blacklistedProducerIds: number[] }>;
}

/**
 * Validates a whole offer (every part of a tender). Error keys are `lines.<i>.offers.<n>.<field>`,
 * `lines.<i>.offers` (too_many_offers, qty_above_need for the sum), `agreed`, `non_field_errors` (minimum_one_part).
 * All-empty lines are ignored.
 */
export function validateOffer(offer: OfferInput, ctx: OfferContext): FieldErrors {
  const errors: Record<string, OfferErrorKey[]> = {};
  const latestDelivery = yearsAfter(ctx.today, MAX_DELIVERY_YEARS);
  let offered = 0;
  offer.lines.forEach((part, i) => {
    const pctx = ctx.parts[part.detail] ?? { needQty: '0', blacklistedProducerIds: [] };
    const lines = part.offers.map((o, n) => ({ o, n })).filter(({ o }) => !isEmptyOfferLine(o));
    if (lines.length > MAX_OFFER_LINES_PER_PART) push(errors, `lines.${i}.offers`, 'too_many_offers');
    const seen = new Set<number>();
    for (const { o, n } of lines) {
      offered++;
      const lineErrors = validateOfferLine(o, { today: ctx.today, latestDelivery, ...pctx });
      if (o.producer != null && !lineErrors.producer) {
        if (seen.has(o.producer)) lineErrors.producer = ['duplicate_producer'];
        seen.add(o.producer);
      }
      for (const [f, keys] of Object.entries(lineErrors)) errors[`lines.${i}.offers.${n}.${f}`] = keys;
    }
    // The total of the stated available quantities of a part must not exceed its need.
    const stated = lines.filter(({ o }) => !isBlank(o.available_qty));
    const anyQtyError = stated.some(({ n }) => errors[`lines.${i}.offers.${n}.available_qty`]);
    if (stated.length > 1 && !anyQtyError) {
      const total = sumDecimals(stated.map(({ o }) => o.available_qty));
      if (compareDecimal(total, pctx.needQty) > 0) push(errors, `lines.${i}.offers`, 'qty_above_need');
    }
  });
  if (!offer.agreed) push(errors, 'agreed', 'agreement_required');
  if (offered === 0) push(errors, 'non_field_errors', 'minimum_one_part');
  return errors;
}

/** True when a FieldErrors object holds no error. */
export function hasErrors(errors: Record<string, unknown[]>): boolean {
  return Object.values(errors).some((v) => v.length > 0);
}
