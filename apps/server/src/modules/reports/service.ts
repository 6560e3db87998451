// The five reports (spec 2 "Reports"), computed in SQL with exact decimals from the orders:
// a winner's line total is round(ordered quantity × price, 2), as on the order documents (tenders/exportData.ts),
// and every sum is a sum of those, so the orders report's sum of a tender equals the grand total of its orders and
// the consolidated total equals the orders report's total over the same period.
// The period is a range of Europe/Tallinn days matched against the tender's start.
import type { ReportTotals, WinnerReason } from '@portal/shared';
import { tallinnDayStart } from '@portal/shared';
import { type AnyColumn, and, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  categories,
  categoryGroups,
  groups,
  parts,
  purchaseOrders,
  reportLineMonths,
  reportLines,
  reportSupplierMonths,
  reportTenderSuppliers,
  supplierCategoryGroups,
  supplierGroups,
  suppliers,
  tenders,
} from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import {
  type ListQuery,
  type ListSpec,
  type Paged,
  paginate,
  searchPatterns,
  searchWhere,
} from '../../lib/list.ts';
import { queryRow, queryRows } from '../../lib/sql.ts';

/** Filters common to the money reports (already parsed and cleaned by the route schema). */
export interface ReportFilters {
  filter_name?: string;
  filter_registration_code?: string;
  filter_start?: string;
  filter_finish?: string;
  filter_code?: string;
  filter_reason?: WinnerReason;
  filter_winner?: boolean;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nextDay = (d: string) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
};

/** The 1st of the month after the day's month. */
const nextMonth = (d: string) => {
  const x = new Date(`${d.slice(0, 7)}-01T00:00:00Z`);
  x.setUTCMonth(x.getUTCMonth() + 1);
  return x.toISOString().slice(0, 10);
};

/**
 * A period of Tallinn days as whole Europe/Tallinn months [from, to) (either end open), read from the monthly
 * roll-ups, and the partial months at its edges as ranges [day, day) of the tender start, read from the summaries.
 * `whole` is null when the period holds no whole month.
 */
export function splitPeriod(f: Pick<ReportFilters, 'filter_start' | 'filter_finish'>): {
  whole: { from?: string; to?: string } | null;
  edges: [string, string][];
} {
  const start = f.filter_start;
  const endNext = f.filter_finish ? nextDay(f.filter_finish) : undefined;
  const from = start === undefined ? undefined : start.endsWith('-01') ? start : nextMonth(start);
  const to = endNext === undefined ? undefined : `${endNext.slice(0, 7)}-01`;
  if (start !== undefined && endNext !== undefined && from !== undefined && to !== undefined && from >= to)
    return { whole: null, edges: start < endNext ? [[start, endNext]] : [] };
  const edges: [string, string][] = [];
  if (start !== undefined && from !== undefined && start < from) edges.push([start, from]);
  if (endNext !== undefined && to !== undefined && to < endNext) edges.push([to, endNext]);
  return { whole: { from, to }, edges };
}

/** Each edge range of a split period as a condition on the tender start. */
function edgeRanges(split: ReturnType<typeof splitPeriod>, start: AnyColumn): SQL[] {
  return split.edges.map(
    ([a, b]) => and(gte(start, tallinnDayStart(a)), lt(start, tallinnDayStart(b))) ?? sql`false`,
  );
}

/** The summary rows of a split period's edges (tender start within one of the edge ranges). */
function edgeWhere(split: ReturnType<typeof splitPeriod>, start: AnyColumn): SQL {
  return or(...edgeRanges(split, start)) ?? sql`false`;
}

/** The roll-up rows of a split period's whole months. */
function monthWhere(split: ReturnType<typeof splitPeriod>, month: AnyColumn): SQL[] {
  if (!split.whole) return [sql`false`];
  const out: SQL[] = [];
  if (split.whole.from) out.push(gte(month, split.whole.from));
  if (split.whole.to) out.push(lt(month, split.whole.to));
  return out;
}

/** The user's groups (administrators see all). */
function groupScope(user: SessionUser, groupId: AnyColumn): SQL[] {
  if (user.group === 'ADMINISTRATOR') return [];
  return [user.groupIds.length ? inArray(groupId, user.groupIds) : sql`false`];
}

function supplierFilters(f: ReportFilters): SQL[] {
  const out: SQL[] = [];
  if (f.filter_name) out.push(sql`${suppliers.name} ilike ${like(f.filter_name)}`);
  if (f.filter_registration_code)
    out.push(sql`${suppliers.registrationCode} ilike ${like(f.filter_registration_code)}`);
  return out;
}

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** "123.4500" → "123.45" for money (2 places), quantities keep 4. */
const trimTo = (v: string, places: number) => {
  const [i, f = ''] = v.split('.');
  return places ? `${i}.${f.padEnd(places, '0').slice(0, places)}` : i;
};

