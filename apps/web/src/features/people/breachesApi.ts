// Hooks of a supplier's breach register (issue 32): the list, recording and changing a breach, and the exclusion.
import type { BreachItem, BreachWrite } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const breachKeys = { of: (supplierId: number) => ['breaches', supplierId] as const };

export function useBreaches(supplierId: number) {
  return useQuery({
    queryKey: breachKeys.of(supplierId),
    queryFn: ({ signal }) =>
      api<BreachItem[]>('GET', '/breaches/', { query: { supplier: supplierId, page_size: 0 }, signal }),
  });
}

export function useBreachWrite(supplierId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: breachKeys.of(supplierId) });
  return {
    create: useMutation({
      mutationFn: (body: BreachWrite) =>
        api<BreachItem>('POST', '/breaches/', { body: { ...body, supplier: supplierId } }),
      meta: { form: true },
      onSuccess: refresh,
    }),
    patch: useMutation({
      mutationFn: ({ id, ...body }: Partial<BreachWrite> & { id: number }) =>
        api<BreachItem>('PATCH', `/breaches/${id}/`, { body }),
      onSuccess: refresh,
    }),
    exclude: useMutation({
      mutationFn: (reason: string) => api('POST', `/suppliers/${supplierId}/exclude/`, { body: { reason } }),
      meta: { form: true },
      onSuccess: () => Promise.all([refresh(), qc.invalidateQueries()]),
    }),
  };
}
