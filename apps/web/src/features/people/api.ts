// People and access: paths, item types (from the shared contract) and hooks for the profile, suppliers,
// supplier employees and workers (spec 2 §7). Built on lib/resource.ts.
import type {
  GroupItem,
  SupplierCategoryLink,
  SupplierCategoryNode,
  SupplierCategoryTree,
  SupplierItem,
  SupplierUserItem,
  WorkerItem,
} from '@portal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Paged } from '../../lib/api.ts';
import { ITEM_REFUSALS_SHOWN, resourceKey, useResourceOptions } from '../../lib/resource.ts';

export type { SupplierCategoryLink, SupplierCategoryNode, SupplierItem, SupplierUserItem, WorkerItem };

export const SUPPLIERS = '/suppliers/';
export const SUPPLIER_USERS = '/supplier_users/';
export const WORKERS = '/workers/';
export const CATEGORY_LINKS = '/supplier_category_groups/';
export const GROUPS = '/groups/';

/** A group as the selects and filters read it (GET /groups/). */
export type GroupOption = GroupItem;

/** Active groups for selects and filters (spec: page size 100). */
export const useGroups = () => useResourceOptions<GroupOption>(GROUPS, { is_active: true, page_size: 100 });

export function useSupplier(id: number | undefined) {
  return useQuery({
    queryKey: [...resourceKey(SUPPLIERS), 'item', String(id)],
    queryFn: ({ signal }) => api<SupplierItem>('GET', `${SUPPLIERS}${id}/`, { signal }),
    enabled: !!id,
    meta: ITEM_REFUSALS_SHOWN,
  });
}

/** PATCH a supplier; refreshes every supplier query (list, page) and the profile's supplier summary. */
export function useSupplierPatch(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // The callers show the errors (on the form's fields or as a toast).
    meta: { silent: true },
    mutationFn: (body: Record<string, unknown>) => api<SupplierItem>('PATCH', `${SUPPLIERS}${id}/`, { body }),
    onSuccess: (item) => {
      qc.setQueryData([...resourceKey(SUPPLIERS), 'item', String(id)], item);
      void qc.invalidateQueries({ queryKey: resourceKey(SUPPLIERS) });
      void qc.invalidateQueries({ queryKey: resourceKey(CATEGORY_LINKS) });
      void qc.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

/** The supplier's category links of one group (spec: page_size 200). */
export function useCategoryLinks(supplier: number, group: number | undefined) {
  return useQuery({
    queryKey: [...resourceKey(CATEGORY_LINKS), supplier, group],
    queryFn: ({ signal }) =>
      api<Paged<SupplierCategoryLink>>('GET', CATEGORY_LINKS, {
        query: { page_size: 200, supplier, group },
        signal,
      }).then((r) => r.results),
    enabled: group !== undefined,
  });
}

/** The category tree of a group, as the supplier page shows it. */
export function useCategoryTree(supplier: number, group: number | undefined) {
  return useQuery({
    queryKey: ['category-tree', supplier, group],
    queryFn: ({ signal }) =>
      api<SupplierCategoryTree>('GET', `${SUPPLIERS}${supplier}/category_tree/`, {
        query: { group },
        signal,
      }).then((r) => r.list),
    enabled: group !== undefined,
    staleTime: 60_000,
  });
}

/** POST /remove_account/ or /remove_supplier/; refreshes the lists. 403 answers 'forbidden'. */
export function useRemove(kind: 'account' | 'supplier') {
  const qc = useQueryClient();
  return useMutation({
    meta: { silent: true }, // the caller toasts 'forbidden' and the like
    mutationFn: (id: number) =>
      kind === 'account'
        ? api('POST', '/remove_account/', { body: { user_id: id } })
        : api('POST', '/remove_supplier/', { body: { supplier_id: id } }),
    onSuccess: () => {
      for (const p of [SUPPLIERS, SUPPLIER_USERS, WORKERS])
        void qc.invalidateQueries({ queryKey: resourceKey(p) });
    },
  });
}

/** All rows (or the chosen ids) of the supplier list, for the spreadsheet export. */
export const fetchSuppliersForExport = (query: Record<string, string | number>, ids?: number[]) =>
  api<SupplierItem[]>('GET', SUPPLIERS, {
    query: { ...query, page: undefined, page_size: 0, ...(ids?.length ? { ids: ids.join(',') } : {}) },
  });