type WithTotals<T> = T[] | { results: T[]; pages: number; count: number; totals: ReportTotals };

async function withTotals<T>(page: Paged<T>, totals: () => Promise<ReportTotals>): Promise<WithTotals<T>> {
  if (Array.isArray(page)) return page;
  const { _rows, ...t } = await totals();
  return { ...page, totals: t };
}

// ---------- the summaries (db/schema/reports.ts, kept by triggers) ----------

const rts = reportTenderSuppliers;
const rl = reportLines;

/** The summary rows a report looks at: state, period (Tallinn days of the tender start) and the user's groups. */
function summaryScope(
  user: SessionUser,
  f: ReportFilters,
  t: { tenderStart: AnyColumn; groupId: AnyColumn },
): SQL[] {
  const conds: SQL[] = [];
  if (f.filter_start) conds.push(gte(t.tenderStart, tallinnDayStart(f.filter_start)));
  if (f.filter_finish) conds.push(lt(t.tenderStart, tallinnDayStart(nextDay(f.filter_finish))));
  conds.push(...groupScope(user, t.groupId));
  return conds;
}

/** The rows of the orders report without the period (order, lines won, ORDERED, the user's groups). */
function orderBase(user: SessionUser): SQL[] {
  return [
    sql`${rts.orderId} is not null`,
    sql`${rts.details} > 0`,
    eq(rts.status, 'ORDERED'),
    ...groupScope(user, rts.groupId),
  ];
}

/** Purchase orders with what was won: the rows of the orders report and, grouped, of the consolidated one. */
function orderScope(user: SessionUser, f: ReportFilters): SQL[] {
  return [
    sql`${rts.orderId} is not null`,
    sql`${rts.details} > 0`,
    eq(rts.status, 'ORDERED'),
    ...summaryScope(user, f, rts),
  ];
}

/** Supplier name and registration code filters as an id list on the summary (no join needed to filter). */
function supplierIdFilters(f: ReportFilters, col: AnyColumn = rts.supplierId): SQL[] {
  const conds = supplierFilters(f);
  if (!conds.length) return [];
  return [sql`${col} in (select ${suppliers.id} from ${suppliers} where ${and(...conds)})`];
}

/** `col = any(ids)`, the ids bound as one array (a catalogue's worth of ids would overflow a list of parameters). */
const anyOf = (col: AnyColumn, ids: number[]) => sql`${col} = any(${sql.param(ids)}::int[])`;

/**
 * The ids of the rows of a small table (companies, parts) each pattern matches in any of `cols`. Searches and text
 * filters on the summaries look these up first, so that on the summary a word is an id list: the planner can OR it
 * with the trigram indexes on the codes, or add up an index-only range, instead of testing every row of the period
 * with a sub-select (see BENCHMARKS.md, Reports).
 */
async function idsByPattern(
  db: Db,
  patterns: string[],
  table: typeof suppliers | typeof parts,
  cols: AnyColumn[],
): Promise<Map<string, number[]>> {
  const ids = new Map<string, number[]>(patterns.map((p) => [p, []]));
  if (!patterns.length) return ids;
  const rows = await queryRows<{ p: string; id: number }>(
    db,
    sql`select w.p, ${table}.id from unnest(${sql.param(patterns)}::text[]) as w(p)
        join ${table} on ${sql.join(
          cols.map((c) => sql`${c} ilike w.p`),
          sql` or `,
        )}`,
  );
  for (const r of rows) ids.get(r.p)?.push(r.id);
  return ids;
}

/** The search on the company (name or registration code) as an id list per word on the summary. */
async function companySearch(db: Db, search: string | undefined): Promise<(p: string) => SQL> {
  const ids = await idsByPattern(db, searchPatterns(search), suppliers, [
    suppliers.name,
    suppliers.registrationCode,
  ]);
  return (p) => anyOf(rts.supplierId, ids.get(p) ?? []);
}

type SumKind = 'int' | 'dec2' | 'dec4' | 'count' | 'rows';

