// Catalogue screens' paths, item types and hooks (spec 3 §3, §7): blacklist, categories, producers, units.
// Types come from the shared contract where it has them; lists and forms build on lib/resource.ts.
import type { BlacklistPartOption, CategoryItem, CategoryTree, GroupItem } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useResourceOptions } from '../../lib/resource.ts';

export type {
  BlacklistDetail,
  BlacklistItem,
  BlacklistPartOption,
  CategoryItem,
  CategoryNode,
  CategoryTree,
  ProducerItem,
  UnitItem,
} from '@portal/shared';
/** A group as the division checkboxes and the category form read it (GET /groups/). */
export type GroupOption = GroupItem;

export const BLACKLISTS = '/black_lists/';
export const CATEGORIES = '/categories/';
export const PRODUCERS = '/producers/';
export const UNITS = '/units/';
export const GROUPS = '/groups/';

/** Soft delete (spec 3 §4): is_deleted true and is_active false. */
export const softDelete = (path: string, id: number) =>
  api('PATCH', `${path}${id}/`, { body: { is_deleted: true, is_active: false } });

/** Active groups for the category screen's division checkboxes and the category form (spec: page_size 100). */
export const useGroups = () => useResourceOptions<GroupOption>(GROUPS, { is_active: true, page_size: 100 });

export const categoryTreeKey = (division: number | undefined) => ['resource', CATEGORIES, 'tree', division];
export const useCategoryTree = (division: number | undefined) =>
  useQuery({
    queryKey: categoryTreeKey(division),
    queryFn: ({ signal }) => api<CategoryTree>('GET', `${CATEGORIES}tree/${division}/`, { signal }),
    enabled: !!division,
  });

export const patchCategory = (id: number, body: Record<string, unknown>) =>
  api<CategoryItem>('PATCH', `${CATEGORIES}${id}/`, { body });

/** Parts for the blacklist form whose code contains the text, without parts that are blacklisted already. */
export const searchBlacklistParts = (code: string, blacklistId?: number, signal?: AbortSignal) =>
  api<BlacklistPartOption[]>('GET', `${BLACKLISTS}parts/`, {
    query: { code__icontains: code, black_list: blacklistId },
    signal,
  });
