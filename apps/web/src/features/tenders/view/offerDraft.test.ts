import type { ViewLine } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import {
  buildOffer,
  canAddOffer,
  type DraftOffer,
  emptyOffer,
  OfferStore,
  placeErrors,
  validateDraft,
} from './offerDraft.ts';

const line = (id: number, qty = '10.0000', proposals: ViewLine['proposals'] = []): ViewLine =>
  ({ id, qty, part_name: `Part ${id}`, proposals, blacklisted_producers: [] as number[] }) as ViewLine;

const full = (over: Partial<DraftOffer> = {}): DraftOffer => ({
  ...emptyOffer(),
  producer: { id: 7, name: 'Bosch' },
  price: '12,5',
  delivery_date: '2026-12-01',
  product_code: 'BX-1',
  ean_code: '4006',
  ...over,
});

describe('offer draft', () => {
  it('sends every part in order, leaves out all-empty offer lines and normalises the price', () => {
    const drafts = new Map([
      [1, [emptyOffer()]],
      [2, [emptyOffer(), full()]],
    ]);
    const { body, mapping } = buildOffer([1, 2], drafts, true, 'hi');
    expect(body.lines).toEqual([
      { detail: 1, offers: [] },
      {
        detail: 2,
        offers: [
          expect.objectContaining({ producer: 7, price: '12.5', ean_code: '4006', available_qty: null }),
        ],
      },
    ]);
    expect(mapping.offerIndex).toEqual([[], [1]]);
  });

  it('places the server errors on the right part, offer line and field', () => {
    const drafts = new Map([
      [10, [full()]],
      [20, [emptyOffer(), full()]],
    ]);
    const { mapping } = buildOffer([10, 20], drafts, false, '');
    const placed = placeErrors(
      {
        'lines.1.offers.0.ean_code': ['ean_digits_only'],
        'lines.0.offers': ['qty_above_need'],
        agreed: ['agreement_required'],
        x: ['deadline_passed'],
      },
      mapping,
    );
    expect(placed.parts.get(20)?.offers[1]).toEqual({ ean_code: 'ean_digits_only' });
    expect(placed.parts.get(10)?.part).toEqual(['qty_above_need']);
    expect(placed.agreed).toEqual(['agreement_required']);
    expect(placed.general).toEqual(['deadline_passed']);
  });

  it('validates with the shared rules: comma prices pass, the agreement and the fields are required', () => {
    const lines = new Map([[1, line(1)]]);
    const ok = validateDraft([1], new Map([[1, [full()]]]), true, '', lines, '2026-11-21');
    expect(ok.ok).toBe(true);
    const bad = validateDraft(
      [1],
      new Map([[1, [full({ price: '1,23456', ean_code: '12a' })]]]),
      false,
      '',
      lines,
      '2026-11-21',
    );
    expect(bad.ok).toBe(false);
    expect(bad.placed.parts.get(1)?.offers[0]).toEqual({
      price: 'incorrect_price',
      ean_code: 'ean_digits_only',
    });
    expect(bad.placed.agreed).toEqual(['agreement_required']);
    const none = validateDraft([1], new Map([[1, [emptyOffer()]]]), true, '', lines, '2026-11-21');
    expect(none.placed.general).toEqual(['minimum_one_part']);
  });

  it('offers the add-line button only when the last line is complete and below 3 lines', () => {
    expect(canAddOffer([emptyOffer()])).toBe(false);
    expect(canAddOffer([full({ product_code: '', ean_code: '' })])).toBe(true);
    expect(canAddOffer([full(), full(), full()])).toBe(false);
  });

  it('tells only the changed part row, and clears the edited field error', () => {
    const store = new OfferStore([line(1), line(2)]);
    let one = 0;
    let two = 0;
    store.subscribe(1, () => one++);
    store.subscribe(2, () => two++);
    store.setErrors(
      new Map([[1, { part: [], offers: { 0: { price: 'price_empty', ean_code: 'ean_required' } } }]]),
    );
    one = 0;
    const before = store.get(2);
    store.update(1, 0, { price: '5' });
    expect([one, two]).toEqual([1, 0]);
    expect(store.get(2)).toBe(before);
    expect(store.errorsOf(1).offers[0]).toEqual({ ean_code: 'ean_required' });
  });

  it('starts from the supplier own offer lines', () => {
    const p = {
      id: 5,
      detail: 1,
      sealed: false,
      supplier_id: 1,
      supplier_name: 'S',
      supplier_registration_code: null,
      producer: { id: 3, name: 'ZF' },
      price: '12.5000',
      product_code: 'A',
      ean_code: '1',
      available_qty: '2.0000',
      additional_qty: null,
      delivery_date: '2026-12-01',
      total_approved_qty: null,
      count: 1,
      is_lowest: true,
      created: null,
      updated: null,
    };
    const store = new OfferStore([line(1, '10', [p])]);
    expect(store.get(1)).toEqual([
      expect.objectContaining({ id: 5, price: '12.5', available_qty: '2', producer: { id: 3, name: 'ZF' } }),
    ]);
  });

  it('reopens saved offer lines in the order they were typed, not by price', () => {
    const base = {
      sealed: false,
      supplier_id: 1,
      supplier_name: 'S',
      supplier_registration_code: null,
      producer: { id: 3, name: 'ZF' },
      product_code: 'A',
      ean_code: '1',
      available_qty: null,
      additional_qty: null,
      delivery_date: '2026-12-01',
      total_approved_qty: null,
      is_lowest: false,
      created: null,
      updated: null,
      detail: 1,
    };
    // The server lists them cheapest first; the supplier typed 9 (id 7), then 3 (id 8).
    const store = new OfferStore([
      line(1, '10', [
        { ...base, id: 8, price: '3.0000' },
        { ...base, id: 7, price: '9.0000' },
      ] as never),
    ]);
    expect(store.get(1).map((o) => o.price)).toEqual(['9', '3']);
  });
});

