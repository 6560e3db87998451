// Hooks of the award suggestions and a part's price history (issue 33), and applying the suggestions to every line
// without winners in one call.
import type {
  ApplySuggestionsResult,
  ApplySuggestionsWrite,
  AwardSuggestion,
  PriceHistory,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
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
