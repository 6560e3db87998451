// The tender list (spec 1-tenders §2, §7): filters, search and ordering over what the viewer may see, with each
// row's counts; a supplier's counts are its own company's.

import {
  CHOOSE_WITHIN_HOURS,
  DEFAULT_PAGE_SIZE,
  LIST_COUNT_LIMIT,
  PAGE_SIZES,
  TENDER_STATUSES,
  type Tender,
  tallinnDayStart,
  type tenderListQuery,
} from '@portal/shared';
import { and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groups, tenderCounts, tenderSupplierCounts, tenders, warehouses } from '../../db/schema/index.ts';
import { isSupplier } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import {
  cappedPage,
  checkPageDepth,
  type ListSpec,
  orderBy,
  type Paged,
  searchPatterns,
} from '../../lib/list.ts';
import { inIds, queryPrepared, queryRows } from '../../lib/sql.ts';
import { tenderVisibleWhere, type Viewer } from './access.ts';
import { exportDataOrNull } from './exportData.ts';
import { creator, type TenderCommentRow, type TenderRow, tenderObjects } from './serialize.ts';

/** FINISHED or CHOOSING tenders whose time to choose the winners (finish + 48 h) has run out at `at`. */
const chooseOverdueWhere = (at: Date) =>
  sql`${tenders.status} in ('FINISHED','CHOOSING') and ${tenders.finish} <= ${new Date(at.getTime() - CHOOSE_WITHIN_HOURS * 3_600_000)}`;

/** A plain day (YYYY-MM-DD) is a Tallinn day; a full timestamp is taken as it is. */
const asDate = (s: string, addDays = 0) => (s.length === 10 ? tallinnDayStart(s, addDays) : new Date(s));

/** The list's ordering and search; a supplier's counts are its own company's (never others'). */
const listSpecFor = (viewer: Viewer): ListSpec => {
  const supplierId = viewer.supplierId;
  // A PLAIN employee without sharing is shown no counts: it may not order by them either.
  const blind = supplierId != null && !viewer.seesCompanyOffers;
  return {
    ordering: {
      code: tenders.tenderCode,
      tender_code: tenders.tenderCode,
      start: tenders.start,
      finish: tenders.finish,
      // The lifecycle order, not the code's alphabet.
      status: sql`(case ${tenders.status} when 'DRAFT' then 1 when 'WAITING' then 2 when 'ACTIVE' then 3 when 'FINISHED' then 4 when 'CHOOSING' then 5 when 'ORDERED' then 6 when 'CANCELED' then 7 when 'FAILED' then 8 else 9 end)`,
      // The counters the row shows (the row query joins them), so ordering by a count is a join column too.
      details_count: sql`coalesce(${tenderCounts.details}, 0)`,
      proposals_count: blind
        ? sql`(select 0)`
        : supplierId == null
          ? sql`coalesce(${tenderCounts.proposals}, 0)`
          : sql`coalesce(${tenderSupplierCounts.proposals}, 0)`,
      // A supplier's own winners, and only once ORDERED: ordering must not tell it of an award earlier.
      winners_count: blind
        ? sql`(select 0)`
        : supplierId == null
          ? sql`coalesce(${tenderCounts.winners}, 0)`
          : sql`(case when ${tenders.status} = 'ORDERED' then coalesce(${tenderSupplierCounts.winners}, 0) else 0 end)`,
      group: groups.name,
      warehouse: warehouses.name,
      created: tenders.created,
      updated: tenders.updated,
      creator: creator.lastName,
      id: tenders.id,
    },
    defaultOrdering: '-start',
    // Not used: the tender list builds its search itself (tenderSearchWhere).
    id: tenders.id,
  };
};

