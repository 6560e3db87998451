import { describe, expect, it } from 'vitest';
import { GRACE_MS, nextRefreshIn } from './deadlineRefresh.ts';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();

describe('the list refreshes when a tender it shows ends or starts', () => {
  it('waits for the soonest end of an ACTIVE or start of a WAITING tender, plus the scheduler s moment', () => {
    expect(
      nextRefreshIn(
        [
          { status: 'ACTIVE', start: at(-60), finish: at(10) },
          { status: 'WAITING', start: at(3), finish: at(90) },
          { status: 'FINISHED', start: at(-90), finish: at(-1) },
        ],
        now,
      ),
    ).toBe(3 * 60_000 + GRACE_MS);
  });

  it('asks again soon for a tender still ACTIVE after its end, less often the longer it is overdue', () => {
    expect(nextRefreshIn([{ status: 'ACTIVE', start: at(-60), finish: at(0) }], now)).toBe(2000);
    expect(nextRefreshIn([{ status: 'ACTIVE', start: at(-60), finish: at(-1) }], now)).toBe(30_000);
    expect(nextRefreshIn([{ status: 'ACTIVE', start: at(-60), finish: at(-30) }], now)).toBe(60_000);
  });

  it('sets no timer when nothing shown will change by itself', () => {
    expect(
      nextRefreshIn(
        [
          { status: 'ORDERED', start: at(-60), finish: at(-30) },
          { status: 'DRAFT', start: at(60), finish: at(120) },
        ],
        now,
      ),
    ).toBeNull();
    expect(nextRefreshIn([], now)).toBeNull();
  });
});
