// The request pieces every list and item call shares (ids in paths, flags in query strings, page, page_size, ids,
// search, ordering) and the shape of a list's answer: the server's route schemas and the web's types, one copy.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits.ts';
import { searchText } from './text.ts';

/** A positive integer id in a path or query ("12"; never "1e3", "0x1", "12a"). */
export const idString = z
  .string()
  .regex(/^\d{1,9}$/, 'invalid_id')
  .transform(Number)
  .refine((n) => n > 0, 'invalid_id');
export const idParams = z.object({ id: idString });

/** "true"/"false"/"1"/"0" in a query string. */
export const boolQuery = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'True');

export const listQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'invalid_page')
    .transform(Number)
    .refine((n) => n >= 1, 'invalid_page')
    .optional(),
  page_size: z
    .string()
    .regex(/^\d{1,6}$/, 'invalid_page_size')
    .transform(Number)
    .refine((n) => n <= MAX_PAGE_SIZE, 'page_size_too_large')
    .optional(),
  ids: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'invalid_ids')
    .transform((s) => s.split(',').map(Number))
    .refine((a) => a.length <= MAX_PAGE_SIZE, 'invalid_ids') // also keeps the query under the bind-parameter limit
    .optional(),
  /** NUL stripped (shared searchText): a search can never hold one. */
  search: searchText.optional(),
  ordering: z
    .string()
    .regex(/^-?[a-z_0-9]+(,-?[a-z_0-9]+)*$/i, 'invalid_ordering')
    .optional(),
});
export type ListQuery = z.output<typeof listQuery>;

/** A list's answer: a page of rows with the page count and the total, or (page_size=0) all rows as an array. */
export const paged = <T extends z.ZodType>(item: T) => {
  const known = pages.get(item);
  if (known) return known as ReturnType<typeof pageOf<T>>;
  const made = pageOf(item);
  pages.set(item, made);
  pageItems.set(made, item);
  return made;
};
/** One schema per row schema, so a route's page answer is the same object wherever it is declared. */
const pages = new WeakMap<z.ZodType, z.ZodType>();
const pageItems = new WeakMap<z.ZodType, z.ZodType>();
/** The row schema of a page answer made by `paged` (undefined for any other schema). */
export const pagedItem = (schema: unknown): z.ZodType | undefined =>
  schema && typeof schema === 'object' ? pageItems.get(schema as z.ZodType) : undefined;
const pageOf = <T extends z.ZodType>(item: T) =>
  z.union([
    z.object({
      results: z.array(item),
      pages: z.number().int(),
      /** Exact up to LIST_COUNT_LIMIT; with `count_more` the list has more rows than that (count is the limit). */
      count: z.number().int(),
      count_more: z.boolean().optional(),
    }),
    z.array(item),
  ]);
/** One page of a list's answer (the object form of `paged`). */
export type ListPage<T> = { results: T[]; pages: number; count: number; count_more?: boolean };
export type Paged<T> = ListPage<T> | T[];

// ---------------------------------------------------------------- small answers shared by many routes

/** A 204 answer: no body. */
export const noContent = z.null();
/** The answer of a call that only succeeds: `{ok: true}`. */
export const okAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof okAnswer>;
/** The id of the row a call created or changed. */
export const idAnswer = z.object({ id: z.number() });
export type IdAnswer = z.infer<typeof idAnswer>;
