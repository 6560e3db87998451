// The comparison matrix of an opened tender (buyers; FINISHED, CHOOSING, ORDERED): one row per line, one column per
// supplier company, a cell per company and line with its best offer line. Everything that spans the tender (the
// companies' totals, the three sums, the row order and filters) is aggregated in SQL; rows go out in windows, so no
// answer grows with the tender (BENCHMARKS.md "Evaluation view and comparison matrix on the worst tender").
//
// A company's cell is its cheapest offer line on the line whose producer is not blacklisted for the part (its
// cheapest blacklisted one when it has no other: shown greyed, never best, never counted in a total). A line's best
// is the cheapest of its cells. The reference price (the "budget" of a line) is the median price paid for the part
// in ORDERED tenders over the twelve months before now; a line is above it when its best price is higher.
import type { MatrixCell, MatrixFilter, MatrixSort, TenderStatus } from '@portal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenders } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { inIds, queryRows } from '../../lib/sql.ts';
import { tenderVisibleWhere } from './access.ts';
import { wrongState } from './core.ts';

/** States in which buyers compare the offers. */
export const MATRIX_STATES: TenderStatus[] = ['FINISHED', 'CHOOSING', 'ORDERED'];

/** The tender, when the buyer may see it (else 404) and it is in a state the matrix answers in (else 400). */
export async function matrixTender(db: Db, user: SessionUser, id: number) {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status, code: tenders.tenderCode })
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(user)));
  if (!t) throw notFound();
  if (!MATRIX_STATES.includes(t.status as TenderStatus)) throw wrongState();
  return t;
}

/**
 * The common part of every matrix statement: the tender's lines with their need (`l`), their offers with the
 * blacklist flag (`o`), each company's cell price per line (`c`: cheapest not blacklisted), each line's best
 * (`lb`) and the reference prices (`ref`).
 */
function base(tenderId: number): SQL {
  const since = new Date(now().getTime() - 365 * 24 * 3600 * 1000);
  return sql`
    l as (
      select d.id, d.part_id, coalesce(d.qty, greatest(0, d.replenishment_qty + d.replacement_qty)) need
      from details d where d.tender_id = ${tenderId} and not d.is_deleted
    ),
    blp as (
      select distinct b.part_id, bp.producer_id
      from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
      where b.is_active and not b.is_deleted and b.part_id in (select part_id from l)
    ),
    o as (
      select p.id, p.detail_id, p.supplier_id, p.price, p.producer_id, (blp.part_id is not null) bl
      from proposals p
      join l on l.id = p.detail_id
      left join blp on blp.part_id = l.part_id and blp.producer_id = p.producer_id
      where p.tender_id = ${tenderId}
    ),
    c as (
      select detail_id, supplier_id, min(price) filter (where not bl) price, count(*)::int n
      from o group by detail_id, supplier_id
    ),
    lb as (
      select l.id, min(c.price) best, max(c.price) worst, coalesce(sum(c.n), 0)::int offers
      from l left join c on c.detail_id = l.id group by l.id
    ),
    ref as (
      select d2.part_id, percentile_cont(0.5) within group (order by p2.price) ref
      from winners w2
      join proposals p2 on p2.id = w2.proposal_id
      join details d2 on d2.id = w2.detail_id
      join tenders t2 on t2.id = d2.tender_id
      where t2.status = 'ORDERED' and t2.id <> ${tenderId} and w2.created >= ${since.toISOString()}::timestamptz
        and d2.part_id in (select part_id from l)
      group by d2.part_id
    )`;
}

const money = (v: unknown) => (v == null ? null : Number(v).toFixed(2));
const dec4 = (v: unknown) => (v == null ? null : String(v));

export interface MatrixSupplier {
  id: number;
  name: string;
  /** Lines the company has a cell on that counts (an offer whose producer is not blacklisted). */
  lines: number;
  /** Sum over those lines of round(cell price × need, 2). */
  total: string;
  /** Lines on which its cell is the best. */
  best_lines: number;
}

