import type { DetailLine } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { chosenReducer } from './useChosenLines.ts';

const line = (id: number, qty: string) => ({ id, qty, replenishment_qty: qty }) as DetailLine;

describe('chosen lines of the tender form', () => {
  it('adds lines once, in order, with their quantity', () => {
    let s = chosenReducer([], { type: 'add', lines: [line(1, '2.0000'), line(2, '5')] });
    s = chosenReducer(s, { type: 'add', lines: [line(2, '5'), line(3, '1')] });
    expect(s.map((c) => [c.id, c.qty])).toEqual([
      [1, '2.0000'],
      [2, '5'],
      [3, '1'],
    ]);
  });

  it('changing one quantity keeps the other rows as they were (memoised cells stay)', () => {
    const s = chosenReducer([], { type: 'add', lines: [line(1, '2'), line(2, '5')] });
    const next = chosenReducer(s, { type: 'qty', id: 2, qty: '7' });
    expect(next[0]).toBe(s[0]);
    expect(next[1].qty).toBe('7');
    expect(chosenReducer(next, { type: 'qty', id: 2, qty: '7' })[1]).toBe(next[1]);
  });

  it('removes one line and clears all (warehouse change)', () => {
    const s = chosenReducer([], { type: 'add', lines: [line(1, '2'), line(2, '5')] });
    expect(chosenReducer(s, { type: 'remove', id: 1 }).map((c) => c.id)).toEqual([2]);
    expect(chosenReducer(s, { type: 'clear' })).toEqual([]);
  });
});
