// Catalogue screens' paths, item types and hooks (spec 3 §3, §7): blacklist, categories, producers, units.
// Types come from the shared contract where it has them; lists and forms build on lib/resource.ts.
import type { BlacklistPartOption, CategoryItem, CategoryNode, CategoryTree, UnitItem } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useResourceOptions } from '../../lib/resource.ts';

export type { BlacklistPartOption, CategoryItem, CategoryNode, CategoryTree, UnitItem };

export const BLACKLISTS = '/black_lists/';
export const CATEGORIES = '/categories/';
export const PRODUCERS = '/producers/';
export const UNITS = '/units/';
export const GROUPS = '/groups/';

export interface ProducerItem {
  id: number;
  name: string;
  is_active: boolean;
  is_deleted: boolean;
}

export interface BlacklistComment {
  id: number;
  name: string;
  created: string;
  content: string;
  added_producers: string[];
  removed_producers: string[];
  black_list_activated: boolean;
  black_list_deactivated: boolean;
}

export interface BlacklistItem {
  id: number;
  part: number;
  part_code: string;
  part_name: string;
  producers: number[];
  producers_options: { id: number; name: string }[];
  producers_tags: string[];
  part_codes_tags: string[];
  creator_name: string | null;
  created: string;
  updated: string;
  is_active: boolean;
  is_deleted: boolean;
}
export interface BlacklistDetail extends BlacklistItem {
  comments: BlacklistComment[];
}

export interface GroupOption {
  id: number;
  name: string;
}

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
