import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  isCompleteOfferLine,
  isEmptyOfferLine,
  validateOffer,
  validateOfferLine,
} from './offer.ts';

const ctx = { today: '2026-11-21', needQty: '10', blacklistedProducerIds: [9] };
const good = {
  producer: 1,
  price: '12,5',
  delivery_date: '2026-11-25',
  product_code: 'ABC-1',
  ean_code: '4006381333931',
};

describe('validateOfferLine', () => {
  it('accepts a complete line with a comma price', () => {
    expect(validateOfferLine(good, ctx)).toEqual({});
  });
  it('reports every missing field with its key', () => {
    expect(validateOfferLine({}, ctx)).toEqual({
      producer: ['producer_should_exist'],
      price: ['price_empty'],
      delivery_date: ['delivery_date_should_exist'],
      product_code: ['product_code_required'],
      ean_code: ['ean_required'],
    });
  });
  it('refuses a blacklisted producer', () => {
    expect(validateOfferLine({ ...good, producer: 9 }, ctx).producer).toEqual(['blacklisted_producer']);
  });
  it.each([
    ['abc', 'incorrect_price'],
    ['1.23456', 'incorrect_price'],
    ['1,2,3', 'incorrect_price'],
    ['0', 'price_more_than_zero'],
    ['0.00001', 'incorrect_price'],
    ['-1', 'price_more_than_zero'],
    ['   ', 'price_empty'],
  ])('price %s → %s', (price, key) => {
    expect(validateOfferLine({ ...good, price }, ctx).price).toEqual([key]);
  });
  it.each(['0.0001', '12', '12.50', '1,2345', 7])('price %s is accepted', (price) => {
    expect(validateOfferLine({ ...good, price }, ctx).price).toBeUndefined();
  });
  it('an impossible date does not exist; a huge price or quantity is refused', () => {
    expect(validateOfferLine({ ...good, delivery_date: '2026-02-30' }, ctx).delivery_date).toEqual([
      'delivery_date_should_exist',
    ]);
    expect(validateOfferLine({ ...good, delivery_date: '2026-13-01' }, ctx).delivery_date).toEqual([
      'delivery_date_should_exist',
    ]);
    expect(validateOfferLine({ ...good, price: '12345678901' }, ctx).price).toEqual(['incorrect_price']);
    expect(validateOfferLine({ ...good, price: '1234567890.1234' }, ctx).price).toBeUndefined();
    expect(validateOfferLine({ ...good, additional_qty: '10000000000' }, ctx).additional_qty).toEqual([
      'qty_above_need',
    ]);
  });
  it('delivery date today is fine, yesterday is in the past', () => {
    expect(validateOfferLine({ ...good, delivery_date: '2026-11-21' }, ctx)).toEqual({});
    expect(validateOfferLine({ ...good, delivery_date: '2026-11-20' }, ctx).delivery_date).toEqual([
      'delivery_date_in_past',
    ]);
  });
  it('product code and EAN limits', () => {
    expect(validateOfferLine({ ...good, product_code: 'x'.repeat(36) }, ctx).product_code).toEqual([
      'product_code_too_long',
    ]);
    expect(validateOfferLine({ ...good, product_code: 'x'.repeat(35) }, ctx).product_code).toBeUndefined();
    expect(validateOfferLine({ ...good, product_code: '  ' }, ctx).product_code).toEqual([
      'product_code_required',
    ]);
    expect(validateOfferLine({ ...good, ean_code: '12a' }, ctx).ean_code).toEqual(['ean_digits_only']);
    expect(validateOfferLine({ ...good, ean_code: '1'.repeat(14) }, ctx).ean_code).toEqual(['ean_too_long']);
    expect(validateOfferLine({ ...good, ean_code: '1'.repeat(13) }, ctx).ean_code).toBeUndefined();
  });
  it('quantities above zero and not above need', () => {
    expect(validateOfferLine({ ...good, available_qty: '0' }, ctx).available_qty).toEqual(['qty_above_zero']);
    expect(validateOfferLine({ ...good, available_qty: '-2' }, ctx).available_qty).toEqual([
      'qty_above_zero',
    ]);
    expect(validateOfferLine({ ...good, available_qty: '10.0001' }, ctx).available_qty).toEqual([
      'qty_above_need',
    ]);
    expect(validateOfferLine({ ...good, available_qty: '10' }, ctx)).toEqual({});
    expect(validateOfferLine({ ...good, additional_qty: '0' }, ctx).additional_qty).toEqual([
      'qty_above_zero',
    ]);
  });
  it('empty and complete lines', () => {
    expect(isEmptyOfferLine({ available_qty: '3' })).toBe(true);
    expect(isEmptyOfferLine({ ean_code: '1' })).toBe(false);
    expect(isCompleteOfferLine({ producer: 1, price: '1', delivery_date: '2026-12-01' })).toBe(true);
    expect(isCompleteOfferLine({ producer: 1, price: '1' })).toBe(false);
  });
});

