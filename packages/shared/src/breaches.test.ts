import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  easterSunday,
  estonianHolidays,
  exclusionAllowed,
  isWorkingDay,
  rankReplacements,
} from './breachRules.ts';

describe('Estonian working days', () => {
  it('knows the moving holidays from Easter', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(estonianHolidays(2026)).toEqual(
      expect.arrayContaining(['2026-04-03', '2026-04-05', '2026-05-24', '2026-06-23', '2026-12-24']),
    );
  });

  it('counts Monday to Friday only', () => {
    expect(isWorkingDay('2026-03-06')).toBe(true); // Friday
    expect(isWorkingDay('2026-03-07')).toBe(false); // Saturday
    expect(isWorkingDay('2026-03-08')).toBe(false); // Sunday
    // Friday + 3 working days across a weekend: Wednesday.
    expect(addWorkingDays('2026-03-06', 3)).toBe('2026-03-11');
  });

  it('skips public holidays: Victory Day and Midsummer after a weekend', () => {
    expect(isWorkingDay('2026-06-23')).toBe(false);
    expect(isWorkingDay('2026-06-24')).toBe(false);
    // Friday 19.06.2026: Mon 22 (1), Tue 23 and Wed 24 holidays, Thu 25 (2), Fri 26 (3).
    expect(addWorkingDays('2026-06-19', 3)).toBe('2026-06-26');
    // Good Friday 2026 (3 April) and Easter Monday is a working day in Estonia.
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-06');
    // Christmas: Wed 23.12.2026 → Thu 24, Fri 25 and Sat 26 off → Mon 28, Tue 29, Wed 30.
    expect(addWorkingDays('2026-12-23', 3)).toBe('2026-12-30');
  });
});

describe('the next best offer', () => {
  const offers = [
    { id: 5, supplier: 1, price: '10.0000', producer: 7 },
    { id: 6, supplier: 2, price: '12.5000', producer: 8 },
    { id: 3, supplier: 3, price: '12.5000', producer: 9 },
    { id: 4, supplier: 4, price: '11.0000', producer: 10 },
  ];
  it('ranks by price then the older offer, without the refuser and blacklisted producers', () => {
    expect(rankReplacements(offers, [1]).map((o) => o.id)).toEqual([4, 3, 6]);
    expect(rankReplacements(offers, [1], [10]).map((o) => o.id)).toEqual([3, 6]);
    expect(rankReplacements(offers, [1, 3, 2, 4])).toEqual([]);
  });
  it('allows exclusion from two breaches that are not waived', () => {
    expect(exclusionAllowed([{ status: 'OPEN' }, { status: 'WAIVED' }])).toBe(false);
    expect(exclusionAllowed([{ status: 'OPEN' }, { status: 'PAID' }])).toBe(true);
  });
});
