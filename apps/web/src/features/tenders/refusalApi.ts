// Hooks of a winner's refusal (issue 32): the tender's refusals with the next best offers, and recording one.
import type { IdAnswer, RefusalOverview, RefusalWrite } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { invalidateTenderArea } from './api.ts';

export const refusalKeys = { of: (id: number) => ['tender-refusals', id] as const };

export function useRefusals(tenderId: number, enabled: boolean) {
  return useQuery({
    queryKey: refusalKeys.of(tenderId),
    enabled,
    queryFn: ({ signal }) => api<RefusalOverview>('GET', `/tenders/${tenderId}/refusals/`, { signal }),
  });
}

export function useRecordRefusal(tenderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RefusalWrite) => api<IdAnswer>('POST', `/tenders/${tenderId}/refusals/`, { body }),
    meta: { form: true },
    onSuccess: () =>
      Promise.all([invalidateTenderArea(qc), qc.invalidateQueries({ queryKey: refusalKeys.of(tenderId) })]),
  });
}
