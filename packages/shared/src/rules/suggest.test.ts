import { describe, expect, it } from 'vitest';
import { medianDecimal, percentBelow, priceDeviation, type SuggestOffer, suggestAward } from './suggest.ts';
import { normalizeWinners, validateWinners } from './winners.ts';

let nextId = 1;
const offer = (o: Partial<SuggestOffer> & { price: string }): SuggestOffer => ({
  id: nextId++,
  supplierId: 1,
  supplierName: 'Demo',
  deliveryDate: '2026-12-03',
  available: null,
  ...o,
});

describe('award suggestions', () => {
  it('gives a covering need to the cheapest offer, with how much cheaper it is than the next', () => {
    const cheap = offer({ price: '8.80', supplierName: 'Baltic', available: '10' });
    const s = suggestAward({
      need: '6',
      offers: [
        offer({ price: '10.00' }),
        cheap,
        offer({ price: '12' }),
        offer({ price: '11' }),
        offer({ price: '15' }),
      ],
    });
    expect(s.winners).toEqual([{ name: cheap.id, amount: '6.0000', reason: 'PRICE' }]);
    expect(s.explanation).toMatchObject({
      key: 'cheapest',
      offers: 5,
      below_next_pct: 12,
      tie_break: null,
      covered: '6.0000',
      shares: [{ supplier: 'Baltic', amount: '6.0000', delivery_date: '2026-12-03' }],
    });
    expect(s.needs_confirmation).toBe(false);
  });

  it('fills cheapest first across the available quantities: a second winner only when the first cannot cover', () => {
    const baltic = offer({ price: '5', supplierName: 'Baltic', available: '4' });
    const nordic = offer({ price: '6', supplierName: 'Nordic', available: '10' });
    const dear = offer({ price: '7', supplierName: 'Dear', available: '10' });
    const s = suggestAward({ need: '6', offers: [dear, nordic, baltic] });
    expect(s.winners).toEqual([
      { name: baltic.id, amount: '4.0000', reason: 'PRICE' },
      { name: nordic.id, amount: '2.0000', reason: 'PRICE' },
    ]);
    expect(s.explanation.key).toBe('split');
    expect(s.explanation.shares.map((x) => [x.supplier, x.amount])).toEqual([
      ['Baltic', '4.0000'],
      ['Nordic', '2.0000'],
    ]);
    // the split passes the winner rules once the buyer's comment is there
    const ctx = {
      needQty: '6',
      proposals: [baltic, nordic, dear].map((o) => ({ id: o.id, price: o.price })),
    };
    expect(validateWinners(normalizeWinners(s.winners, ctx), ctx, 'Split: Baltic has 4 of 6')).toEqual({});
    // one that covers everything alone is never split
    const big = offer({ price: '5', available: '6' });
    expect(suggestAward({ need: '6', offers: [big, nordic] }).winners).toHaveLength(1);
  });

  it('skips blacklisted producers and inactive companies, and says so', () => {
    const black = offer({ price: '1', blacklisted: true });
    const gone = offer({ price: '2', inactiveCompany: true });
    const ok = offer({ price: '3' });
    const s = suggestAward({ need: '2', offers: [black, gone, ok] });
    expect(s.winners.map((w) => w.name)).toEqual([ok.id]);
    expect(s.explanation).toMatchObject({
      key: 'only',
      offers: 1,
      skipped_blacklisted: 1,
      skipped_inactive: 1,
    });
    const none = suggestAward({ need: '2', offers: [black, gone] });
    expect(none.winners).toEqual([]);
    expect(none.explanation).toMatchObject({
      key: 'none',
      offers: 0,
      skipped_blacklisted: 1,
      skipped_inactive: 1,
    });
  });

  it('breaks ties by the earlier delivery date, then the larger available quantity', () => {
    const late = offer({ price: '5', deliveryDate: '2026-12-10', available: '10' });
    const early = offer({ price: '5.0000', deliveryDate: '2026-12-04', available: '10' });
    const s = suggestAward({ need: '3', offers: [late, early] });
    expect(s.winners).toEqual([{ name: early.id, amount: '3.0000', reason: 'DUE DATE' }]);
    expect(s.explanation).toMatchObject({ tie_break: 'date', below_next_pct: 0 });
    const small = offer({ price: '5', available: '4' });
    const large = offer({ price: '5', available: '9' });
    const q = suggestAward({ need: '3', offers: [small, large] });
    expect(q.winners.map((w) => w.name)).toEqual([large.id]);
    expect(q.winners[0].reason).toBe('PRICE');
    expect(q.explanation.tie_break).toBe('quantity');
    // an offer without an available quantity limits nothing: the largest
    const unlimited = offer({ price: '5', available: null });
    expect(suggestAward({ need: '3', offers: [large, unlimited] }).winners[0].name).toBe(unlimited.id);
  });

  it('takes what there is when no offer can cover the need', () => {
    const a = offer({ price: '5', supplierName: 'A', available: '2' });
    const b = offer({ price: '6', supplierName: 'B', available: '1.5' });
    const s = suggestAward({ need: '6', offers: [a, b] });
    expect(s.winners).toEqual([
      { name: a.id, amount: '2.0000', reason: 'PRICE' },
      { name: b.id, amount: '1.5000', reason: 'PRICE' },
    ]);
    expect(s.explanation).toMatchObject({ key: 'partial', covered: '3.5000', need: '6.0000' });
    expect(s.needs_confirmation).toBe(false);
    // a lone offer below the need gets the whole quantity (the winner rules) and needs the buyer's confirmation
    const lone = suggestAward({ need: '6', offers: [a] });
    expect(lone.winners).toEqual([{ name: a.id, amount: '6.0000', reason: 'PRICE' }]);
    expect(lone).toMatchObject({
      needs_confirmation: true,
      explanation: { key: 'partial', covered: '2.0000' },
    });
    // nothing needed: nothing suggested
    expect(suggestAward({ need: '0', offers: [a] })).toMatchObject({
      winners: [],
      explanation: { key: 'no_need' },
    });
  });

  it('works in decimal quantities, a comma read as the decimal separator', () => {
    const a = offer({ price: '2,5', available: '1,25' });
    const b = offer({ price: '2.75', available: '3' });
    const s = suggestAward({ need: '2,5', offers: [b, a] });
    expect(s.winners.map((w) => w.amount)).toEqual(['1.2500', '1.2500']);
    expect(s.explanation.need).toBe('2.5000');
    const c = offer({ price: '1', available: '0.3333' });
    const d = offer({ price: '1.1', available: '0.0001' });
    expect(suggestAward({ need: '0.3334', offers: [c, d] }).winners.map((w) => w.amount)).toEqual([
      '0.3333',
      '0.0001',
    ]);
  });

  it('uses the counts of a prefix the database sent', () => {
    const a = offer({ price: '5' });
    const s = suggestAward({ need: '1', offers: [a], counts: { usable: 150, blacklisted: 3, inactive: 0 } });
    expect(s.explanation).toMatchObject({ key: 'cheapest', offers: 150, skipped_blacklisted: 3 });
  });

  it('percent below the next, rounded', () => {
    expect(percentBelow('8.8', '10')).toBe(12);
    expect(percentBelow('10', '10')).toBe(0);
    expect(percentBelow('2', '3')).toBe(33);
  });
});

describe('price history', () => {
  it('median of prices', () => {
    expect(medianDecimal([])).toBeNull();
    expect(medianDecimal(['3', '1', '2'])).toBe('2.0000');
    expect(medianDecimal(['1', '2', '3', '10'])).toBe('2.5000');
    expect(medianDecimal(['0.0001', '0.0002'])).toBe('0.0002');
  });
  it('flags an offer more than 30 % above or below the median', () => {
    expect(priceDeviation('13', '10')).toEqual({ pct: 30, flagged: false });
    expect(priceDeviation('13.01', '10')).toEqual({ pct: 30, flagged: true });
    expect(priceDeviation('6.9', '10')).toEqual({ pct: -31, flagged: true });
    expect(priceDeviation('7', '10')).toEqual({ pct: -30, flagged: false });
    expect(priceDeviation('7', null)).toBeNull();
  });
});