/** The matrix's columns, totals and sums (the whole tender, aggregated in SQL). */
export async function matrixSummary(db: Db, user: SessionUser, id: number) {
  const t = await matrixTender(db, user, id);
  // One statement: the aggregates over every offer (`c`, `lb`) are computed once for the columns and the sums.
  const [sums] = await queryRows<{
    suppliers: { id: number; name: string; lines: number; total: string | null; best_lines: number }[] | null;
    lines: number;
    with_offers: number;
    cheapest_total: string | null;
    no_offers: number;
    above_budget: number;
    chosen_total: string | null;
    chosen_lines: number;
  }>(
    db,
    sql`with ${base(t.id)},
    sup as (
      select s.id, s.name, count(c.price)::int lines, sum(round(c.price * l.need, 2))::text total,
             count(*) filter (where c.price = lb.best)::int best_lines
      from c join l on l.id = c.detail_id join lb on lb.id = c.detail_id join suppliers s on s.id = c.supplier_id
      group by s.id, s.name
    )
    select (select json_agg(sup order by sup.name, sup.id) from sup) suppliers,
           (select count(*) from l)::int lines,
           (select count(*) from lb where best is not null)::int with_offers,
           (select sum(round(lb.best * l.need, 2)) from lb join l on l.id = lb.id) cheapest_total,
           (select count(*) from lb where offers = 0)::int no_offers,
           (select count(*) from lb join l on l.id = lb.id join ref on ref.part_id = l.part_id
             where lb.best > ref.ref)::int above_budget,
           (select sum(round(w.amount * p.price, 2)) from winners w join proposals p on p.id = w.proposal_id
             join l on l.id = w.detail_id) chosen_total,
           (select count(distinct w.detail_id) from winners w join l on l.id = w.detail_id)::int chosen_lines`,
  );
  const suppliers = sums.suppliers ?? [];
  const cols: MatrixSupplier[] = suppliers.map((s) => ({
    id: s.id,
    name: s.name,
    lines: s.lines,
    total: money(s.total) ?? '0.00',
    best_lines: s.best_lines,
  }));
  // The cheapest single company: of those covering the most lines, the lowest total for them.
  const single = cols
    .filter((s) => s.lines > 0)
    .sort((a, b) => b.lines - a.lines || Number(a.total) - Number(b.total))[0];
  return {
    tender: { id: t.id, status: t.status as TenderStatus, tender_code: t.code },
    suppliers: cols,
    lines: sums.lines,
    lines_with_offers: sums.with_offers,
    lines_without_offers: sums.no_offers,
    lines_above_budget: sums.above_budget,
    sums: {
      cheapest_per_line: { total: money(sums.cheapest_total) ?? '0.00', lines: sums.with_offers },
      cheapest_supplier: single
        ? { supplier: single.id, supplier_name: single.name, total: single.total, lines: single.lines }
        : null,
      current_choice: { total: money(sums.chosen_total) ?? '0.00', lines: sums.chosen_lines },
    },
  };
}

export interface MatrixQuery {
  offset?: number;
  limit?: number;
  sort?: MatrixSort;
  desc?: boolean;
  filter?: MatrixFilter;
  supplier?: number;
}

const ORDER: Record<MatrixSort, SQL> = {
  line: sql`l.id`,
  part_code: sql`pa.code`,
  part_name: sql`pa.name`,
  best_price: sql`lb.best`,
  offers: sql`lb.offers`,
  spread: sql`(lb.worst - lb.best) / nullif(lb.best, 0)`,
};

