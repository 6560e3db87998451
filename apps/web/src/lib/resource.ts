// Query hooks for a REST resource of the API ("/groups/", "/warehouses/"…): list with the ListState query,
// one item, and a save mutation (POST to create, PATCH to change) that refreshes the resource's queries.
// Every feature's api.ts builds on these, so no screen repeats fetching, paging or invalidation code.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paged } from './api.ts';
import type { ListState } from './listState.ts';

/** Query key root of a resource: every query of it starts with this, so one invalidation refreshes all. */
export const resourceKey = (path: string) => ['resource', path] as const;

export function useResourceList<T>(
  path: string,
  state: Pick<ListState, 'query'>,
  extra?: Record<string, string | number>,
) {
  const query = { ...state.query, ...extra };
  return useQuery({
    queryKey: [...resourceKey(path), 'list', query],
    queryFn: ({ signal }) => api<Paged<T>>('GET', path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A plain list for selects (e.g. active groups, page_size 100). */
export function useResourceOptions<T>(path: string, query: Record<string, string | number | boolean>) {
  return useQuery({
    queryKey: [...resourceKey(path), 'options', query],
    queryFn: ({ signal }) => api<Paged<T>>('GET', path, { query, signal }).then((r) => r.results),
    staleTime: 60_000,
  });
}

/** Answers an item screen shows in its own place (forbidden, not found), so no toast repeats them. */
export const ITEM_REFUSALS_SHOWN = { pageShows: [403, 404] };

/** One item for an add/edit or detail screen; the screen shows a refusal in place of its content. */
export function useResourceItem<T>(path: string, id: string | number | undefined) {
  return useQuery({
    queryKey: [...resourceKey(path), 'item', String(id)],
    queryFn: ({ signal }) => api<T>('GET', `${path}${id}/`, { signal }),
    enabled: id !== undefined && id !== '',
    meta: ITEM_REFUSALS_SHOWN,
  });
}

/** Creates (no id) or changes (PATCH with id) an item. Errors are left to the caller's form (meta.form). */
export function useResourceSave<T, B = Partial<T>>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { form: true },
    mutationFn: ({ id, body }: { id?: number | string; body: B }) =>
      id === undefined ? api<T>('POST', path, { body }) : api<T>('PATCH', `${path}${id}/`, { body }),
    // Lists refresh in the background: the save is done when the server said so, not when every list reloaded.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: resourceKey(path) });
    },
  });
}
