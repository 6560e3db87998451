// Groups and warehouses: paths, item types and hooks (spec 3 §3, §7). Built on lib/resource.ts.
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

/** A delivery of the outbox as the deliveries screen shows it (GET /deliveries/). */
export interface DeliveryItem {
  id: number;
  kind: (typeof DELIVERY_KINDS)[number];
  status: (typeof DELIVERY_STATUSES)[number];
  summary: {
    recipients: string[] | null;
    template: string | null;
    template_type: string | null;
    tender_id: number | null;
    tender_code: string | null;
    order_code: string | null;
    operation: string | null;
  };
  last_error: string | null;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  in_progress: boolean;
  created: string;
  delivered_at: string | null;
  updated: string | null;
}

export interface ModuleItem {
  id: number;
  name: string;
  url: string;
  /** Only administrators receive it. */
  key: string | null;
  is_active: boolean;
}

export interface TemplateItem {
  id: number;
  key: string;
  type: 'INTERNAL' | 'EXTERNAL';
  language: 'EST' | 'RUS' | 'ENG';
  subject: string;
  content: string;
  tags: string[];
  updated: string;
}

export interface EmailSettings {
  id: number;
  company_name: string;
  from_name: string;
  company_phone: string;
  logo_path: string;
  company_email: string;
  smtp_username: string;
  smtp_password: string;
  has_smtp_password: boolean;
  from_email: string;
  smtp_server: string;
  smtp_port: number;
  admin_email: string;
  updated: string;
}

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
