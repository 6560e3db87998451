// Groups and warehouses: paths, item types and hooks (spec 3 §3, §7). Built on lib/resource.ts.
import { api } from '../../lib/api.ts';
import { useResourceOptions } from '../../lib/resource.ts';

export const GROUPS = '/groups/';
export const WAREHOUSES = '/warehouses/';

export interface GroupItem {
  id: number;
  name: string;
  is_active: boolean;
  is_deleted: boolean;
}

export interface WarehouseItem {
  id: number;
  name: string;
  code: string;
  address: string;
  description: string;
  group: number;
  group_name: string;
  is_active: boolean;
}

/** Groups for a select: every live group, or only active ones (spec: page size 100). */
export function useGroupOptions(activeOnly = true) {
  return useResourceOptions<GroupItem>(
    GROUPS,
    activeOnly ? { is_active: true, page_size: 100 } : { page_size: 100 },
  );
}

/** Soft delete (spec 3 §4): is_deleted true and is_active false. */
export const softDelete = (path: string, id: number) =>
  api('PATCH', `${path}${id}/`, { body: { is_deleted: true, is_active: false } });
