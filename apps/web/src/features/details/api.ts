// Pre-orders: paths, types and hooks (spec 3 §7 "Pre-orders"). List and read answers are tender lines.
import type { DetailLine, DetailStatus, PartItem, TenderStatus, WarehouseItem } from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paged } from '../../lib/api.ts';
import { resourceKey } from '../../lib/resource.ts';

export const DETAILS = '/details/';
export type { DetailLine, PartItem };

/** Colours of the statuses (spec 3 §4: grey, light warning, light info, dark danger). */
export const DETAIL_STATUS_COLORS: Record<DetailStatus, string> = {
  PREPARED: 'default',
  // dark enough for white text (WCAG AA contrast)
  WAITING: '#8a5300',
  ORDERED: '#0958d9',
  FAILED: '#a8071a',
};

/** The tender code opens the tender's form while DRAFT, otherwise its view. */
export const tenderLink = (id: number, status: TenderStatus | null) =>
  status === 'DRAFT' ? `/tenders/${id}/edit` : `/tenders/${id}/view`;

/** Rows for the spreadsheet: the chosen ones (ids) or all of the current search (page_size 0). */
export const fetchForExport = (query: Record<string, string | number>, ids?: number[]) =>
  api<DetailLine[]>('GET', DETAILS, {
    query: { ...query, page: undefined, page_size: 0, ...(ids?.length ? { ids: ids.join(',') } : {}) },
  });

function useInvalidateDetails() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: resourceKey(DETAILS) });
}

export function useDeletePreorder() {
  const invalidate = useInvalidateDetails();
  return useMutation({
    mutationFn: (id: number) => api('DELETE', `${DETAILS}${id}/`),
    onSuccess: invalidate,
  });
}

export function usePrepareAgain() {
  const invalidate = useInvalidateDetails();
  return useMutation({
    mutationFn: (id: number) => api<DetailLine>('POST', `${DETAILS}${id}/prepare_again/`, { body: {} }),
    onSuccess: invalidate,
  });
}

/** Part search of the form: by code, active parts, from the 5th character on (spec 3 §9). */
export function usePartSearch(code: string) {
  return useQuery({
    queryKey: [...resourceKey('/parts/'), 'search', code],
    queryFn: ({ signal }) =>
      api<Paged<PartItem>>('GET', '/parts/', {
        query: { code__icontains: code, is_active: true, page_size: 100 },
        signal,
      }).then((r) => r.results),
    enabled: code.trim().length > 4,
    staleTime: 30_000,
  });
}

export function usePart(id: number | null | undefined) {
  return useQuery({
    queryKey: [...resourceKey('/parts/'), 'item', String(id)],
    queryFn: ({ signal }) => api<PartItem>('GET', `/parts/${id}/`, { signal }),
    enabled: !!id,
  });
}

/** A warehouse as the preorder form's select reads it (GET /warehouses/). */
export type WarehouseOption = WarehouseItem;
export function useWarehouseOptions() {
  return useQuery({
    queryKey: [...resourceKey('/warehouses/'), 'options', 'preorder'],
    queryFn: ({ signal }) =>
      api<Paged<WarehouseOption>>('GET', '/warehouses/', {
        query: { is_active: true, page_size: 1000 },
        signal,
      }).then((r) => r.results),
    staleTime: 60_000,
  });
}