/** Runs a promise-returning function at most once. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= f();
    return p;
  };
}

/** Sums of summary columns over the filtered rows. */
async function sums(
  db: Db,
  table: typeof rts | typeof rl,
  where: SQL | undefined,
  fields: Record<string, [SumKind, AnyColumn]>,
): Promise<ReportTotals> {
  const cols = Object.entries(fields).map(([k, [kind, col]]) =>
    kind === 'count'
      ? sql`count(distinct ${col})::text as ${sql.identifier(k)}`
      : kind === 'rows'
        ? sql`count(*)::text as ${sql.identifier(k)}`
        : sql`coalesce(sum(${col}), 0)::text as ${sql.identifier(k)}`,
  );
  const row =
    (await queryRow<Record<string, string>>(
      db,
      sql`select ${sql.join(cols, sql`, `)} from ${table} ${where ? sql`where ${where}` : sql``}`,
    )) ?? {};
  const out: ReportTotals = {};
  for (const [k, [kind]] of Object.entries(fields))
    out[k] =
      kind === 'int' || kind === 'count' || kind === 'rows'
        ? Number(row[k] ?? 0)
        : trimTo(String(row[k] ?? '0'), kind === 'dec4' ? 4 : 2);
  return out;
}

const rsm = reportSupplierMonths;
const rlm = reportLineMonths;

/**
 * Sums over the edge rows of the summaries and the whole months of a roll-up together: each side names, per total,
 * the expression to add up (`cols`); `kinds` says how to sum and format it ('count' counts distinct values). A side
 * with `edges` is read once per edge range (`union all`): each is then an index range of its own, where one OR of
 * the two ranges would be a filter over the whole index.
 */
async function splitSums(
  db: Db,
  sides: {
    from: typeof rts | typeof rl | typeof rsm | typeof rlm;
    where: SQL | undefined;
    edges?: SQL[];
    cols: Record<string, SQL | AnyColumn>;
  }[],
  kinds: Record<string, SumKind>,
): Promise<ReportTotals> {
  const keys = Object.keys(kinds);
  const parts = sides.flatMap((p) =>
    (p.edges ? p.edges.map((e) => and(p.where, e)) : [p.where]).map(
      (where) =>
        sql`select ${sql.join(
          keys.map((k) => sql`${p.cols[k]} as ${sql.identifier(k)}`),
          sql`, `,
        )} from ${p.from} ${where ? sql`where ${where}` : sql``}`,
    ),
  );
  const cols = keys.map((k) =>
    kinds[k] === 'count'
      ? sql`count(distinct ${sql.identifier(k)})::text as ${sql.identifier(k)}`
      : sql`coalesce(sum(${sql.identifier(k)}), 0)::text as ${sql.identifier(k)}`,
  );
  const row =
    (await queryRow<Record<string, string>>(
      db,
      sql`select ${sql.join(cols, sql`, `)} from (${sql.join(parts, sql` union all `)}) as u`,
    )) ?? {};
  const out: ReportTotals = {};
  for (const k of keys)
    out[k] =
      kinds[k] === 'int' || kinds[k] === 'count' || kinds[k] === 'rows'
        ? Number(row[k] ?? 0)
        : trimTo(String(row[k] ?? '0'), kinds[k] === 'dec4' ? 4 : 2);
  return out;
}

// ---------- orders: one row per purchase order of an ORDERED tender ----------

export async function ordersReport(db: Db, user: SessionUser, q: ListQuery & ReportFilters) {
  const select = () =>
    db
      .select({
        id: rts.orderId,
        tenderId: rts.tenderId,
        supplierId: rts.supplierId,
        tenderCode: rts.tenderCode,
        details: rts.details,
        total: rts.total,
      })
      .from(rts)
      .$dynamic();
  const spec: ListSpec = {
    ordering: {
      code: rts.tenderCode,
      tender_code: rts.tenderCode,
      tender: rts.tenderCode,
      name: supplierName,
      order_code: rts.orderCode,
      period: rts.tenderStart,
      start: rts.tenderStart,
      number_of_details: rts.details,
      sum_of_details: rts.total,
      id: rts.orderId,
    },
    defaultOrdering: 'code',
    search: [await companySearch(db, q.search), rts.tenderCode, rts.orderCode],
    id: rts.orderId,
  };
  const where = [...orderScope(user, q), ...supplierIdFilters(q)];
  const split = splitPeriod(q);
  const totals = once(() =>
    q.search || q.ids
      ? sums(
          db,
          rts,
          and(...where, searchWhere(spec, q.search), q.ids ? inArray(rts.orderId, q.ids) : undefined),
          {
            number_of_details: ['int', rts.details],
            sum_of_details: ['dec2', rts.total],
            _rows: ['rows', rts.tenderId],
          },
        )
      : // whole months from the roll-up, the edges of the period from the summary
        splitSums(
          db,
          [
            {
              from: rts,
              where: and(...orderBase(user), ...supplierIdFilters(q)),
              edges: edgeRanges(split, rts.tenderStart),
              cols: { number_of_details: rts.details, sum_of_details: rts.total, _rows: sql`1` },
            },
            {
              from: rsm,
              where: and(
                sql`${rsm.orders} > 0`,
                ...groupScope(user, rsm.groupId),
                ...monthWhere(split, rsm.month),
                ...supplierIdFilters(q, rsm.supplierId),
              ),
              cols: {
                number_of_details: rsm.orderDetails,
                sum_of_details: rsm.orderTotal,
                _rows: rsm.orders,
              },
            },
          ],
          { number_of_details: 'int', sum_of_details: 'dec2', _rows: 'rows' },
        ),
  );
  const page = await paginate({
    db,
    query: q,
    spec,
    count: async () => Number((await totals())._rows),
    select,
    where,
    map: async (rows) => {
      const refs = await loadRefs(db, rows);
      return rows.map((r) => {
        const t = refs.tender(r.tenderId);
        const s = refs.supplier(r.supplierId);
        return {
          id: Number(r.id),
          name: s.name,
          registration_code: s.registrationCode,
          order_code: refs.order(Number(r.id)),
          tender: r.tenderId,
          tender_code: r.tenderCode,
          tender_status: t.status,
          period: { start: iso(t.start), finish: iso(t.finish) },
          number_of_details: Number(r.details),
          sum_of_details: String(r.total),
        };
      });
    },
  });
  return withTotals(page, totals);
}

