// Groups and warehouses: paths, item types and hooks (spec 3 §3, §7). Built on lib/resource.ts.
import type {
  DeliveryItem,
  GroupItem,
  ModuleItem,
  SettingsItem,
  TemplateItem,
  WarehouseItem,
} from '@portal/shared';
import { api } from '../../lib/api.ts';
import { useResourceOptions } from '../../lib/resource.ts';

export const GROUPS = '/groups/';
export const WAREHOUSES = '/warehouses/';
export const MODULES = '/modules/';
export const EMAIL_TEMPLATES = '/email_templates/';
export const EMAIL_SETTINGS = '/emails/1/';
export const DELIVERIES = '/deliveries/';

export const DELIVERY_KINDS = ['email', 'directo_export', 'bc_sync'] as const;
export const DELIVERY_STATUSES = ['pending', 'failed', 'discarded', 'done'] as const;

export type { DeliveryItem, GroupItem, ModuleItem, TemplateItem, WarehouseItem };
/** The e-mail settings (GET and PATCH /emails/1/). */
export type EmailSettings = SettingsItem;

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
