import { describe, expect, it } from 'vitest';
import {
  defaultReason,
  isChoosable,
  normalizeWinners,
  singleWinnerAmount,
  validateWinners,
} from './winners.ts';

const proposals = [
  { id: 1, price: '10.5' },
  { id: 2, price: '9.9999' },
  { id: 3, price: '12' },
];
const ctx = { needQty: '10', proposals };

describe('winners', () => {
  it('lowest price with empty reason defaults to PRICE', () => {
    expect(defaultReason(2, null, proposals)).toBe('PRICE');
    expect(defaultReason(1, null, proposals)).toBeNull();
    expect(defaultReason(1, 'DUE DATE', proposals)).toBe('DUE DATE');
    expect(defaultReason(null, null, proposals)).toBeNull();
  });
  it('a single winner gets the full quantity, empty rows dropped', () => {
    expect(normalizeWinners([{ name: 2, amount: '3' }, { name: null }], ctx)).toEqual([
      { name: 2, amount: '10.0000', reason: 'PRICE' },
    ]);
    expect(singleWinnerAmount('7.5')).toBe('7.5000');
  });
  it('single winner needs a reason only', () => {
    expect(validateWinners([{ name: 1, amount: '10', reason: null }], ctx)).toEqual({
      'winners.0.reason': ['winner_reason_required'],
    });
    expect(validateWinners([{ name: 1, amount: '10', reason: 'TEST' }], ctx)).toEqual({});
  });
  it('several winners: amounts, sum, duplicates and comment', () => {
    const w = [
      { name: 1, amount: '0', reason: 'PRICE' as const },
      { name: 1, amount: '4', reason: 'PRICE' as const },
    ];
    expect(validateWinners(w, ctx)).toEqual({
      'winners.1.name': ['duplicate_supplier_proposal'],
      'winners.0.amount': ['total_amount_zero'],
      comment: ['winner_comment_required'],
    });
    const over = [
      { name: 1, amount: '6', reason: 'PRICE' as const },
      { name: 3, amount: '4.0001', reason: 'PRODUCER' as const },
    ];
    expect(validateWinners(over, ctx, '  abc  ')).toEqual({
      winners: ['total_amount_above_need'],
      comment: ['comment_too_short'],
    });
    expect(
      validateWinners(
        over.map((x) => ({ ...x, amount: '5' })),
        ctx,
        ' abcde ',
      ),
    ).toEqual({});
  });
});

describe('blacklisted producers', () => {
  const offered = [
    { id: 1, price: '8', producer: 10 },
    { id: 2, price: '9', producer: 20 },
    { id: 3, price: '12', producer: 30 },
  ];
  const bl = { needQty: '10', proposals: offered, blacklistedProducerIds: [10] };
  it('an offer of a blacklisted producer cannot be chosen', () => {
    expect(isChoosable(offered[0], [10])).toBe(false);
    expect(isChoosable(offered[1], [10])).toBe(true);
    expect(validateWinners(normalizeWinners([{ name: 1, reason: 'PRODUCER' }], bl), bl)).toEqual({
      'winners.0.name': ['winner_blacklisted_producer'],
    });
    expect(validateWinners(normalizeWinners([{ name: 2 }], bl), bl)).toEqual({});
  });
  it('the lowest choosable offer gets PRICE by default, not the cheaper blacklisted one', () => {
    expect(defaultReason(2, null, offered, [10])).toBe('PRICE');
    expect(defaultReason(2, null, offered)).toBeNull();
    expect(defaultReason(1, null, offered, [10])).toBeNull();
  });
});