/** The page's tenders, companies, purchase orders and parts, loaded by id (the summaries hold only ids and codes). */
async function loadRefs(
  db: Db,
  rows: { tenderId: number; supplierId?: number; id?: number | null; partId?: number }[],
) {
  const ids = (xs: (number | null | undefined)[]) => [...new Set(xs.filter((x): x is number => x != null))];
  const tenderIds = ids(rows.map((r) => r.tenderId));
  const supplierIds = ids(rows.map((r) => r.supplierId));
  const orderIds = ids(rows.map((r) => (r.supplierId !== undefined && r.partId === undefined ? r.id : null)));
  const partIds = ids(rows.map((r) => r.partId));
  const [ts, ss, os, ps] = await Promise.all([
    tenderIds.length
      ? db
          .select({ id: tenders.id, status: tenders.status, start: tenders.start, finish: tenders.finish })
          .from(tenders)
          .where(inArray(tenders.id, tenderIds))
      : [],
    supplierIds.length
      ? db
          .select({ id: suppliers.id, name: suppliers.name, registrationCode: suppliers.registrationCode })
          .from(suppliers)
          .where(inArray(suppliers.id, supplierIds))
      : [],
    orderIds.length
      ? db
          .select({ id: purchaseOrders.id, code: purchaseOrders.orderCode })
          .from(purchaseOrders)
          .where(inArray(purchaseOrders.id, orderIds))
      : [],
    partIds.length
      ? db.select({ id: parts.id, name: parts.name }).from(parts).where(inArray(parts.id, partIds))
      : [],
  ]);
  const tm = new Map(ts.map((t) => [t.id, t]));
  const sm = new Map(ss.map((x) => [x.id, x]));
  const om = new Map(os.map((o) => [o.id, o.code]));
  const pm = new Map(ps.map((x) => [x.id, x.name]));
  return {
    tender: (id: number) =>
      tm.get(id) ?? { id, status: 'ORDERED' as const, start: new Date(0), finish: new Date(0) },
    supplier: (id: number) => sm.get(id) ?? { id, name: '', registrationCode: '' },
    order: (id: number) => om.get(id) ?? '',
    part: (id: number) => pm.get(id) ?? '',
  };
}

/** A company's name for ordering, looked up per row of the filtered result. */
const supplierName = sql`(select s.name from ${suppliers} s where s.id = ${rts.supplierId})`;

// ---------- consolidated: one row per company over its orders in the period ----------

