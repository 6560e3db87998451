// Parts and part types: paths, types (from the shared contract) and hooks (spec 3 §7 "Parts and part types").
import type { BcSyncStarted, CategoryOption, PartItem, PartTypeItem } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';

export const PARTS = '/parts/';
export const PART_TYPES = '/part_types/';
export type { PartItem, PartTypeItem };

/** Soft delete (spec 3 §4): is_deleted true and is_active false. */
export function useDeletePart() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<PartItem>('PATCH', `${PARTS}${id}/`, { body: { is_deleted: true, is_active: false } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKey(PARTS) }),
  });
}

/** The sync button: 'started', or 'running' when a sync was already under way (409 while none is configured). */
export function useStartPartsSync() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<BcSyncStarted>('POST', '/setup/bc-sync', { body: {} }),
    onSuccess: () => qc.invalidateQueries({ queryKey: resourceKey('/setup/bc-sync') }),
  });
}

export function useCategoryOptions() {
  return useQuery({
    queryKey: [...resourceKey(PART_TYPES), 'category_options'],
    queryFn: ({ signal }) => api<CategoryOption[]>('GET', `${PART_TYPES}category_options/`, { signal }),
    staleTime: 60_000,
  });
}