describe('sent and drafted parts', () => {
  const sentProposal = {
    id: 51,
    sealed: false,
    producer: { id: 7, name: 'Bosch' },
    price: '12.5000',
    delivery_date: '2026-12-01',
    product_code: 'BX-1',
    ean_code: '4006',
    available_qty: null,
    additional_qty: null,
  } as unknown as ViewLine['proposals'][number];

  it('tells a part as sent from the same part changed, whatever the decimal separator', () => {
    const store = new OfferStore([line(1, '10.0000', [sentProposal]), line(2)]);
    expect(store.stateOf(1)).toBe('sent');
    expect(store.stateOf(2)).toBe('none');
    store.update(1, 0, { price: '12,50' });
    expect(store.stateOf(1)).toBe('sent');
    store.update(1, 0, { price: '12,6' });
    expect(store.stateOf(1)).toBe('drafted');
    store.update(2, 0, { product_code: 'X' });
    expect(store.stateOf(2)).toBe('drafted');
    expect(store.changedParts().map(([d]) => d)).toEqual([1, 2]);
  });

  it('fills parts from the offer sheet or a last offer as unsent changes, clearing their errors', () => {
    const store = new OfferStore([line(1), line(2)]);
    let changes = 0;
    store.subscribeAll(() => changes++);
    store.setErrors(new Map([[1, { part: ['qty_above_need'], offers: {} }]]));
    store.fill([
      [1, [full(), full({ producer: { id: 8, name: 'ZF' } })]],
      [99, [full()]],
    ]);
    expect(store.get(1)).toHaveLength(2);
    expect(store.errorsOf(1).part).toEqual([]);
    expect(store.stateOf(1)).toBe('drafted');
    expect(store.isDirty).toBe(true);
    expect(changes).toBe(1);
  });
});
