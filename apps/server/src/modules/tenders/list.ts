// The tender list (spec 1-tenders §2, §7): filters, search and ordering over what the viewer may see, with each
// row's counts; a supplier's counts are its own company's.

import { isStrictDate, isStrictDateTime, TENDER_STATUSES, tallinnDayStart } from '@portal/shared';
import { gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { groups, tenderCounts, tenderSupplierCounts, tenders, warehouses } from '../../db/schema/index.ts';
import { isSupplier } from '../../lib/auth.ts';
import { boolQuery, type ListSpec, listQuery, paginate } from '../../lib/list.ts';
import { queryRow, queryRows } from '../../lib/sql.ts';
import { tenderVisibleWhere, type Viewer } from './access.ts';
import { creator, serializeTenders, tenderSelect } from './serialize.ts';

const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'invalid_ids')
  .transform((s) => s.split(',').map(Number));
/** A day (YYYY-MM-DD) or an instant with its zone, strict ISO within 2000–2100. */
const dateQuery = z
  .string()
  .max(40, 'invalid_date')
  .refine((s) => isStrictDate(s) || isStrictDateTime(s), 'invalid_date');
const statusList = z
  .string()
  .transform((s) => s.split(',').filter(Boolean))
  .pipe(z.array(z.enum(TENDER_STATUSES, 'invalid_choice')));

export const tenderListQuery = listQuery.extend({
  filter_groups: idList.optional(),
  filter_start: dateQuery.optional(),
  filter_finish: dateQuery.optional(),
  filter_status: statusList.optional(),
  failed_bc_details: boolQuery.optional(),
});

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
      // The counters the row shows (tenderSelect joins them), so ordering by a count is a join column too.
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
    // The code through its trigram index; group, warehouse and creator names as id lists on the tender itself, so
    // the planner ORs index scans instead of filtering the whole join (BENCHMARKS.md, tender list).
    search: [
      tenders.tenderCode,
      (p: string) => sql`${tenders.groupId} in (select g.id from groups g where g.name ilike ${p})`,
      (p: string) => sql`${tenders.warehouseId} in (select w.id from warehouses w where w.name ilike ${p})`,
      (p: string) =>
        sql`${tenders.creatorId} in (select u.id from users u where (u.first_name || ' ' || u.last_name) ilike ${p})`,
    ],
    id: tenders.id,
  };
};

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
 * A page filtered by status and ordered by the tender's own columns, as a merge of one ordered index range per
 * status (`tenders_status_start_id_idx` for the default `-start`): the generic plan walks the start index and
 * filters by status, reading every tender of the other statuses on the way (12,000 rows for the bench's page 3,
 * BENCHMARKS.md). The page's ids come from `(… status = A order by k limit n) union all (… status = B …)`, then the
 * rows by id. Null when the request does not fit (other orderings, a count filter).
 */
function statusPage(db: Db, viewer: Viewer, q: z.infer<typeof tenderListQuery>) {
  const statuses = [...new Set(q.filter_status ?? [])];
  const fields = (q.ordering || '-start').split(',').filter(Boolean);
  const keys = fields.map((f) => ({
    desc: f.startsWith('-'),
    col: OWN_ORDER[f.replace(/^-/, '') as keyof typeof OWN_ORDER],
  }));
  if (!statuses.length || q.failed_bc_details || keys.some((k) => !k.col)) return undefined;
  const lastDesc = keys.at(-1)?.desc ?? false;
  const dir = (d: boolean) => (d ? sql.raw('desc') : sql.raw('asc'));
  return async (p: {
    where: SQL | undefined;
    order: SQL[];
    limit: number;
    offset: number;
  }): Promise<Awaited<ReturnType<typeof tenderSelect>>> => {
    const n = p.limit + p.offset;
    const cols = keys.map((k, i) => sql`${sql.identifier(k.col)} as ${sql.identifier(`k${i}`)}`);
    const branches = statuses.map(
      (st) =>
        sql`(select tenders.id, ${sql.join(cols, sql`, `)} from tenders where ${p.where ?? sql`true`} and tenders.status = ${st} order by ${sql.join(p.order, sql`, `)} limit ${n})`,
    );
    const outer = [
      ...keys.map((k, i) => sql`${sql.identifier(`k${i}`)} ${dir(k.desc)}`),
      sql`id ${dir(lastDesc)}`,
    ];
    const ids = (
      await queryRows<{ id: number }>(
        db,
        sql`select id from (${sql.join(branches, sql` union all `)}) page order by ${sql.join(outer, sql`, `)} limit ${p.limit} offset ${p.offset}`,
      )
    ).map((r) => r.id);
    if (!ids.length) return [];
    return tenderSelect(db, viewer)
      .where(inArray(tenders.id, ids))
      .orderBy(...p.order);
  };
}

export async function listTenders(db: Db, viewer: Viewer, q: z.infer<typeof tenderListQuery>) {
  const user = viewer.user;
  const where: (SQL | undefined)[] = [tenderVisibleWhere(user)];
  if (q.filter_groups?.length) where.push(inArray(tenders.groupId, q.filter_groups));
  if (q.filter_start) where.push(gte(tenders.start, asDate(q.filter_start)));
  if (q.filter_finish) {
    where.push(lt(tenders.finish, asDate(q.filter_finish, 1)));
  }
  if (q.filter_status?.length) where.push(inArray(tenders.status, q.filter_status));
  // The business-system filter is not for suppliers: ignored for them.
  if (q.failed_bc_details && !isSupplier(user)) where.push(sql`${tenderCounts.failedBc} > 0`);
  return paginate({
    db,
    query: q,
    spec: listSpecFor(viewer),
    select: () => tenderSelect(db, viewer),
    where,
    map: (rows) => serializeTenders(db, viewer, rows),
    page: statusPage(db, viewer, q),
    // The filters only read the tender row (and the counters, for the failed-sync filter): counting without the
    // page's joins reads the tenders' status/start index alone.
    count: async (w) =>
      Number(
        (
          await queryRow<{ n: number }>(
            db,
            sql`select count(*)::int as n from tenders left join tender_counts on tender_counts.tender_id = tenders.id where ${w ?? sql`true`}`,
          )
        )?.n ?? 0,
      ),
  });
}
