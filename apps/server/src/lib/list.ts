// The one list mechanism: page, page_size (0 = all as a plain array), ids, search, whitelisted ordering, filters.
// Answers {results, pages, count} with the page and the total in one query (count(*) over ()).
import { DEFAULT_PAGE_SIZE, LIST_COUNT_LIMIT, type ListQuery, type Paged } from '@portal/shared';
import { type AnyColumn, and, asc, desc, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { invalid } from './errors.ts';
import { queryRow } from './sql.ts';

// The request pieces and the answer's shape live in the shared contract (packages/shared/src/lists.ts).
export {
  boolQuery,
  idParams,
  idString,
  type ListQuery,
  listQuery,
  type Paged,
  paged,
} from '@portal/shared';

/** A page beyond LIST_COUNT_LIMIT rows is refused (a translated 400): such an OFFSET reads every row before it. */
export function checkPageDepth(offset: number) {
  if (offset >= LIST_COUNT_LIMIT) throw invalid('page', 'page_too_deep');
}

/**
 * The answer's `pages`, `count` and `count_more` from a total counted up to LIST_COUNT_LIMIT + 1 (see
 * `cappedCount`): above the limit the count says "more than LIST_COUNT_LIMIT" and the pages stop there.
 */
export function cappedPage(counted: number, pageSize: number) {
  const more = counted > LIST_COUNT_LIMIT;
  const count = more ? LIST_COUNT_LIMIT : counted;
  return {
    pages: Math.max(1, Math.ceil(count / Math.max(1, pageSize))),
    count,
    ...(more ? { count_more: true } : {}),
  };
}

/** `select count(*)` of a row source that stops after LIST_COUNT_LIMIT + 1 rows (a literal, so plans see it). */
export const cappedCount = (source: SQL) =>
  sql`select count(*)::int as n from (${source} limit ${sql.raw(String(LIST_COUNT_LIMIT + 1))}) as counted`;

export interface ListSpec {
  /** API ordering name → column or expression. Only these may be ordered by. */
  ordering: Record<string, AnyColumn | SQL | SQL.Aliased>;
  defaultOrdering: string;
  /**
   * What `search` matches: every word must match one of these, case-insensitively. A column or expression is
   * matched with ILIKE; a function gets the ILIKE pattern and returns its own condition (e.g. an id list from a
   * joined table, so the planner can use the main table's indexes instead of filtering the join).
   */
  search?: (AnyColumn | SQL | ((pattern: string) => SQL))[];
  /** The primary key: used for `ids` and as the last, stable sort key. */
  id: AnyColumn;
}

export function orderBy(spec: ListSpec, ordering: string | undefined): SQL[] {
  const fields = (ordering || spec.defaultOrdering).split(',').filter(Boolean);
  const out: SQL[] = [];
  for (const f of fields) {
    const name = f.startsWith('-') ? f.slice(1) : f;
    const col = spec.ordering[name];
    if (!col) throw invalid('ordering', 'invalid_ordering');
    const expr = 'getSQL' in col && !('name' in col) ? col : (col as AnyColumn);
    out.push(f.startsWith('-') ? desc(expr as AnyColumn) : asc(expr as AnyColumn));
  }
  // The id breaks ties in the direction of the last key, so an index on (key, id) serves the page as it is.
  out.push(fields.at(-1)?.startsWith('-') ? desc(spec.id) : asc(spec.id));
  return out;
}

/** The search's words (up to 10) as "contains" ILIKE patterns, wildcards in the words escaped. */
export function searchPatterns(search: string | undefined): string[] {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  return words.map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** Every word must match one of the spec's search columns (or conditions built from the word's pattern). */
export function searchWhere(spec: ListSpec, search: string | undefined): SQL | undefined {
  const patterns = searchPatterns(search);
  if (!patterns.length || !spec.search?.length) return undefined;
  return and(
    ...patterns.map((pattern) =>
      or(...(spec.search ?? []).map((c) => (typeof c === 'function' ? c(pattern) : ilike(c, pattern)))),
    ),
  );
}

/**
 * Runs a list. `select()` builds the query (columns, joins), the helper adds filters, search, ordering and the
 * page. `map` turns the page's rows into API objects (may batch-load). The total is a separate `count(*)`, run
 * only when the page alone does not tell it: a window `count(*) over ()` would make every page process the whole
 * filtered result before the first row (200 ms instead of 2 ms at 100,000 tenders, see BENCHMARKS.md).
 */
export async function paginate<Q extends PgSelect, T>(opts: {
  db: Db;
  query: ListQuery;
  spec: ListSpec;
  select: () => Q;
  where?: (SQL | undefined)[];
  map: (rows: Awaited<Q>) => T[] | Promise<T[]>;
  /** Counts the filtered rows itself when the page is full (e.g. with a report's totals in the same pass). */
  count?: (where: SQL | undefined) => Promise<number>;
  /**
   * Loads one page itself (e.g. through a faster plan than the generic query); null leaves it to the generic query.
   * Gets the combined filter (filters, search, ids) and the ordering of the generic query.
   */
  page?: (p: {
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
  }) => Promise<Awaited<Q> | null>;
}): Promise<Paged<T>> {
  const { query, spec } = opts;
  const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
  const order = orderBy(spec, query.ordering);
  const where = and(
    ...(opts.where ?? []),
    searchWhere(spec, query.search),
    query.ids ? inArray(spec.id, query.ids) : undefined,
  );
  const base = () =>
    opts
      .select()
      .where(where)
      .orderBy(...order);
  if (pageSize === 0) return opts.map((await base()) as Awaited<Q>);
  const page = query.page ?? 1;
  const offset = (page - 1) * pageSize;
  checkPageDepth(offset);
  const rows =
    (await opts.page?.({ where, order, limit: pageSize, offset })) ??
    ((await base().limit(pageSize).offset(offset)) as Awaited<Q>);
  let count = offset + rows.length;
  if ((rows.length === pageSize || (!rows.length && page > 1)) && opts.count) count = await opts.count(where);
  else if (rows.length === pageSize || (!rows.length && page > 1)) {
    // Unused columns of the subquery (counts, names) are dropped by the planner: this counts the filtered rows, up
    // to LIST_COUNT_LIMIT + 1 of them.
    const res = await queryRow<{ n: number }>(opts.db, cappedCount(sql`${opts.select().where(where)}`));
    count = Number(res?.n ?? 0);
  }
  return { results: await opts.map(rows), ...cappedPage(count, pageSize) };
}
