// Parts and part types (spec 3 §3, §7): what the lists and forms read and send.
import { z } from 'zod';
import { fileData } from './files.ts';
import { FIELD_MAX } from './limits.ts';
import { boolQuery, listQuery } from './lists.ts';

const idRef = z.number().int().positive().max(2147483647, 'invalid_id');

export const partItem = z.object({
  id: z.number(),
  code: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  unit: z.number().nullable(),
  unit_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  codes_tags: z.array(z.string()),
  part_type: z.number().nullable(),
  part_type_name: z.string().nullable(),
  category: z.number().nullable(),
  /** "Top / Middle / Leaf" of the part type's category. */
  category_path: z.string().nullable(),
  class: z.string().nullable(),
  is_black_listed: z.boolean(),
  /** File uuids, and the files themselves. */
  files: z.array(z.string()),
  files_data: z.array(fileData),
  bc_id: z.string().nullable(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type PartItem = z.infer<typeof partItem>;

const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'invalid_uuid');

/** PATCH /parts/{id}/: unit (id or code), the part's files (the whole list of uuids), soft delete. */
export const partPatch = z.object({
  unit: idRef.nullable().optional(),
  unit_code: z.string().trim().max(20, 'too_long').optional(),
  files: z.array(uuid).max(100, 'too_long').optional(),
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
});
export type PartPatch = z.infer<typeof partPatch>;

export const partTypeItem = z.object({
  id: z.number(),
  name: z.string(),
  category: z.number().nullable(),
  category_name: z.string().nullable(),
  category_path: z.string().nullable(),
  is_active: z.boolean(),
});
export type PartTypeItem = z.infer<typeof partTypeItem>;

const name = z
  .string()
  .trim()
  .min(1, 'blank')
  .max(FIELD_MAX.name, 'too_long')
  .refine((s) => !s.includes('\u0000') && /[\p{L}\p{N}]/u.test(s), 'invalid');

export const partTypeCreate = z.object({
  name,
  category: idRef.nullable().optional(),
  is_active: z.boolean().optional(),
});
/** The form's name is read-only: a PATCH changes the category and the active flag only. */
export const partTypePatch = z.object({
  id: z.number().optional(),
  category: idRef.nullable().optional(),
  is_active: z.boolean().optional(),
});
export type PartTypeCreate = z.infer<typeof partTypeCreate>;
export type PartTypePatch = z.infer<typeof partTypePatch>;

export const categoryOption = z.object({ id: z.number(), name: z.string(), path: z.string() });
export type CategoryOption = z.infer<typeof categoryOption>;

// ---------- list queries ----------

export const partListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  code__icontains: z.string().max(100, 'too_long').optional(),
});
export type PartListQuery = z.output<typeof partListQuery>;
export const partTypeListQuery = listQuery.extend({ is_active: boolQuery.optional() });
export const unitListQuery = listQuery.extend({ is_active: boolQuery.optional() });

/** GET part_types/category_options/ answer. */
export const categoryOptionList = z.array(categoryOption);