export async function consolidatedReport(db: Db, user: SessionUser, q: ListQuery & ReportFilters) {
  const split = splitPeriod(q);
  // Per company: its orders in the partial months at the period's edges (summary rows) and in the whole months
  // between them (roll-up rows), added up.
  const sides = (extra: (supplierId: AnyColumn) => (SQL | undefined)[]) => {
    const edge = db
      .select({
        supplierId: sql<number>`${rts.supplierId}`.as('supplier_id'),
        details: sql<number>`${rts.details}`.as('details'),
        qty: sql<string>`${rts.qty}`.as('qty'),
        orders: sql<number>`1`.as('orders'),
        total: sql<string>`${rts.total}`.as('total'),
      })
      .from(rts)
      .where(
        and(
          ...orderBase(user),
          edgeWhere(split, rts.tenderStart),
          ...supplierIdFilters(q),
          ...extra(rts.supplierId),
        ),
      );
    const months = db
      .select({
        supplierId: sql<number>`${rsm.supplierId}`.as('supplier_id'),
        details: sql<number>`${rsm.orderDetails}`.as('details'),
        qty: sql<string>`${rsm.orderQty}`.as('qty'),
        orders: sql<number>`${rsm.orders}`.as('orders'),
        total: sql<string>`${rsm.orderTotal}`.as('total'),
      })
      .from(rsm)
      .where(
        and(
          sql`${rsm.orders} > 0`,
          ...groupScope(user, rsm.groupId),
          ...monthWhere(split, rsm.month),
          ...supplierIdFilters(q, rsm.supplierId),
          ...extra(rsm.supplierId),
        ),
      );
    return split.whole ? edge.unionAll(months) : edge;
  };
  const u = sides(() => []).as('u');
  const agg = db
    .select({
      supplierId: u.supplierId,
      details: sql<number>`sum(${u.details})::int`.as('c_details'),
      qty: sql<string>`sum(${u.qty})`.as('c_qty'),
      orders: sql<number>`sum(${u.orders})::int`.as('c_orders'),
      total: sql<string>`sum(${u.total})`.as('c_total'),
    })
    .from(u)
    .groupBy(u.supplierId)
    .as('c');
  const select = () =>
    db
      .select({
        id: suppliers.id,
        name: suppliers.name,
        registrationCode: suppliers.registrationCode,
        details: agg.details,
        qty: agg.qty,
        orders: agg.orders,
        total: agg.total,
      })
      .from(agg)
      .innerJoin(suppliers, eq(suppliers.id, agg.supplierId))
      .$dynamic();
  const spec: ListSpec = {
    ordering: {
      code: suppliers.registrationCode,
      registration_code: suppliers.registrationCode,
      name: suppliers.name,
      ordered_number_of_details: agg.details,
      ordered_qty: agg.qty,
      orders_qty: agg.orders,
      orders_sum: agg.total,
      id: suppliers.id,
    },
    defaultOrdering: 'code',
    search: [suppliers.name, suppliers.registrationCode],
    id: suppliers.id,
  };
  const start = q.filter_start ?? null;
  const finish = q.filter_finish ? nextDay(q.filter_finish) : null;
  const search = searchWhere(spec, q.search);
  const narrow = (col: AnyColumn) => [
    search ? sql`${col} in (select ${suppliers.id} from ${suppliers} where ${search})` : undefined,
    q.ids ? inArray(col, q.ids) : undefined,
  ];
  const totals = once(async () => {
    const t = sides(narrow).as('t');
    const [r] = await db
      .select({
        details: sql<string>`coalesce(sum(${t.details}), 0)::text`,
        qty: sql<string>`coalesce(sum(${t.qty}), 0)::text`,
        orders: sql<string>`coalesce(sum(${t.orders}), 0)::text`,
        total: sql<string>`coalesce(sum(${t.total}), 0)::text`,
        companies: sql<string>`count(distinct ${t.supplierId})::text`,
      })
      .from(t);
    return {
      ordered_number_of_details: Number(r?.details ?? 0),
      ordered_qty: trimTo(r?.qty ?? '0', 4),
      orders_qty: Number(r?.orders ?? 0),
      orders_sum: trimTo(r?.total ?? '0', 2),
      _rows: Number(r?.companies ?? 0),
    } satisfies ReportTotals;
  });
  const page = await paginate({
    db,
    query: q,
    spec,
    count: async () => Number((await totals())._rows),
    select,
    map: (rows) =>
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        registration_code: r.registrationCode,
        ordered_number_of_details: Number(r.details),
        ordered_qty: String(r.qty),
        orders_qty: Number(r.orders),
        orders_sum: String(r.total),
        start,
        finish,
      })),
  });
  return withTotals(page, totals);
}

/** Spend per month (of the tender start, Europe/Tallinn) and group over the consolidated report's orders. */
export async function spendChart(db: Db, user: SessionUser, f: ReportFilters) {
  const split = splitPeriod(f);
  const edge = db
    .select({
      month: sql<string>`to_char(${rts.tenderStart} at time zone 'Europe/Tallinn', 'YYYY-MM')`.as('month'),
      groupId: sql<number>`${rts.groupId}`.as('group_id'),
      total: sql<string>`${rts.total}`.as('total'),
    })
    .from(rts)
    .where(and(...orderBase(user), edgeWhere(split, rts.tenderStart), ...supplierIdFilters(f)));
  const months = db
    .select({
      month: sql<string>`to_char(${rsm.month}, 'YYYY-MM')`.as('month'),
      groupId: sql<number>`${rsm.groupId}`.as('group_id'),
      total: sql<string>`${rsm.orderTotal}`.as('total'),
    })
    .from(rsm)
    .where(
      and(
        sql`${rsm.orders} > 0`,
        ...groupScope(user, rsm.groupId),
        ...monthWhere(split, rsm.month),
        ...supplierIdFilters(f, rsm.supplierId),
      ),
    );
  const u = (split.whole ? edge.unionAll(months) : edge).as('u');
  const rows = await db
    .select({ month: u.month, group: groups.name, sum: sql<string>`sum(${u.total})::text` })
    .from(u)
    .innerJoin(groups, eq(groups.id, u.groupId))
    .groupBy(u.month, groups.name)
    .orderBy(u.month, groups.name);
  return rows.map((r) => ({ month: r.month, group: r.group, sum: r.sum }));
}

