import { describe, expect, it } from 'vitest';
import { defaultReason, normalizeWinners, singleWinnerAmount, validateWinners } from './winners.ts';

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
