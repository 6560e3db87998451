// A winner save costs what its line costs (issue 37, migration 0014_report_incremental): it rewrites no report
// summary of the other lines, and two buyers saving winners on two lines of one tender do not wait for each other
// (only two saves of the same line take turns). The report roll-ups and the list counters stay equal to a recount.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { resolveToken } from '../../lib/auth.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { expectedRollups, loadRaw, loadRollups } from '../../test/reportReference.ts';
import { buildTender, getLines, patchTender } from '../../test/tenders.ts';
import { addWinners } from './winners.ts';

const ctx = await testContext();
const onPostgres = !!process.env.DATABASE_URL;

/** Every report summary and roll-up row: its key, its row version (xmin) and its content. */
async function reportRows() {
  const rows = await queryRows<{ key: string; xmin: string; row: string }>(
    ctx.db,
    sql`select 'line ' || detail_id as key, xmin::text as xmin, to_jsonb(r)::text as row from report_lines r
        union all
        select 'pair ' || tender_id || ':' || supplier_id, xmin::text, to_jsonb(r)::text from report_tender_suppliers r
        union all
        select 'company month ' || month || ':' || group_id || ':' || supplier_id, xmin::text, to_jsonb(m)::text
        from report_supplier_months m
        union all
        select 'line month ' || month || ':' || group_id || ':' || reason, xmin::text, to_jsonb(m)::text
        from report_line_months m`,
  );
  return new Map(rows.map((r) => [r.key, { xmin: r.xmin, row: r.row }]));
}

/** Keys whose row is new, gone, or written again (another xmin) between two snapshots. */
function touched(before: Map<string, unknown>, after: Map<string, unknown>) {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((k) => JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k))).sort();
}

async function expectRollupsExact(step: string) {
  const exp = expectedRollups(await loadRaw(ctx.db));
  const got = await loadRollups(ctx.db);
  expect(Object.fromEntries(got.suppliers), `${step}: per company and month`).toEqual(
    Object.fromEntries(exp.suppliers),
  );
  expect(Object.fromEntries(got.lines), `${step}: per reason and month`).toEqual(
    Object.fromEntries(exp.lines),
  );
}

/** The list counters against a recount: rows that differ (empty when exact). */
async function counterMismatches(db: Db = ctx.db) {
  const rows = await queryRows<{ row: string }>(
    db,
    sql`with fresh as (
          select p.tender_id, p.supplier_id, count(*)::int as proposals, count(w.id)::int as winners
          from proposals p left join winners w on w.proposal_id = p.id group by p.tender_id, p.supplier_id),
        kept as (select tender_id, supplier_id, proposals, winners from tender_supplier_counts),
        tfresh as (
          select t.id as tender_id,
                 (select count(*)::int from proposals p where p.tender_id = t.id) as proposals,
                 (select count(*)::int from winners w join proposals p on p.id = w.proposal_id where p.tender_id = t.id) as winners
          from tenders t),
        tkept as (select tender_id, proposals, winners from tender_counts)
        select 'pair ' || x::text as row from ((table fresh except table kept) union all (table kept except table fresh)) x
        union all
        select 'tender ' || y::text from ((table tfresh except table tkept) union all (table tkept except table tfresh)) y`,
  );
  return rows.map((r) => r.row);
}

const saveWinner = (detailId: number, proposalId: number) =>
  ctx.as('admin', {
    method: 'PATCH',
    url: `/api/details/${detailId}/add_winners/`,
    payload: { winners: [{ name: proposalId, amount: null, reason: null }] },
  });

/** The offer of the company that priced 11.1111 (supplier) on each line, by line id. */
async function supplierOffers(tenderId: number) {
  const lines = await getLines(ctx, tenderId);
  return new Map(lines.map((l) => [l.id, l.proposals.find((p) => p.price === '11.1111')!.id]));
}