// ---------- parts: one row per tender line with offers ----------

export async function partsReport(db: Db, user: SessionUser, q: ListQuery & ReportFilters) {
  const partWords = await idsByPattern(db, searchPatterns(q.search), parts, [parts.code, parts.name]);
  const select = () =>
    db
      .select({
        id: rl.detailId,
        code: rl.partCode,
        partId: rl.partId,
        tenderId: rl.tenderId,
        tenderCode: rl.tenderCode,
        minPrice: rl.minPrice,
        maxPrice: rl.maxPrice,
        prices: rl.prices,
        reasons: rl.reasons,
        qty: rl.qty,
        total: rl.total,
      })
      .from(rl)
      .$dynamic();
  const spec: ListSpec = {
    ordering: {
      code: rl.partCode,
      name: sql`(select p.name from ${parts} p where p.id = ${rl.partId})`,
      tender: rl.tenderCode,
      tender_code: rl.tenderCode,
      period: rl.tenderStart,
      min_price: rl.minPrice,
      max_price: rl.maxPrice,
      sum: rl.total,
      id: rl.detailId,
    },
    defaultOrdering: 'code',
    // the part's code (copied into the summary) or name, as the ids of the parts the word matches; or the tender code
    search: [(p: string) => anyOf(rl.partId, partWords.get(p) ?? []), rl.tenderCode],
    id: rl.detailId,
  };
  const where: SQL[] = summaryScope(user, q, rl);
  for (const [filter, col] of [
    [q.filter_code, parts.code],
    [q.filter_name, parts.name],
  ] as const)
    if (filter) {
      const pattern = like(filter);
      where.push(anyOf(rl.partId, (await idsByPattern(db, [pattern], parts, [col])).get(pattern) ?? []));
    }
  if (q.filter_reason) where.push(sql`${rl.reasons} @> array[${q.filter_reason}]::text[]`);
  const split = splitPeriod(q);
  const totals = once(() =>
    q.search || q.ids || q.filter_code || q.filter_name
      ? sums(
          db,
          rl,
          and(...where, searchWhere(spec, q.search), q.ids ? inArray(rl.detailId, q.ids) : undefined),
          {
            ordered_qty: ['dec4', rl.qty],
            sum: ['dec2', rl.total],
            _rows: ['rows', rl.detailId],
          },
        )
      : // whole months from the roll-up (per reason; '' is every line), the edges of the period from the summary
        splitSums(
          db,
          [
            {
              from: rl,
              edges: edgeRanges(split, rl.tenderStart),
              where: and(
                ...groupScope(user, rl.groupId),
                q.filter_reason ? sql`${rl.reasons} @> array[${q.filter_reason}]::text[]` : undefined,
              ),
              cols: { ordered_qty: rl.qty, sum: rl.total, _rows: sql`1` },
            },
            {
              from: rlm,
              where: and(
                eq(rlm.reason, q.filter_reason ?? ''),
                ...groupScope(user, rlm.groupId),
                ...monthWhere(split, rlm.month),
              ),
              cols: { ordered_qty: rlm.qty, sum: rlm.total, _rows: rlm.lines },
            },
          ],
          { ordered_qty: 'dec4', sum: 'dec2', _rows: 'rows' },
        ),
  );
  const page = await paginate({
    db,
    query: q,
    spec,
    count: async () => Number((await totals())._rows),
    select,
    where,
    map: async (rows) => {
      const refs = await loadRefs(db, rows);
      return rows.map((r) => {
        const t = refs.tender(r.tenderId);
        return {
          id: r.id,
          code: r.code,
          name: refs.part(r.partId),
          tender: r.tenderId,
          tender_code: r.tenderCode,
          tender_status: t.status,
          period: { start: iso(t.start), finish: iso(t.finish) },
          min_price: String(r.minPrice),
          max_price: String(r.maxPrice),
          prices: r.prices.map(String),
          reasons: r.reasons as WinnerReason[],
          ordered_qty: String(r.qty),
          sum: String(r.total),
        };
      });
    },
  });
  return withTotals(page, totals);
}

// ---------- suppliers: one row per company and tender it offered in ----------

