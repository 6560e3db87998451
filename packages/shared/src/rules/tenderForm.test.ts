import { describe, expect, it } from 'vitest';
import { canChooseLine, validateTenderForm } from './tenderForm.ts';

const now = Date.parse('2026-11-21T10:00:00Z');
const details = [{ id: 1, qty: '2' }];

describe('tender form rules', () => {
  it('valid tender', () => {
    expect(
      validateTenderForm({ start: '2026-11-21T11:00:00Z', finish: '2026-11-21T11:30:00Z', details }, now),
    ).toEqual({});
  });
  it('lines: at least one, positive total', () => {
    const t = { start: '2026-11-21T11:00:00Z', finish: '2026-11-21T12:00:00Z' };
    expect(validateTenderForm({ ...t, details: [] }, now)).toEqual({ details: ['choose_at_least_one_line'] });
    expect(
      validateTenderForm(
        {
          ...t,
          details: [
            { id: 1, qty: '0' },
            { id: 2, qty: '' },
          ],
        },
        now,
      ),
    ).toEqual({ details: ['positive_quantity'] });
    expect(validateTenderForm({ ...t, details: [] }, now, { requireLines: false })).toEqual({});
  });
  it('dates: future, order, 30 minutes', () => {
    expect(
      validateTenderForm({ start: '2026-11-21T09:00:00Z', finish: '2026-11-21T09:59:00Z', details }, now),
    ).toEqual({
      start: ['start_in_future'],
      finish: ['finish_in_future'],
    });
    expect(
      validateTenderForm({ start: '2026-11-21T12:00:00Z', finish: '2026-11-21T11:00:00Z', details }, now),
    ).toEqual({
      start: ['start_before_finish'],
    });
    expect(
      validateTenderForm({ start: '2026-11-21T11:00:00Z', finish: '2026-11-21T11:29:59Z', details }, now),
    ).toEqual({
      finish: ['min_duration'],
    });
  });
  it('a line can be chosen only with a positive quantity', () => {
    expect(canChooseLine('0.5')).toBe(true);
    expect(canChooseLine('0')).toBe(false);
    expect(canChooseLine(null)).toBe(false);
  });
});
