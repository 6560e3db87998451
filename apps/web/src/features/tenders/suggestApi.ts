// Hooks of the award suggestions and a part's price history (issue 33), and applying the suggestions to every line
// without winners in one call.
import type {
  ApplySuggestionsResult,
  ApplySuggestionsWrite,
  AwardSuggestion,
  PriceHistory,
} from '@portal/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { invalidateTenderArea, tenderKeys } from './api.ts';

export const suggestKeys = {
  // under the tender's key: every change of the tender area refreshes it
  of: (tenderId: number | string) => [...tenderKeys.item(tenderId), 'award-suggestions'] as const,
  history: (partId: number) => ['part-price-history', partId] as const,
};

const suggestionsQuery = (tenderId: number | string) =>
  queryOptions({
    queryKey: suggestKeys.of(tenderId),
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      api<AwardSuggestion[]>('GET', `/tenders/${tenderId}/award_suggestions/`, { signal }),
  });

const priceHistoryQuery = (partId: number) =>
  queryOptions({
    queryKey: suggestKeys.history(partId),
    staleTime: 60_000,
    queryFn: ({ signal }) => api<PriceHistory>('GET', `/parts/${partId}/price_history/`, { signal }),
  });

export function useAwardSuggestions(tenderId: number, enabled = true) {
  return useQuery({ ...suggestionsQuery(tenderId), enabled });
}

export function usePriceHistory(partId: number | null | undefined, enabled = true) {
  return useQuery({ ...priceHistoryQuery(partId ?? 0), enabled: enabled && !!partId });
}

/**
 * The winner dialog's aids, the tender's award suggestions and the part's price history, in the cache before the
 * dialog opens: they show above and beside the offer field, and arriving later they would move the field (and the
 * open offer list) under the buyer's pointer. What is cached is used at once, refreshed behind if stale; on a failure
 * the dialog opens without them (and asks again itself).
 */
export async function loadWinnerAids(
  qc: QueryClient,
  tenderId: number | string,
  partId: number,
): Promise<void> {
  await Promise.all([
    qc.ensureQueryData({ ...suggestionsQuery(tenderId), revalidateIfStale: true }),
    qc.ensureQueryData({ ...priceHistoryQuery(partId), revalidateIfStale: true }),
  ]).catch(() => undefined);
}

/**
 * Applies the suggestions in one call (POST /tenders/{id}/apply_suggestions/: the server recomputes them and saves
 * every line at once), then refreshes the tender's queries.
 */
export function useApplySuggestions(tenderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplySuggestionsWrite) =>
      api<ApplySuggestionsResult>('POST', `/tenders/${tenderId}/apply_suggestions/`, { body }),
    onSettled: () => invalidateTenderArea(qc),
  });
}
