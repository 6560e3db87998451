// Payloads and answers of groups and warehouses (spec 3 §3, §5, §7).
import { nameText, safeText } from '@portal/shared';
import { z } from 'zod';
import { boolQuery, idString, listQuery } from '../../lib/list.ts';

const name = nameText(200);
const optionalText = (max: number) => safeText(max).nullable().optional();
const id = z.number().int().positive().max(2_147_483_647);

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
  code: optionalText(50),
  address: optionalText(300),
  description: optionalText(1000),
  is_active: z.boolean().optional(),
});
/** The web sends the id back with the form; it is ignored (the path decides). */
export const warehousePatch = warehouseCreate
  .partial()
  .extend({ id: id.optional(), name: name.optional(), group: id.optional() });