export async function suppliersReport(db: Db, user: SessionUser, q: ListQuery & ReportFilters) {
  const select = () =>
    db
      .select({
        id: rts.firstProposalId,
        supplierId: rts.supplierId,
        tenderId: rts.tenderId,
        tenderCode: rts.tenderCode,
        proposals: rts.proposals,
        details: rts.details,
        total: rts.total,
      })
      .from(rts)
      .$dynamic();
  const spec: ListSpec = {
    ordering: {
      code: rts.tenderCode,
      tender: rts.tenderCode,
      tender_code: rts.tenderCode,
      name: supplierName,
      period: rts.tenderStart,
      number_of_proposals: rts.proposals,
      number_of_details: rts.details,
      sum_of_details: rts.total,
      id: rts.firstProposalId,
    },
    defaultOrdering: 'code',
    search: [await companySearch(db, q.search), rts.tenderCode],
    id: rts.firstProposalId,
  };
  const where: SQL[] = [...summaryScope(user, q, rts), ...supplierIdFilters(q)];
  if (q.filter_winner !== undefined)
    where.push(q.filter_winner ? sql`${rts.details} > 0` : sql`${rts.details} = 0`);
  const split = splitPeriod(q);
  // roll-up columns for the winner filter: all rows, rows with lines won, or the rest
  const won = q.filter_winner;
  const monthCols =
    won === undefined
      ? {
          number_of_proposals: rsm.proposals,
          number_of_details: rsm.details,
          sum_of_details: rsm.total,
          _rows: rsm.tenders,
        }
      : won
        ? {
            number_of_proposals: rsm.wonProposals,
            number_of_details: rsm.details,
            sum_of_details: rsm.total,
            _rows: rsm.wonTenders,
          }
        : {
            number_of_proposals: sql`${rsm.proposals} - ${rsm.wonProposals}`,
            number_of_details: sql`0`,
            sum_of_details: sql`0`,
            _rows: sql`${rsm.tenders} - ${rsm.wonTenders}`,
          };
  const totals = once(() =>
    q.search || q.ids
      ? sums(
          db,
          rts,
          and(...where, searchWhere(spec, q.search), q.ids ? inArray(rts.firstProposalId, q.ids) : undefined),
          {
            number_of_proposals: ['int', rts.proposals],
            number_of_details: ['int', rts.details],
            sum_of_details: ['dec2', rts.total],
            _rows: ['rows', rts.tenderId],
          },
        )
      : splitSums(
          db,
          [
            {
              from: rts,
              edges: edgeRanges(split, rts.tenderStart),
              where: and(
                ...groupScope(user, rts.groupId),
                ...supplierIdFilters(q),
                won === undefined ? undefined : won ? sql`${rts.details} > 0` : sql`${rts.details} = 0`,
              ),
              cols: {
                number_of_proposals: rts.proposals,
                number_of_details: rts.details,
                sum_of_details: rts.total,
                _rows: sql`1`,
              },
            },
            {
              from: rsm,
              where: and(
                ...groupScope(user, rsm.groupId),
                ...monthWhere(split, rsm.month),
                ...supplierIdFilters(q, rsm.supplierId),
              ),
              cols: monthCols,
            },
          ],
          { number_of_proposals: 'int', number_of_details: 'int', sum_of_details: 'dec2', _rows: 'rows' },
        ),
  );
  const page = await paginate({
    db,
    query: q,
    spec,
    count: async () => Number((await totals())._rows),
    select,
    where,
    map: async (rows) => {
      const refs = await loadRefs(
        db,
        rows.map((r) => ({ tenderId: r.tenderId, supplierId: r.supplierId })),
      );
      return rows.map((r) => {
        const t = refs.tender(r.tenderId);
        const s = refs.supplier(r.supplierId);
        return {
          id: Number(r.id),
          supplier: r.supplierId,
          name: s.name,
          registration_code: s.registrationCode,
          tender: r.tenderId,
          tender_code: r.tenderCode,
          tender_status: t.status,
          period: { start: iso(t.start), finish: iso(t.finish) },
          number_of_proposals: Number(r.proposals),
          number_of_details: Number(r.details),
          sum_of_details: String(r.total),
        };
      });
    },
  });
  return withTotals(page, totals);
}

// ---------- categories: which company serves which categories in which group ----------

export interface CategoryFilters {
  filter_name?: string;
  filter_group?: string[];
  filter_category?: string[];
}

