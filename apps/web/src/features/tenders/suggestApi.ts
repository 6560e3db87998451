// Hooks of the award suggestions and a part's price history (issue 33), and applying suggestions to many lines
// through the line's own winner save (PATCH /details/{id}/add_winners/, the same rules and checks as the dialog).
import type { AwardSuggestion, PriceHistory, ViewLine, WinnersWrite } from '@portal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { invalidateTenderArea, tenderKeys } from './api.ts';

export const suggestKeys = {
  // under the tender's key: every change of the tender area refreshes it
  of: (tenderId: number | string) => [...tenderKeys.item(tenderId), 'award-suggestions'] as const,
  history: (partId: number) => ['part-price-history', partId] as const,
};

export function useAwardSuggestions(tenderId: number, enabled = true) {
  return useQuery({
    queryKey: suggestKeys.of(tenderId),
    enabled,
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      api<AwardSuggestion[]>('GET', `/tenders/${tenderId}/award_suggestions/`, { signal }),
  });
}

export function usePriceHistory(partId: number | null | undefined, enabled = true) {
  return useQuery({
    queryKey: suggestKeys.history(partId ?? 0),
    enabled: enabled && !!partId,
    staleTime: 60_000,
    queryFn: ({ signal }) => api<PriceHistory>('GET', `/parts/${partId}/price_history/`, { signal }),
  });
}

/** Saves at once (each is one short transaction on its own line; more would only queue in the server). */
const AT_ONCE = 4;

export interface ApplyItem {
  line: ViewLine;
  body: WinnersWrite;
}
export interface ApplyFailure {
  line: ViewLine;
  error: string;
}

/** Saves the given lines' winners, a few at a time; reports progress and the lines that failed. */
export function useApplyWinners() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; count: number } | null>(null);
  const run = async (items: ApplyItem[]) => {
    const failed: ApplyFailure[] = [];
    let done = 0;
    setProgress({ done, count: items.length });
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        try {
          await api('PATCH', `/details/${item.line.id}/add_winners/`, { body: item.body });
        } catch (err) {
          const key =
            err instanceof ApiError
              ? (Object.values(err.fieldErrors ?? {})[0]?.[0] ?? err.detail ?? `http_${err.status}`)
              : 'network_error';
          failed.push({ line: item.line, error: String(key) });
        }
        done++;
        setProgress({ done, count: items.length });
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
    } finally {
      await invalidateTenderArea(qc);
      setProgress(null);
    }
    return { saved: items.length - failed.length, failed };
  };
  return { run, progress };
}
