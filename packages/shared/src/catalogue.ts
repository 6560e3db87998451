// The catalogue and setup contract for categories and units (spec 3 §3, §4, §7): answers and request bodies shared
// by the server (route schemas) and the web (types, forms).
import { z } from 'zod';
import { producerNameProblem } from './catalogueRules.ts';
import { FIELD_MAX } from './limits.ts';
import { boolQuery, idString, listQuery } from './lists.ts';
import { searchText } from './text.ts';
import { hasNul } from './textRules.ts';

const id = z.number().int().positive().max(2_147_483_647);
const name = z
  .string()
  .trim()
  .min(1, { error: 'blank', abort: true })
  .max(FIELD_MAX.name, { error: 'too_long', abort: true })
  .refine((s) => !s.includes('\u0000'), { error: 'invalid', abort: true })
  .refine((s) => /[\p{L}\p{N}]/u.test(s), 'name_needs_letter');

// ---------------------------------------------------------------- categories

export const categoryClass = z.object({ key: z.string(), text: z.string() }).nullable();

export const categoryItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  /** 0 at the top of the tree or outside it. */
  parent: z.number(),
  order: z.number(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  /** Placed in the tree (a "new" category is active and not placed). */
  is_placed: z.boolean(),
  groups: z.array(z.number()),
  class: categoryClass,
});
export type CategoryItem = z.infer<typeof categoryItem>;

/** A node of the tree answer: the category with its nested children. */
export interface CategoryNode extends CategoryItem {
  key: number;
  type: 'category' | 'inactive';
  collapsed: boolean;
  visible: boolean;
  children: CategoryNode[];
}
export const categoryNode: z.ZodType<CategoryNode> = categoryItem
  .extend({
    key: z.number(),
    type: z.enum(['category', 'inactive']),
    collapsed: z.boolean(),
    visible: z.boolean(),
    get children() {
      return z.array(categoryNode);
    },
  })
  .meta({ id: 'CategoryNode' }); // recursive: a named schema in the OpenAPI document

export const categoryTree = z.object({
  /** The placed, active categories of the division, nested. */
  list: z.array(categoryNode),
  /** New (active, unplaced) categories of the division. */
  categories: z.array(categoryNode),
  /** Inactive categories of the division. */
  inactives: z.array(categoryNode),
});
export type CategoryTree = z.infer<typeof categoryTree>;

/**
 * `parent`: a number places the category in the tree (0 = at the top) at `order` among its siblings; `null` takes
 * it out of the tree (revert: back to the new column). Absent leaves the placement as it is.
 */
export const categoryCreate = z.object({
  name,
  code: z.string().trim().max(50, 'too_long').nullable().optional(),
  groups: z.array(id, 'group_required').min(1, 'group_required').max(100, 'too_long'),
  parent: z.number().int().min(0).max(2_147_483_647).nullable().optional(),
  order: z.number().int().min(0).max(100_000).optional(),
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
});
export type CategoryCreate = z.output<typeof categoryCreate>;

export const categoryPatch = categoryCreate.partial().extend({ id: z.number().int().optional() });
export type CategoryPatch = z.output<typeof categoryPatch>;

// ---------------------------------------------------------------- units

export const unitItem = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type UnitItem = z.infer<typeof unitItem>;

/** Units are removed only (spec 3 "Units"): is_deleted true and is_active false. */
export const unitPatch = z.object({
  is_deleted: z.boolean().optional(),
  is_active: z.boolean().optional(),
});

// ---------------------------------------------------------------- blacklist part lookup

export const blacklistPartOption = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  codes_tags: z.array(z.string()),
});
export type BlacklistPartOption = z.infer<typeof blacklistPartOption>;

// ---------------------------------------------------------------- producers

export const producerItem = z.object({
  id: z.number(),
  name: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
});
export type ProducerItem = z.infer<typeof producerItem>;

export const producerListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  name__icontains: searchText.optional(),
});

const producerName = z
  .string()
  .max(FIELD_MAX.name, 'too_long')
  .refine((s) => !hasNul(s), 'invalid_characters')
  .transform((s) => s.trim())
  .superRefine((v, ctx) => {
    const problem = producerNameProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const producerCreate = z.object({
  name: producerName,
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
});
/** The edit form sends the id back; the path decides. */
export const producerPatch = z.object({
  id: z.number().int().optional(),
  name: producerName.optional(),
  is_active: z.boolean().optional(),
  is_deleted: z.boolean().optional(),
});

// ---------------------------------------------------------------- category list requests

export const categoryListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  group: idString.optional(),
});
export const divisionParams = z.object({ division: idString });

/** GET black_lists/parts/ answer. */
export const blacklistPartOptionList = z.array(blacklistPartOption);
