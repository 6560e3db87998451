import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultFilterStart, fromDraft, QUICK, toDraft } from './filters.ts';

describe('tender list filters', () => {
  it('defaults the start filter to the first day of the previous month', () => {
    expect(defaultFilterStart()).toBe(dayjs().subtract(1, 'month').date(1).format('YYYY-MM-DD'));
  });

  it('round-trips the query values through the filter form', () => {
    const q = {
      filter_groups: '1,2',
      filter_start: '2026-10-01',
      filter_finish: '2026-11-30',
      filter_status: 'ACTIVE,ORDERED',
      failed_bc_details: 'true',
    };
    const d = toDraft(q);
    expect(d.groups).toEqual([1, 2]);
    expect(d.statuses).toEqual(['ACTIVE', 'ORDERED']);
    expect(d.failedBc).toBe(true);
    expect(fromDraft(d)).toEqual(q);
  });

  it('drops empty filters from the query', () => {
    expect(fromDraft(toDraft({}))).toEqual({
      filter_groups: undefined,
      filter_start: undefined,
      filter_finish: undefined,
      filter_status: undefined,
      failed_bc_details: undefined,
    });
  });

  it('quick ranges: the previous month spans its first to its last day', () => {
    const [from, to] = QUICK.previous_month();
    expect(from.date()).toBe(1);
    expect(to.add(1, 'day').date()).toBe(1);
    expect(from.month()).toBe(to.month());
  });
});
