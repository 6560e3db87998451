import { describe, expect, it } from 'vitest';
import { aboveAvailable, chooseBy, chooseOverdue, needsWrittenContract, orderTotal } from './award.ts';

describe('the choosing clock', () => {
  it('runs 48 hours from the end while FINISHED or CHOOSING, and not otherwise', () => {
    const finish = '2026-11-20T10:00:00.000Z';
    expect(chooseBy('FINISHED', finish)?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(chooseBy('CHOOSING', finish)?.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    for (const s of ['ACTIVE', 'ORDERED', 'FAILED', 'CANCELED'] as const)
      expect(chooseBy(s, finish)).toBeNull();
    expect(chooseOverdue('CHOOSING', finish, new Date('2026-11-22T09:59:59.999Z'))).toBe(false);
    expect(chooseOverdue('CHOOSING', finish, new Date('2026-11-22T10:00:00.000Z'))).toBe(true);
    expect(chooseOverdue('ORDERED', finish, new Date('2027-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('large orders', () => {
  it('need a written contract from 10 000 € on', () => {
    expect(needsWrittenContract('9999.99')).toBe(false);
    expect(needsWrittenContract('10000.00')).toBe(true);
    expect(needsWrittenContract('250000')).toBe(true);
    expect(needsWrittenContract(null)).toBe(false);
    expect(needsWrittenContract('abc')).toBe(false);
  });
  it('total each line rounded to cents, as the order files do', () => {
    expect(orderTotal([{ amount: '3', price: '12.345' }])).toBe('37.04');
    expect(
      orderTotal([
        { amount: '1', price: '0.005' },
        { amount: '1', price: '0.005' },
      ]),
    ).toBe('0.02');
    expect(orderTotal([{ amount: '10', price: '999.999' }])).toBe('9999.99');
    expect(orderTotal([])).toBe('0.00');
  });
});

describe('winner amounts within the offer', () => {
  it('are above only when the offer names an available quantity and the amount exceeds it', () => {
    expect(aboveAvailable('6.5', '1')).toBe(true);
    expect(aboveAvailable('1', '1.0000')).toBe(false);
    expect(aboveAvailable('10', null)).toBe(false);
    expect(aboveAvailable('', '1')).toBe(false);
  });
});
