// The form's chosen lines: insertion-ordered, each with its order quantity. Row objects change only when
// their own quantity changes, so memoised cells of the other rows do not re-render while typing.
import { sumDecimals } from '@portal/shared';
import { useCallback, useMemo, useReducer } from 'react';
import type { DetailLine } from '../api.ts';

export interface ChosenLine {
  id: number;
  line: DetailLine;
  qty: string;
}

export type ChosenAction =
  | { type: 'set'; lines: DetailLine[] }
  | { type: 'add'; lines: DetailLine[] }
  | { type: 'remove'; id: number }
  | { type: 'qty'; id: number; qty: string }
  | { type: 'clear' };

const chosenOf = (l: DetailLine): ChosenLine => ({ id: l.id, line: l, qty: l.qty });

export function chosenReducer(state: ChosenLine[], a: ChosenAction): ChosenLine[] {
  switch (a.type) {
    case 'set':
      return a.lines.map(chosenOf);
    case 'add': {
      const have = new Set(state.map((c) => c.id));
      const fresh = a.lines.filter((l) => !have.has(l.id)).map(chosenOf);
      return fresh.length ? [...state, ...fresh] : state;
    }
    case 'remove':
      return state.filter((c) => c.id !== a.id);
    case 'qty':
      return state.map((c) => (c.id === a.id && c.qty !== a.qty ? { ...c, qty: a.qty } : c));
    case 'clear':
      return state.length ? [] : state;
  }
}

export function useChosenLines() {
  const [chosen, dispatch] = useReducer(chosenReducer, []);
  const ids = useMemo(() => new Set(chosen.map((c) => c.id)), [chosen]);
  const totals = useMemo(
    () => ({
      replenishment: sumDecimals(chosen.map((c) => c.line.replenishment_qty)),
      qty: sumDecimals(chosen.map((c) => c.qty)),
    }),
    [chosen],
  );
  const actions = useMemo(
    () => ({
      set: (lines: DetailLine[]) => dispatch({ type: 'set', lines }),
      add: (lines: DetailLine[]) => dispatch({ type: 'add', lines }),
      remove: (id: number) => dispatch({ type: 'remove', id }),
      setQty: (id: number, qty: string) => dispatch({ type: 'qty', id, qty }),
      clear: () => dispatch({ type: 'clear' }),
    }),
    [],
  );
  const payload = useCallback(
    () => chosen.map((c) => ({ id: c.id, qty: c.qty === '' ? '0' : c.qty })),
    [chosen],
  );
  return { chosen, ids, totals, payload, ...actions };
}