describe('validateOffer', () => {
  const octx = {
    today: '2026-11-21',
    parts: {
      1: { needQty: '10', blacklistedProducerIds: [] },
      2: { needQty: '4', blacklistedProducerIds: [] },
    },
  };
  it('valid offer, empty lines ignored', () => {
    expect(
      validateOffer(
        {
          agreed: true,
          lines: [
            { detail: 1, offers: [good, {}] },
            { detail: 2, offers: [{}] },
          ],
        },
        octx,
      ),
    ).toEqual({});
  });
  it('agreement and minimum one part', () => {
    expect(validateOffer({ agreed: false, lines: [{ detail: 1, offers: [{}] }] }, octx)).toEqual({
      agreed: ['agreement_required'],
      non_field_errors: ['minimum_one_part'],
    });
  });
  it('duplicate producers on a part, keyed by line and offer index', () => {
    const e = validateOffer({ agreed: true, lines: [{ detail: 2, offers: [good, { ...good }] }] }, octx);
    expect(e).toEqual({ 'lines.0.offers.1.producer': ['duplicate_producer'] });
  });
  it('at most 3 offers per part', () => {
    const offers = [1, 2, 3, 4].map((producer) => ({ ...good, producer }));
    expect(validateOffer({ agreed: true, lines: [{ detail: 1, offers }] }, octx)).toEqual({
      'lines.0.offers': ['too_many_offers'],
    });
  });
  it('total stated quantity of a part not above need', () => {
    const offers = [
      { ...good, producer: 1, available_qty: '3' },
      { ...good, producer: 2, available_qty: '2' },
    ];
    expect(validateOffer({ agreed: true, lines: [{ detail: 2, offers }] }, octx)).toEqual({
      'lines.0.offers': ['qty_above_need'],
    });
    expect(validateOffer({ agreed: true, lines: [{ detail: 1, offers }] }, octx)).toEqual({});
  });
  it('line field errors carry the index path', () => {
    const e = validateOffer(
      {
        agreed: true,
        lines: [
          { detail: 1, offers: [good] },
          { detail: 2, offers: [{}, { ...good, price: 'x' }] },
        ],
      },
      octx,
    );
    expect(e).toEqual({ 'lines.1.offers.1.price': ['incorrect_price'] });
  });
});

describe('isCalendarDate', () => {
  // What a date is, by the calendar the browser and the server keep: the day read back is the day written.
  const byDate = (v: string) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  };
  const pad = (n: number, w: number) => String(n).padStart(w, '0');

  it('takes every real day and refuses every day a month does not have, across leap and century years', () => {
    for (const y of [1, 1899, 1900, 1996, 2000, 2023, 2024, 2026, 2028, 2100, 2400, 9999])
      for (let m = 0; m <= 13; m++)
        for (let d = 0; d <= 32; d++) {
          const v = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(isCalendarDate(v), v).toBe(byDate(v));
        }
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2100-02-29')).toBe(false);
  });

  it('refuses what is not written YYYY-MM-DD', () => {
    for (const v of [
      '',
      '2026-1-05',
      '2026-01-5',
      '26-01-05',
      '2026/01/05',
      '2026-01-05T00:00',
      ' 2026-01-05',
      '0000-01-01',
      '２０２６-01-05',
    ])
      expect(isCalendarDate(v), v).toBe(false);
  });
});
