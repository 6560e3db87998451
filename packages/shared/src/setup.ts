// The setup contract (spec 3 §3, §5, §7): groups, warehouses, integration modules and the outbox's deliveries.
// The server's route schemas and the web's types, one copy.
import { z } from 'zod';
import { EXPORT_STATUSES, OUTBOX_KINDS, OUTBOX_STATUSES } from './enums.ts';
import { FIELD_MAX } from './limits.ts';
import { boolQuery, idString, listQuery } from './lists.ts';
import { nameText, safeText, searchText } from './text.ts';
import { hasNul } from './textRules.ts';

const name = nameText(FIELD_MAX.name);
const optionalText = (max: number) => safeText(max).nullable().optional();
const id = z.number().int().positive().max(2_147_483_647);

// ---------- groups ----------

export const groupItem = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type GroupItem = z.infer<typeof groupItem>;

export const groupListQuery = listQuery.extend({ is_active: boolQuery.optional() });
export const groupCreate = z.object({ name, is_active: z.boolean().optional() });
export const groupPatch = z.object({
  name: name.optional(),
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
});

// ---------- warehouses ----------

export const warehouseItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  address: z.string(),
  description: z.string(),
  group: z.number(),
  group_name: z.string(),
  is_active: z.boolean(),
});
export type WarehouseItem = z.infer<typeof warehouseItem>;

export const warehouseListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  group: idString.optional(),
});
export const warehouseCreate = z.object({
  name,
  group: id,
  code: optionalText(FIELD_MAX.code),
  address: optionalText(FIELD_MAX.address),
  description: optionalText(FIELD_MAX.description),
  is_active: z.boolean().optional(),
});
/** The web sends the id back with the form; it is ignored (the path decides). */
export const warehousePatch = warehouseCreate
  .partial()
  .extend({ id: id.optional(), name: name.optional(), group: id.optional() });

// ---------- integration modules ----------

export const moduleItem = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  /** Null unless the caller is an Administrator. */
  key: z.string().nullable(),
  is_active: z.boolean(),
});
export type ModuleItem = z.infer<typeof moduleItem>;

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');
export const moduleCreate = z.object({
  name: nameText(FIELD_MAX.moduleName),
  url: z
    .string()
    .trim()
    .min(1, { error: 'required', abort: true })
    .refine((s) => !hasNul(s), { error: 'invalid_characters', abort: true })
    .max(FIELD_MAX.url, 'too_long')
    .regex(/^https?:\/\/\S+$/, 'invalid_url'),
  key: requiredText(FIELD_MAX.secret).refine((s) => !hasNul(s), 'invalid_characters'),
  is_active: z.boolean().default(true),
});
export const modulePatch = moduleCreate.partial();
export const moduleListQuery = listQuery.extend({
  name__exact: searchText.optional(),
  is_active: boolQuery.optional(),
});

// ---------- deliveries (the outbox, issue 31) ----------

export const deliveryListQuery = listQuery.extend({
  kind: z.enum(OUTBOX_KINDS, { error: 'invalid_choice' }).optional(),
  /** Without it: pending and failed ones. */
  status: z.enum(OUTBOX_STATUSES, { error: 'invalid_choice' }).optional(),
});

export const deliverySummary = z.object({
  /** E-mail: its recipients and template. */
  recipients: z.array(z.string()).nullable(),
  template: z.string().nullable(),
  /** INTERNAL or EXTERNAL (the template's variant). */
  template_type: z.string().nullable(),
  /** Directo export and Business Central: the tender and the purchase order. */
  tender_id: z.number().nullable(),
  tender_code: z.string().nullable(),
  order_code: z.string().nullable(),
  /** Business Central: what the call does (purchase_order, withdraw_order). */
  operation: z.string().nullable(),
});

export const deliveryItem = z.object({
  id: z.number(),
  kind: z.enum(OUTBOX_KINDS),
  status: z.enum(OUTBOX_STATUSES),
  summary: deliverySummary,
  last_error: z.string().nullable(),
  attempts: z.number(),
  max_attempts: z.number(),
  /** The next try of a pending delivery (the end of the claim while one is being delivered); null otherwise. */
  next_attempt_at: z.string().nullable(),
  /** A worker is delivering it now. */
  in_progress: z.boolean(),
  created: z.string(),
  delivered_at: z.string().nullable(),
  updated: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;

// ---------- the Directo export (spec 1 §6) ----------

/** POST /directo_export_manual/?tender_id= starts the export; its log id is asked about in the status call. */
export const directoExportQuery = z.object({ tender_id: idString });
export const directoExportStarted = z.object({ module_export_log_id: z.number() });
export const directoExportStatusQuery = z.object({ module_export_log_id: idString });
export const directoExportState = z.object({
  status: z.enum(EXPORT_STATUSES),
  message: z.string().nullable(),
});
export type DirectoExportStarted = z.infer<typeof directoExportStarted>;
export type DirectoExportState = z.infer<typeof directoExportState>;