describe('a winner save touches only what its line changes', () => {
  it('on a CHOOSING tender it rewrites no report row at all; the confirm then shows every winner', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 3 });
    const offers = await supplierOffers(t.id);
    const before = await reportRows();
    expect([...before.keys()].filter((k) => k.startsWith(`pair ${t.id}:`))).toHaveLength(2);
    for (const line of t.lines) {
      const res = await saveWinner(line, offers.get(line)!);
      expect(res.statusCode, res.body).toBe(200);
    }
    // winners count in the reports only once the tender is ORDERED: nothing was written, no row version moved
    expect(touched(before, await reportRows())).toEqual([]);
    await expectRollupsExact('winners chosen');
    expect(await counterMismatches()).toEqual([]);

    const res = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(res.statusCode, res.body).toBe(200);
    const ordered = await queryRows<{ detail_id: number; qty: string }>(
      ctx.db,
      sql`select detail_id, qty::text as qty from report_lines where tender_id = ${t.id} order by detail_id`,
    );
    expect(ordered.map((r) => [r.detail_id, Number(r.qty)])).toEqual(t.lines.map((l) => [l, 10]));
    await expectRollupsExact('confirmed');
    expect(await counterMismatches()).toEqual([]);
  });

  it('on an ORDERED tender a changed winner rewrites its line and its company, no other line or company', async () => {
    const t = await buildTender(ctx, 'ORDERED', { lines: 3 });
    const before = await reportRows();
    await ctx.db.execute(sql`update winners set amount = amount + 1 where detail_id = ${t.lines[1]}`);
    const after = await reportRows();
    const ofTender = (k: string) => t.lines.some((l) => k === `line ${l}`) || k.startsWith(`pair ${t.id}:`);
    expect(touched(before, after).filter(ofTender)).toEqual([
      `line ${t.lines[1]}`,
      `pair ${t.id}:${ctx.supplierCo.id}`,
    ]);
    // the other lines and the other company keep their row versions; the changed line shows the new quantity
    for (const k of [`line ${t.lines[0]}`, `line ${t.lines[2]}`, `pair ${t.id}:${ctx.supplierCo2.id}`])
      expect(after.get(k), k).toEqual(before.get(k));
    expect(JSON.parse(after.get(`line ${t.lines[1]}`)!.row).qty).toBe(11);
    await expectRollupsExact('a winner quantity changed');

    // the winner moves to the other company's offer: the line and both companies, still not the other lines
    const before2 = await reportRows();
    await ctx.db.execute(
      sql`update winners set proposal_id = (select id from proposals where detail_id = ${t.lines[2]} and supplier_id = ${ctx.supplierCo2.id})
          where detail_id = ${t.lines[2]}`,
    );
    expect(touched(before2, await reportRows()).filter(ofTender)).toEqual(
      [
        `line ${t.lines[2]}`,
        `pair ${t.id}:${ctx.supplierCo.id}`,
        `pair ${t.id}:${ctx.supplierCo2.id}`,
      ].sort(),
    );
    await expectRollupsExact('a winner moved to another company');
    expect(await counterMismatches()).toEqual([]);
  });
});

// Two connections at once: PostgreSQL only (PGlite serves one connection at a time).
describe.skipIf(!onPostgres)('two buyers choosing on one tender at once (PostgreSQL)', () => {
  it('a save of another line completes while the first save’s transaction is still open; the same line waits', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 3 });
    const offers = await supplierOffers(t.id);
    const admin = (await resolveToken(ctx.db, await ctx.tokenOf('admin'), 12))!;
    // The first buyer's save, through the same service code on its own pool connection, is held open after its
    // last statement (before its commit) until released.
    let inside!: () => void;
    const reachedEnd = new Promise<void>((r) => (inside = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holding = new Proxy(ctx.db, {
      get(target, prop) {
        if (prop !== 'transaction') return Reflect.get(target, prop, target);
        return (fn: (tx: Db) => Promise<unknown>) =>
          target.transaction(async (tx) => {
            const out = await fn(tx);
            inside();
            await released;
            return out;
          });
      },
    }) as Db;
    const first = addWinners(holding, admin, t.lines[0], {
      winners: [{ name: offers.get(t.lines[0])!, amount: null, reason: null }],
    });
    await reachedEnd;
    // the second buyer: another line, the same company's offer (the same counter rows), answered at once
    const second = await saveWinner(t.lines[1], offers.get(t.lines[1])!);
    expect(second.statusCode, second.body).toBe(200);
    expect(await counterMismatches()).toEqual([]); // the open save is not visible yet, the second one is counted

    // a third save on the first buyer's line waits for its lock (seen in pg_locks), and goes on after the commit
    const third = saveWinner(t.lines[0], offers.get(t.lines[0])!);
    let waiting = 0;
    for (let i = 0; i < 10_000 && waiting === 0; i++) {
      const [w] = await queryRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
      );
      waiting = w.n;
    }
    expect(waiting).toBe(1);
    release();
    await first;
    expect((await third).statusCode).toBe(200);

    const won = await queryRows<{ detail_id: number }>(
      ctx.db,
      sql`select detail_id from winners where detail_id in (${t.lines[0]}, ${t.lines[1]}, ${t.lines[2]}) order by detail_id`,
    );
    expect(won.map((w) => w.detail_id)).toEqual([t.lines[0], t.lines[1]]);
    expect(await counterMismatches()).toEqual([]);
    await expectRollupsExact('after both saves');
  });
});
