import { describe, expect, it } from 'vitest';
import { todayOf } from './access.ts';

describe('todayOf: the day in Tallinn', () => {
  it('turns at Tallinn midnight in winter (UTC+2) and summer (UTC+3), also when asked within the same minute', () => {
    const days = [
      ['2026-11-25T21:59:00.000Z', '2026-11-25'],
      ['2026-11-25T21:59:59.999Z', '2026-11-25'],
      ['2026-11-25T22:00:00.000Z', '2026-11-26'],
      ['2026-11-25T22:00:59.999Z', '2026-11-26'],
      ['2026-11-25T21:59:30.000Z', '2026-11-25'],
      ['2026-07-01T20:59:59.999Z', '2026-07-01'],
      ['2026-07-01T21:00:00.000Z', '2026-07-02'],
      // the night the clocks go back (25 October 2026, 04:00 summer time → 03:00 winter time)
      ['2026-10-24T20:59:59.000Z', '2026-10-24'],
      ['2026-10-24T21:00:00.000Z', '2026-10-25'],
      ['2026-10-25T21:59:59.000Z', '2026-10-25'],
      ['2026-10-25T22:00:00.000Z', '2026-10-26'],
    ] as const;
    for (const [at, day] of days) expect(todayOf(new Date(at)), at).toBe(day);
  });
});