export async function categoriesReport(db: Db, q: ListQuery & CategoryFilters) {
  const where: SQL[] = [eq(suppliers.isActive, true)];
  if (q.filter_name) where.push(sql`${suppliers.name} ilike ${like(q.filter_name)}`);
  if (q.filter_group?.length)
    where.push(
      sql`${suppliers.id} in (select sg.supplier_id from ${supplierGroups} sg join ${groups} g on g.id = sg.group_id where lower(g.name) in (${sql.join(
        q.filter_group.map((n) => sql`lower(${n})`),
        sql`, `,
      )}))`,
    );
  if (q.filter_category?.length)
    where.push(
      sql`${suppliers.id} in (select scg.supplier_id from ${supplierCategoryGroups} scg join ${categories} c on c.id = scg.category_id
        ${
          q.filter_group?.length
            ? sql`join ${groups} g on g.id = scg.group_id and lower(g.name) in (${sql.join(
                q.filter_group.map((n) => sql`lower(${n})`),
                sql`, `,
              )})`
            : sql``
        }
        where lower(c.name) in (${sql.join(
          q.filter_category.map((n) => sql`lower(${n})`),
          sql`, `,
        )}))`,
    );
  const spec: ListSpec = {
    ordering: { pk: suppliers.id, id: suppliers.id, name: suppliers.name, code: suppliers.registrationCode },
    defaultOrdering: 'pk',
    search: [
      suppliers.name,
      suppliers.registrationCode,
      (p: string) =>
        sql`${suppliers.id} in (select scg.supplier_id from ${supplierCategoryGroups} scg join ${categories} c on c.id = scg.category_id where c.name ilike ${p})`,
    ],
    id: suppliers.id,
  };
  return paginate({
    db,
    query: q,
    spec,
    select: () =>
      db
        .select({ id: suppliers.id, name: suppliers.name, registrationCode: suppliers.registrationCode })
        .from(suppliers)
        .$dynamic(),
    where,
    map: async (rows) => {
      const ids = rows.map((r) => r.id);
      if (!ids.length) return [];
      const gs = await db
        .select({ supplierId: supplierGroups.supplierId, id: groups.id, name: groups.name })
        .from(supplierGroups)
        .innerJoin(groups, eq(groups.id, supplierGroups.groupId))
        .where(and(inArray(supplierGroups.supplierId, ids), eq(groups.isDeleted, false)))
        .orderBy(groups.name);
      const cs = await db
        .select({
          supplierId: supplierCategoryGroups.supplierId,
          groupId: supplierCategoryGroups.groupId,
          id: categories.id,
          name: categories.name,
          groups: sql<
            string[]
          >`coalesce((select array_agg(g2.name order by g2.name) from ${categoryGroups} cg2 join ${groups} g2 on g2.id = cg2.group_id where cg2.category_id = ${categories.id}), '{}')`,
        })
        .from(supplierCategoryGroups)
        .innerJoin(categories, eq(categories.id, supplierCategoryGroups.categoryId))
        .where(and(inArray(supplierCategoryGroups.supplierId, ids), eq(categories.isDeleted, false)))
        .orderBy(categories.name);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        registration_code: r.registrationCode,
        groups: gs
          .filter((g) => g.supplierId === r.id)
          .map((g) => ({
            id: g.id,
            name: g.name,
            categories: cs
              .filter((c) => c.supplierId === r.id && c.groupId === g.id)
              .map((c) => ({ id: c.id, name: c.name, groups: c.groups })),
          })),
      }));
    },
  });
}

/** The category tree of the chosen groups (categories linked to any of them, with their ancestors). */
export async function categoryTree(db: Db, groupNames: string[]) {
  const all = await db
    .select({
      id: categories.id,
      name: categories.name,
      parentId: categories.parentId,
      order: categories.order,
      groups: sql<
        string[]
      >`coalesce((select array_agg(g.name order by g.name) from ${categoryGroups} cg join ${groups} g on g.id = cg.group_id where cg.category_id = ${categories.id}), '{}')`,
    })
    .from(categories)
    .where(and(eq(categories.isDeleted, false), eq(categories.isPlaced, true)))
    .orderBy(categories.order, categories.name);
  const wanted = new Set(groupNames.map((g) => g.toLowerCase()));
  const byId = new Map(all.map((c) => [c.id, c]));
  const keep = new Set<number>();
  for (const c of all) {
    if (!c.groups.some((g) => wanted.has(g.toLowerCase()))) continue;
    for (
      let x: typeof c | undefined = c;
      x && !keep.has(x.id);
      x = x.parentId ? byId.get(x.parentId) : undefined
    )
      keep.add(x.id);
  }
  type Node = { key: number; text: string; groups: string[]; nested: Node[] };
  const nodes = new Map<number, Node>();
  for (const c of all)
    if (keep.has(c.id)) nodes.set(c.id, { key: c.id, text: c.name, groups: c.groups, nested: [] });
  const roots: Node[] = [];
  for (const c of all) {
    const n = nodes.get(c.id);
    if (!n) continue;
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    if (parent) parent.nested.push(n);
    else roots.push(n);
  }
  return roots;
}