/** A search word for LIKE: lower case, LIKE's wildcards escaped. */
const likeWord = (w: string) => w.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search (spec 1-tenders §2): every word must match the tender's code, its group's or warehouse's name or its
 * creator's name, case-insensitively. Names match anywhere in the name; they are read first (a few small tables) into
 * id lists the statement gets as values, so the planner knows how many tenders they select and reads the tenders
 * through their (key, …) indexes or walks the page's ordering. The code matches from its start or at its end
 * ("T-2026", "0123", "2026-0123", "b-0001234"), through the indexes on lower(code) and its reverse (migration 0021):
 * a contains-match through the trigram index read every code sharing the word's trigrams ("000", "001": most of
 * them), so its cost grew with the history (docs/decisions.md). Undefined without a search.
 */
async function tenderSearchWhere(db: Db, search: string | undefined): Promise<SQL | undefined> {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (!words.length) return undefined;
  const patterns = searchPatterns(words.join(' '));
  const names = await queryRows<{ i: number; g: number[] | null; w: number[] | null; u: number[] | null }>(
    db,
    sql`select x.i,
        (select array_agg(g.id) from groups g where g.name ilike x.p) as g,
        (select array_agg(w.id) from warehouses w where w.name ilike x.p) as w,
        (select array_agg(u.id) from users u where (u.first_name || ' ' || u.last_name) ilike x.p) as u
      from unnest(${`{${patterns.map((p) => `"${p.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]) with ordinality as x(p, i)`,
  );
  const byWord = new Map(names.map((r) => [Number(r.i), r]));
  return and(
    ...words.map((word, k) => {
      const r = byWord.get(k + 1);
      const ids = (col: SQL, list: number[] | null | undefined) =>
        list?.length ? sql`${col} = any(${`{${list.join(',')}}`}::int[])` : undefined;
      return or(
        sql`lower(tenders.tender_code) like ${`${likeWord(word)}%`}`,
        sql`reverse(lower(tenders.tender_code)) like ${`${likeWord([...word].reverse().join(''))}%`}`,
        ids(sql`tenders.group_id`, r?.g),
        ids(sql`tenders.warehouse_id`, r?.w),
        ids(sql`tenders.creator_id`, r?.u),
      );
    }),
  );
}

/** Orderings on the tender row itself, by API name (the fast status-filtered page below can use these). */
const OWN_ORDER = {
  code: 'tender_code',
  tender_code: 'tender_code',
  start: 'start',
  finish: 'finish',
  created: 'created',
  updated: 'updated',
  id: 'id',
} as const;

/**
 * The page's tables: the tender with the names and counters a row shows; a supplier's own counters and flags.
 * `first` is what the joins start from: the tenders, or a page of their ids joined to them. A supplier's row joins
 * ten relations, more than PostgreSQL reorders (`join_collapse_limit`, 8): it joins them in the order written, so a
 * page's rows must start from the page, or every tender is joined before the page picks its 50 (BENCHMARKS.md).
 */
function fromTenders(sup: number | null, first: SQL = sql`tenders`): SQL {
  const base = sql`from ${first}
    join warehouses on warehouses.id = tenders.warehouse_id
    join groups on groups.id = tenders.group_id
    left join users creator on creator.id = tenders.creator_id
    left join users approver on approver.id = tenders.approver_id
    left join tender_counts on tender_counts.tender_id = tenders.id`;
  if (sup == null) return base;
  return sql`${base}
    left join tender_supplier_counts on tender_supplier_counts.tender_id = tenders.id and tender_supplier_counts.supplier_id = ${sup}
    left join tender_logs watched_log on watched_log.tender_id = tenders.id and watched_log.supplier_id = ${sup} and watched_log.action = 'WATCHED'
    left join tender_logs agreed_log on agreed_log.tender_id = tenders.id and agreed_log.supplier_id = ${sup} and agreed_log.action = 'AGREED'`;
}

/**
 * A row's columns, named as `TenderRow` (serialize.ts; the same counts and the same rules everywhere: a
 * supplier's counts are its own company's, a PLAIN employee without sharing gets none, winners only once ORDERED),
 * and the row's comments the viewer may read as JSON (buyers: tender and approver comments; a supplier: its own).
 */
function tenderColumns(viewer: Viewer): SQL {
  const sup = viewer.supplierId;
  const own = viewer.seesCompanyOffers && sup != null;
  const raw = sql.raw;
  const perViewer =
    sup == null
      ? raw(`coalesce(tender_counts.proposals, 0) as "proposalsCount",
        coalesce(tender_counts.winners, 0) as "winnersCount",
        coalesce(tender_counts.failed_bc, 0) as "failedBc",
        null::timestamptz as "proposalCreated", null::timestamptz as "proposalUpdated",
        null::timestamptz as "watchedDate", false as "agreed", false as "isWinner"`)
      : raw(`${
          own
            ? `coalesce(tender_supplier_counts.proposals, 0) as "proposalsCount",
        (case when tenders.status = 'ORDERED' then coalesce(tender_supplier_counts.winners, 0) else 0 end) as "winnersCount",
        0 as "failedBc",
        tender_supplier_counts.first_created as "proposalCreated", tender_supplier_counts.last_updated as "proposalUpdated",`
            : `0 as "proposalsCount", 0 as "winnersCount", 0 as "failedBc",
        null::timestamptz as "proposalCreated", null::timestamptz as "proposalUpdated",`
        }
        watched_log.created as "watchedDate", (agreed_log.id is not null) as "agreed",
        (tenders.status = 'ORDERED' and coalesce(tender_supplier_counts.winners, 0) > 0) as "isWinner"`);
  return sql`tenders.id, tenders.tender_code as "tenderCode", tenders.start, tenders.finish, tenders.status,
    tenders.warehouse_id as "warehouseId", warehouses.name as "warehouseName", warehouses.address as "warehouseAddress",
    tenders.group_id as "groupId", groups.name as "groupName", tenders.additional_info as "additionalInfo",
    tenders.feedback_enabled as "feedbackEnabled", creator.first_name as "creatorFirst", creator.last_name as "creatorLast",
    approver.first_name as "approverFirst", approver.last_name as "approverLast",
    tenders.approved, tenders.bc_id as "bcId", tenders.created, tenders.updated,
    coalesce(tender_counts.details, 0) as "detailsCount", ${perViewer},
    coalesce(tender_comments.list, '[]'::json) as "comments"`;
}

/**
 * The comments the viewer may read of the tenders `ids` selects (buyers: tender and approver comments; a supplier:
 * its own), one JSON list per tender, joined to the rows as `tender_comments` (one pass over the page's comments
 * instead of a lookup per row).
 */
function tenderComments(viewer: Viewer, ids: SQL): SQL {
  const sup = viewer.supplierId;
  const kinds =
    sup == null ? sql`c.kind in ('TENDER', 'APPROVER')` : sql`c.kind = 'TENDER' and c.supplier_id = ${sup}`;
  return sql`left join (select c.tender_id, json_agg(json_build_object('id', c.id, 'kind', c.kind,
      'supplierId', c.supplier_id, 'supplierName', cs.name, 'content', c.content,
      'createdMs', floor(extract(epoch from c.created) * 1000)) order by c.id) as list
    from comments c left join suppliers cs on cs.id = c.supplier_id
    where c.tender_id in (${ids}) and ${kinds}
    group by c.tender_id) tender_comments on tender_comments.tender_id = tenders.id`;
}

/**
 * The page's ids when the request is filtered by status and ordered by the tender's own columns: a merge of one
 * ordered index range per status (`tenders_status_start_id_group_idx` for the default `-start`; it carries the
 * group, so a contractor's page and total are read from the index alone). The generic plan walks the start index
 * and filters by status, reading every tender of the other statuses on the way (12,000 rows for the bench's page 3,
 * BENCHMARKS.md): `(… status = A order by k limit n) union all (… status = B …)`, merged and cut.
 * Undefined when the request does not fit (other orderings, a count filter).
 */
function statusPageIds(
  q: z.infer<typeof tenderListQuery>,
  p: { where: SQL | undefined; order: SQL[]; limit: number; offset: number; literal: boolean },
): SQL | undefined {
  const statuses = [...new Set(q.filter_status ?? [])];
  const fields = (q.ordering || '-start').split(',').filter(Boolean);
  const keys = fields.map((f) => ({
    desc: f.startsWith('-'),
    col: OWN_ORDER[f.replace(/^-/, '') as keyof typeof OWN_ORDER],
  }));
  if (!statuses.length || q.failed_bc_details || keys.some((k) => !k.col)) return undefined;
  const lastDesc = keys.at(-1)?.desc ?? false;
  const dir = (d: boolean) => (d ? sql.raw('desc') : sql.raw('asc'));
  const n = p.limit + p.offset;
  // A first page's limits in the text (see `literal` in listTenders): with parameters PostgreSQL prices the generic
  // plan as reading a tenth of each status's tenders, which at ten times the history made it dearer than a plan for
  // the values, and it planned every call (5 ms of planning for a 1.5 ms run; BENCHMARKS.md "Issue 37").
  const num = (x: number) => (p.literal ? sql.raw(String(x)) : sql`${x}`);
  const cols = keys.map((k, i) => sql`${sql.identifier(k.col)} as ${sql.identifier(`k${i}`)}`);
  const branches = statuses.map(
    (st) =>
      sql`(select tenders.id, ${sql.join(cols, sql`, `)} from tenders where ${p.where ?? sql`true`} and tenders.status = ${st} order by ${sql.join(p.order, sql`, `)} limit ${num(n)})`,
  );
  const outer = [
    ...keys.map((k, i) => sql`${sql.identifier(`k${i}`)} ${dir(k.desc)}`),
    sql`id ${dir(lastDesc)}`,
  ];
  return sql`select id from (${sql.join(branches, sql` union all `)}) merged order by ${sql.join(outer, sql`, `)} limit ${num(p.limit)} offset ${num(p.offset)}`;
}

/** The lifecycle order of the `status` ordering (as in listSpecFor). */
const STATUS_RANK = TENDER_STATUSES.map((st, i) => sql.raw(`('${st}'::text, ${i + 1})`));

/**
 * Orderings by a name the tender points to (warehouse, group, creator) or by its lifecycle status: the few keys in
 * their order, each key's tenders read from the (key, id) index up to the page's end, merged (a nested loop over the
 * keys: the keys times the page's depth, whatever the history). A tender without a creator sorts as a null name. The
 * keys come as arrays (unnest): a small table never analysed is estimated at hundreds of rows, which priced the
 * loop high enough for JIT compilation (0.9 s) on every call.
 */
const keysOf = (table: string, name: string) =>
  sql.raw(`select x.k, x.v from rows from (unnest(array(select id from ${table} order by id)),
    unnest(array(select ${name} from ${table} order by id))) as x(k, v)`);
const KEY_ORDER: Record<string, { keys: SQL; column: SQL; nullable: boolean }> = {
  warehouse: { keys: keysOf('warehouses', 'name'), column: sql`tenders.warehouse_id`, nullable: false },
  group: { keys: keysOf('groups', 'name'), column: sql`tenders.group_id`, nullable: false },
  creator: { keys: keysOf('users', 'last_name'), column: sql`tenders.creator_id`, nullable: true },
  status: {
    keys: sql`select s.k, s.v from (values ${sql.join(STATUS_RANK, sql`, `)}) s(k, v)`,
    column: sql`tenders.status`,
    nullable: false,
  },
};
/** A buyer's count orderings: the page read from the counters' (count, tender) index (migration 0021). */
const COUNT_ORDER: Record<string, SQL> = {
  details_count: sql`c.details`,
  proposals_count: sql`c.proposals`,
  winners_count: sql`c.winners`,
};

/**
 * The page's ids for an ordering by a name, the status or (for buyers) a count: see KEY_ORDER and COUNT_ORDER.
 * Undefined when the request does not fit (several ordering fields, a supplier's counts, the failed-sync filter,
 * which reads the counters).
 */
function keyPageIds(
  q: z.infer<typeof tenderListQuery>,
  viewer: Viewer,
  p: { where: SQL; limit: number; offset: number; failedBc: boolean },
): SQL | undefined {
  const fields = (q.ordering || '-start').split(',').filter(Boolean);
  if (fields.length !== 1 || p.failedBc) return undefined;
  const desc = fields[0].startsWith('-');
  const name = fields[0].replace(/^-/, '');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const n = p.limit + p.offset;
  const count = COUNT_ORDER[name];
  if (count) {
    if (viewer.supplierId != null) return undefined;
    return sql`select tenders.id from tender_counts c join tenders on tenders.id = c.tender_id
      where ${p.where} order by ${count} ${dir}, c.tender_id ${dir} limit ${p.limit} offset ${p.offset}`;
  }
  const key = KEY_ORDER[name];
  if (!key) return undefined;
  const nulls = key.nullable
    ? sql` union all (select null, tenders.id from tenders where ${key.column} is null and ${p.where}
        order by tenders.id ${dir} limit ${n})`
    : sql``;
  return sql`select id from (
      select k.v, t.id from (${key.keys}) k cross join lateral (
        select tenders.id from tenders where ${key.column} = k.k and ${p.where} order by tenders.id ${dir} limit ${n}) t
      ${nulls}) merged
    order by v ${dir}, id ${dir} limit ${p.limit} offset ${p.offset}`;
}

export type ListRow = TenderRow & {
  comments:
    | {
        id: number;
        kind: string;
        supplierId: number | null;
        supplierName: string | null;
        content: string;
        createdMs: number;
      }[]
    | null;
  total?: number | null;
};

/** The rows' API objects, their comments taken from each row's JSON. */
export function toTenders(viewer: Viewer, rows: ListRow[]) {
  const comments: TenderCommentRow[] = [];
  for (const r of rows)
    for (const c of r.comments ?? [])
      comments.push({ ...c, tenderId: r.id, created: new Date(Number(c.createdMs)) });
  return tenderObjects(viewer, rows, comments);
}

/**
 * A page of the list: the page's ids, its rows with their counters and comments, and the total. The total counts the
 * tender row alone (and the counters, for the failed-sync filter): the filters read nothing else, so it is an index
 * range count.
 */
export async function listTenders(
  db: Db,
  viewer: Viewer,
  q: z.infer<typeof tenderListQuery>,
): Promise<Paged<Tender>> {
  const user = viewer.user;
  const spec = listSpecFor(viewer);
  const filters: (SQL | undefined)[] = [tenderVisibleWhere(user)];
  if (q.filter_groups?.length) filters.push(inIds(tenders.groupId, q.filter_groups));
  if (q.filter_start) filters.push(gte(tenders.start, asDate(q.filter_start)));
  if (q.filter_finish) filters.push(lt(tenders.finish, asDate(q.filter_finish, 1)));
  if (q.filter_status?.length) filters.push(inArray(tenders.status, q.filter_status));
  // The business-system filter is not for suppliers: ignored for them.
  const failedBcFilter = !!q.failed_bc_details && !isSupplier(user);
  if (failedBcFilter) filters.push(sql`${tenderCounts.failedBc} > 0`);
  // The choosing clock's overdue tenders (issue 32), a buyer's filter: ignored for suppliers like the one above.
  if (q.filter_overdue && !isSupplier(user)) filters.push(chooseOverdueWhere(now()));
  const search = await tenderSearchWhere(db, q.search);
  const where = and(...filters, search, q.ids ? inIds(tenders.id, q.ids) : undefined) ?? sql`true`;
  // A search's statements are planned for its values each time (unnamed): how many tenders its names and code
  // select decides between reading them by index and walking the page's ordering. Others are named prepared
  // statements (see queryPrepared).
  const run = <T extends Record<string, unknown>>(query: SQL) =>
    search ? queryRows<T>(db, query) : queryPrepared<T>(db, query);
  const order = sql.join(orderBy(spec, q.ordering), sql`, `);
  const from = fromTenders(viewer.supplierId);
  const columns = tenderColumns(viewer);
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  if (pageSize === 0)
    return toTenders(
      viewer,
      await run<ListRow>(
        sql`select ${columns} ${from} ${tenderComments(viewer, sql`select tenders.id ${from} where ${where}`)}
        where ${where} order by ${order}`,
      ),
    );
  const page = q.page ?? 1;
  const offset = (page - 1) * pageSize;
  checkPageDepth(offset);
  // The total, counted up to LIST_COUNT_LIMIT + 1 tenders (above it the answer says "more than"; every tender was
  // counted before, 79 ms of CPU for the unfiltered list at 1,000,000 tenders). The counters are joined only for the
  // filter that reads them: even a join PostgreSQL removes keeps `tenders.id` among the columns the count needs, and then it cannot count from an index without the id (a bitmap
  // scan of the table: the default list's 27,000 tenders in 13 ms instead of 4).
  const countFrom = failedBcFilter
    ? sql`tenders left join tender_counts on tender_counts.tender_id = tenders.id`
    : sql`tenders`;
  const total = sql`select count(*)::int as "total" from (select 1 from ${countFrom} where ${where} limit ${sql.raw(String(LIST_COUNT_LIMIT + 1))}) counted`;
  // The page's rows, joined starting from the page (see fromTenders), in the page's order.
  const pageRows = sql`select ${columns}, row_number() over (order by ${order}) as "rowNumber"
      ${fromTenders(viewer.supplierId, sql`page join tenders on tenders.id = page.id`)}
      ${tenderComments(viewer, sql`select id from page`)}`;
  // The first pages of the usual sizes have their limits written into the text, so their statements keep a generic
  // plan (a handful of texts per kind of list); deeper pages and other sizes pass them as parameters.
  const literal = (PAGE_SIZES as readonly number[]).includes(pageSize) && page <= 3;
  const limit = literal
    ? sql.raw(offset ? `limit ${pageSize} offset ${offset}` : `limit ${pageSize}`)
    : sql`limit ${pageSize} offset ${offset}`;
  // A status filter's page merges one index range per status (statusPageIds); an ordering by a name, the status or
  // a count reads its page through keyPageIds.
  const pageIds =
    statusPageIds(q, { where, order: orderBy(spec, q.ordering), limit: pageSize, offset, literal }) ??
    keyPageIds(q, viewer, { where, limit: pageSize, offset, failedBc: failedBcFilter }) ??
    sql`select tenders.id ${from} where ${where} order by ${order} ${limit}`;
  // The page's statement and the total's, at once. With the total in it, or with the page's size and offset as
  // parameters, PostgreSQL judged the page statement's generic plan dearer than one for the values (it guesses the
  // total's range from the filter and a tenth of the tenders for an unknown limit, both growing with the history)
  // and planned it anew for every request: 4–10 ms, against 1.5 ms to run it. The total is one index range count,
  // planned each time in a fraction of a millisecond.
  const [rows, totals] = await Promise.all([
    run<ListRow>(sql`with page as materialized (${pageIds}) ${pageRows} order by "rowNumber"`),
    run<{ total: number }>(total),
  ]);
  const count = Number(totals[0]?.total ?? offset + rows.length);
  return { results: toTenders(viewer, rows), ...cappedPage(count, pageSize) };
}

/**
 * One tender for a viewer (null when it does not exist or the viewer may not see it): the list's row with its
 * counters and comments in one prepared statement (a query text per kind of viewer, the id a parameter).
 */
export async function loadTender(
  db: Db,
  viewer: Viewer,
  id: number,
  opts: { exportData?: boolean } = {},
): Promise<Tender | null> {
  const where = and(eq(tenders.id, id), tenderVisibleWhere(viewer.user));
  const rows = await queryPrepared<ListRow>(db, sql`select ${tenderRowSql(viewer, id)} where ${where}`);
  if (!rows.length) return null;
  const [t] = toTenders(viewer, rows);
  if (opts.exportData) t.export_data = await exportDataOrNull(db, id, viewer.user);
  return t;
}

/**
 * `columns from …` of one tender's row as the list and the tender read give it to a viewer (with its comments), for a
 * statement to add its `where`; `toTenders` turns the rows into API objects.
 */
export function tenderRowSql(viewer: Viewer, id: number): SQL {
  return sql`${tenderColumns(viewer)} ${fromTenders(viewer.supplierId)} ${tenderComments(viewer, sql`select ${id}::int`)}`;
}