/** A window of the matrix's rows, sorted and filtered over the whole tender in SQL. */
export async function matrixRows(db: Db, user: SessionUser, id: number, q: MatrixQuery) {
  const t = await matrixTender(db, user, id);
  const offset = q.offset ?? 0;
  const limit = q.limit ?? 100;
  const filter = q.filter ?? 'all';
  const where: SQL[] = [sql`true`];
  if (filter === 'no_offers') where.push(sql`lb.offers = 0`);
  if (filter === 'above_budget') where.push(sql`lb.best > ref.ref`);
  if (filter === 'no_winner') where.push(sql`not exists (select 1 from winners w where w.detail_id = l.id)`);
  if (q.supplier !== undefined)
    where.push(sql`exists (select 1 from c where c.detail_id = l.id and c.supplier_id = ${q.supplier})`);
  const dir = q.desc ? sql`desc nulls last` : sql`asc nulls last`;
  const rows = await queryRows<{
    id: number;
    part: number;
    part_code: string;
    part_name: string;
    unit: string | null;
    need: string;
    ref: string | null;
    best: string | null;
    offers: number;
    total: number;
  }>(
    db,
    sql`with ${base(t.id)}
    select l.id, l.part_id part, pa.code part_code, pa.name part_name, u.code unit, l.need::text need,
           round(ref.ref::numeric, 4)::text ref, lb.best::text best, lb.offers, count(*) over ()::int total
    from l join lb on lb.id = l.id join parts pa on pa.id = l.part_id left join units u on u.id = pa.unit_id
    left join ref on ref.part_id = l.part_id
    where ${sql.join(where, sql` and `)}
    order by ${ORDER[q.sort ?? 'line']} ${dir}, l.id
    offset ${offset} limit ${limit}`,
  );
  const ids = rows.map((r) => r.id);
  const cells = ids.length
    ? await queryRows<{
        detail_id: number;
        supplier_id: number;
        id: number;
        price: string;
        delivery_date: string;
        producer_id: number;
        producer_name: string;
        available_qty: string | null;
        n: number;
        bl: boolean;
        winner: boolean;
      }>(
        db,
        sql`with d as (select id, part_id from details where ${inIds(sql`id`, ids)}),
        blp as (
          select distinct b.part_id, bp.producer_id
          from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
          where b.is_active and not b.is_deleted and b.part_id in (select part_id from d)
        ),
        o as (
          select p.id, p.detail_id, p.supplier_id, p.price, p.delivery_date::text delivery_date, p.producer_id,
                 pr.name producer_name, p.available_qty::text available_qty, (blp.part_id is not null) bl,
                 exists (select 1 from winners w where w.proposal_id = p.id) winner
          from proposals p join d on d.id = p.detail_id join producers pr on pr.id = p.producer_id
          left join blp on blp.part_id = d.part_id and blp.producer_id = p.producer_id
        )
        select distinct on (detail_id, supplier_id) *, count(*) over (partition by detail_id, supplier_id)::int n
        from o order by detail_id, supplier_id, bl, price, id`,
      )
    : [];
  const winners = ids.length
    ? await queryRows<{ detail_id: number; proposal_id: number; supplier_id: number; amount: string }>(
        db,
        sql`select w.detail_id, w.proposal_id, p.supplier_id, w.amount::text amount
            from winners w join proposals p on p.id = w.proposal_id
            where ${inIds(sql`w.detail_id`, ids)} order by w.id`,
      )
    : [];
  const cellsByLine = Map.groupBy(cells, (c) => c.detail_id);
  const winnersByLine = Map.groupBy(winners, (w) => w.detail_id);
  return {
    count: rows[0]?.total ?? (offset > 0 ? await countRows(db, t.id, where) : 0),
    offset,
    limit,
    rows: rows.map((r) => {
      const won = winnersByLine.get(r.id) ?? [];
      const wonSuppliers = new Set(won.map((w) => w.supplier_id));
      return {
        id: r.id,
        part: r.part,
        part_code: r.part_code,
        part_name: r.part_name,
        unit: r.unit,
        qty: r.need,
        reference_price: r.ref,
        above_budget: r.best != null && r.ref != null && Number(r.best) > Number(r.ref),
        best_price: dec4(r.best),
        offers: r.offers,
        winners: won.map((w) => ({ proposal: w.proposal_id, supplier: w.supplier_id, amount: w.amount })),
        cells: (cellsByLine.get(r.id) ?? []).map(
          (c): MatrixCell => ({
            supplier: c.supplier_id,
            proposal: c.id,
            price: String(c.price),
            delivery_date: c.delivery_date,
            producer: c.producer_id,
            producer_name: c.producer_name,
            available_qty: c.available_qty,
            offers: c.n,
            best: !c.bl && r.best != null && String(c.price) === String(r.best),
            blacklisted: c.bl,
            winner: c.winner || wonSuppliers.has(c.supplier_id),
          }),
        ),
      };
    }),
  };
}

/** The rows a window past the end would have had (the count its page-less answer still tells). */
async function countRows(db: Db, tenderId: number, where: SQL[]) {
  const [r] = await queryRows<{ n: number }>(
    db,
    sql`with ${base(tenderId)}
    select count(*)::int n from l join lb on lb.id = l.id left join ref on ref.part_id = l.part_id
    where ${sql.join(where, sql` and `)}`,
  );
  return r?.n ?? 0;
}

/** Every row of the matrix (the spreadsheet), with the summary. */
export async function matrixAll(db: Db, user: SessionUser, id: number) {
  const summary = await matrixSummary(db, user, id);
  const rows: Awaited<ReturnType<typeof matrixRows>>['rows'] = [];
  for (let offset = 0; offset < summary.lines; offset += 500)
    rows.push(...(await matrixRows(db, user, id, { offset, limit: 500 })).rows);
  return { summary, rows };
}
