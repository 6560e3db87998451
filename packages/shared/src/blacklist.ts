// Blacklist payloads and answers (spec 3 §3, §5, §7).
// The server's route schemas and the web's types, one copy.
import { z } from 'zod';
import { LANGUAGES } from './enums.ts';
import { COMMENT_MAX } from './limits.ts';
import { boolQuery, idString, listQuery } from './lists.ts';

const id = z.number().int().positive().max(2_147_483_647);

export const blacklistComment = z.object({
  id: z.number(),
  name: z.string(),
  created: z.string(),
  content: z.string(),
  added_producers: z.array(z.string()),
  removed_producers: z.array(z.string()),
  black_list_activated: z.boolean(),
  black_list_deactivated: z.boolean(),
});

export const blacklistItem = z.object({
  id: z.number(),
  part: z.number(),
  part_code: z.string(),
  part_name: z.string(),
  producers: z.array(z.number()),
  producers_options: z.array(z.object({ id: z.number(), name: z.string() })),
  producers_tags: z.array(z.string()),
  part_codes_tags: z.array(z.string()),
  creator_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type BlacklistItem = z.infer<typeof blacklistItem>;

/** One entry with its change log (oldest first). */
export const blacklistDetail = blacklistItem.extend({ comments: z.array(blacklistComment) });
export type BlacklistDetail = z.infer<typeof blacklistDetail>;

/** Besides the list parameters: is_active, and part (the entry of one part, as the tender view's modal needs). */
export const blacklistListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  part: idString.optional(),
});

/** The reason comment: required, not only spaces, at most 1000 characters (checked in the service with the rest). */
const comment = z.string().max(COMMENT_MAX, 'comment_too_long').nullable().optional();

export const blacklistCreate = z.object({
  id: z.number().int().nullable().optional(),
  part: id.nullable().optional(),
  producers: z.array(id).max(1000, 'too_long').optional(),
  is_active: z.boolean().optional(),
  comment,
});
export type BlacklistCreate = z.output<typeof blacklistCreate>;

/** Edit (the same fields), or delete: is_deleted true and is_active false (no comment needed). */
export const blacklistPatch = z.object({
  id: z.number().int().nullable().optional(),
  part: id.optional(),
  producers: z.array(id).max(1000, 'too_long').optional(),
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
  comment,
});
export type BlacklistPatch = z.output<typeof blacklistPatch>;

/** GET /black_lists/parts/: parts whose code contains the text. */
export const blacklistPartLookupQuery = z.object({
  code__icontains: z
    .string()
    .max(100, 'too_long')
    .refine((s) => !s.includes('\u0000'), 'invalid')
    .optional(),
  /** The entry being edited: its own part stays offered. */
  black_list: idString.optional(),
});

/** GET /black_lists/export_pdf/: the list's filters (or ids) without paging, and the PDF's language. */
export const blacklistPdfQuery = blacklistListQuery.omit({ page: true, page_size: true }).extend({
  lang: z.enum(LANGUAGES, 'invalid_choice').optional(),
});
