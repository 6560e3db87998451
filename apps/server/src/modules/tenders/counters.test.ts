// The tender list's counters (migration 0005_tender_counters) are exact: after every kind of change (offers
// replaced, withdrawn, single offer lines added/changed/deleted, lines added to and removed from a draft, a draft
// deleted, winners chosen and cleared, cancellation, confirmation, reopening, a failed business-system sync) they
// equal a recount from the rows, and the list shows the recounted figures to buyers and suppliers.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { details } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import {
  advance,
  buildLines,
  buildTender,
  createDraft,
  getLines,
  offer,
  offerLine,
  patchTender,
} from '../../test/tenders.ts';

const ctx = await testContext();

/** Rows where the counters and a recount differ (both directions), as text for a readable failure. */
async function mismatches() {
  const tenderRows = await queryRows<{ row: string }>(
    ctx.db,
    sql`with fresh as (
          select t.id as tender_id,
                 (select count(*)::int from details d where d.tender_id = t.id) as details,
                 (select count(*)::int from details d where d.tender_id = t.id and d.bc_status = 'error') as failed_bc,
                 (select count(*)::int from proposals p where p.tender_id = t.id) as proposals,
                 (select count(*)::int from winners w join proposals p on p.id = w.proposal_id where p.tender_id = t.id) as winners
          from tenders t),
        kept as (select tender_id, details, failed_bc, proposals, winners from tender_counts)
        select 'tender ' || x::text as row from ((table fresh except table kept) union all (table kept except table fresh)) x`,
  );
  const pairRows = await queryRows<{ row: string }>(
    ctx.db,
    sql`with fresh as (
          select p.tender_id, p.supplier_id, count(*)::int as proposals, count(w.id)::int as winners,
                 min(p.created) as first_created, max(p.updated) as last_updated
          from proposals p left join winners w on w.proposal_id = p.id group by p.tender_id, p.supplier_id),
        kept as (select tender_id, supplier_id, proposals, winners, first_created, last_updated from tender_supplier_counts)
        select 'pair ' || x::text as row from ((table fresh except table kept) union all (table kept except table fresh)) x`,
  );
  return [...tenderRows, ...pairRows].map((r) => r.row);
}

async function expectExact(step: string) {
  expect(await mismatches(), step).toEqual([]);
}

/** The list row of a tender as a role sees it. */
async function listRow(id: number, role: 'admin' | 'supplier' | 'supplier2') {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/?ids=${id}&page_size=0` });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json() as {
    details_count: number;
    proposals_count: number;
    winners_count: number;
    is_winner: boolean;
    failed_bc_details: number;
  }[];
  return row;
}

describe('tender counters', () => {
  it('equal a recount after offers, offer lines, winners, confirmation, reopening and cancellation', async () => {
    await expectExact('demo data');
    const t = await buildTender(ctx, 'ORDERED', { lines: 3 });
    await expectExact('ordered tender built through the API');
    expect(await listRow(t.id, 'admin')).toMatchObject({
      details_count: 3,
      proposals_count: 6,
      winners_count: 3,
    });
    expect(await listRow(t.id, 'supplier')).toMatchObject({
      proposals_count: 3,
      winners_count: 3,
      is_winner: true,
    });
    expect(await listRow(t.id, 'supplier2')).toMatchObject({
      proposals_count: 3,
      winners_count: 0,
      is_winner: false,
    });

    // Reopen: back to CHOOSING; then clear one line's winners and confirm again.
    let res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('reopened');
    // A supplier is not told of winners while the tender is not ORDERED.
    expect(await listRow(t.id, 'supplier')).toMatchObject({ winners_count: 0, is_winner: false });
    const status = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/` })).json().status;
    if (status !== 'CHOOSING') {
      res = await patchTender(ctx, t.id, { status: 'CHOOSING' });
      expect(res.statusCode, res.body).toBe(200);
    }
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${t.lines[0]}/delete_winners/`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('winners of a line cleared');
    expect(await listRow(t.id, 'admin')).toMatchObject({ winners_count: 2 });
    const shown = await getLines(ctx, t.id);
    const other = shown
      .find((l) => l.id === t.lines[0])
      ?.proposals.find((p) => p.price === t.prices.supplier2);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${t.lines[0]}/add_winners/`,
      payload: { winners: [{ name: other?.id, amount: null, reason: 'DUE DATE' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('another company chosen');
    res = await patchTender(ctx, t.id, { status: 'ORDERED', approver_comment: 'second decision' });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('confirmed again');
    expect(await listRow(t.id, 'supplier2')).toMatchObject({ winners_count: 1, is_winner: true });
    expect(await listRow(t.id, 'supplier')).toMatchObject({ winners_count: 2 });

    // Cancellation removes winners and offers.
    const c = await buildTender(ctx, 'CHOOSING', { lines: 2 });
    const line = (await getLines(ctx, c.id))[1];
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: line.proposals[0].id, amount: null, reason: null }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('winner while choosing');
    res = await patchTender(ctx, c.id, { status: 'CANCELED' });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('cancelled');
    expect(await listRow(c.id, 'admin')).toMatchObject({
      details_count: 2,
      proposals_count: 0,
      winners_count: 0,
    });
  });

  it('equal a recount while a company replaces, extends, changes and withdraws its offer', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 3 });
    await expectExact('two offers');
    // Replaced by a smaller offer (one line, two producers).
    let res = await offer(ctx, 'supplier', t.id, [
      { detail: t.lines[0], offers: [offerLine(t.producers[0], '5'), offerLine(t.producers[1], '6')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer replaced');
    expect(await listRow(t.id, 'supplier')).toMatchObject({ proposals_count: 2 });
    expect(await listRow(t.id, 'admin')).toMatchObject({ proposals_count: 5 });
    // One offer line added, one changed, one deleted.
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${t.lines[2]}/add_proposal/`,
      payload: offerLine(t.producers[0], '7'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer line added');
    const mine = (await getLines(ctx, t.id, 'supplier')).flatMap((l) => l.proposals);
    expect(mine).toHaveLength(3);
    await advance(ctx, 60);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/proposals/${mine[0].id}/`,
      payload: { price: '4.5' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer line changed (its last change time moves)');
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/proposals/${mine[1].id}/` });
    expect(res.statusCode, res.body).toBe(204);
    await expectExact('offer line deleted');
    expect(await listRow(t.id, 'supplier')).toMatchObject({ proposals_count: 2 });
    // The whole offer withdrawn: the company has no counter row left.
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/tenders/${t.id}/offer/` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectExact('offer withdrawn');
    expect(await listRow(t.id, 'supplier')).toMatchObject({ proposals_count: 0 });
    expect(await listRow(t.id, 'admin')).toMatchObject({ proposals_count: 3 });
  });

  it('keep the first and last offer time exact when the lines holding them are deleted, kept or sent back', async () => {
    // Migration 0008: a delete recounts a company's times only when a deleted line held one of them.
    const t = await buildTender(ctx, 'ACTIVE', { lines: 3 });
    const [a, b, c] = t.lines;
    const p = t.producers[0];
    let res = await offer(ctx, 'supplier', t.id, [
      { detail: a, offers: [offerLine(p, '5')] },
      { detail: b, offers: [offerLine(p, '6')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer of two lines');
    await advance(ctx, 60);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${c}/add_proposal/`,
      payload: offerLine(p, '7'),
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('a later line added (the last time moves)');
    const mine = async () =>
      new Map(
        (await getLines(ctx, t.id, 'supplier')).flatMap((l) =>
          l.proposals.map((x) => [l.id, x.id as number]),
        ),
      );
    let ids = await mine();
    // One of the two lines with the first time goes: the other one still holds it.
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/proposals/${ids.get(a)}/` });
    expect(res.statusCode, res.body).toBe(204);
    await expectExact('a line with the first time deleted, another one keeps it');
    await advance(ctx, 60);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/proposals/${ids.get(b)}/`,
      payload: { price: '5.5' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('the first line changed (it holds both times now)');
    // The line in the middle goes: neither time moves.
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/proposals/${ids.get(c)}/` });
    expect(res.statusCode, res.body).toBe(204);
    await expectExact('a line holding neither time deleted');
    await advance(ctx, 60);
    ids = await mine();
    // Sent back with its id (it keeps its first time) beside a new line, then without ids.
    res = await offer(ctx, 'supplier', t.id, [
      { detail: b, offers: [offerLine(p, '5.25', { id: ids.get(b) })] },
      { detail: c, offers: [offerLine(p, '8')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer resent keeping a line');
    await advance(ctx, 60);
    res = await offer(ctx, 'supplier', t.id, [{ detail: a, offers: [offerLine(p, '4')] }]);
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('offer replaced by a new line');
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/tenders/${t.id}/offer/` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expectExact('offer withdrawn');
  });

  it('stay exact when two companies send and resend their offers at the same time', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 4 });
    const send = (role: 'supplier' | 'supplier2', producer: number, price: string, lines: number) =>
      offer(
        ctx,
        role,
        t.id,
        t.lines.slice(0, lines).map((d) => ({ detail: d, offers: [offerLine(producer, price)] })),
      );
    // Interleaved on the pool's connections (on PostgreSQL these transactions overlap).
    const results = await Promise.all([
      send('supplier', t.producers[0], '1', 4),
      send('supplier2', t.producers[1], '2', 3),
      send('supplier', t.producers[0], '3', 2),
      send('supplier2', t.producers[1], '4', 4),
      send('supplier', t.producers[0], '5', 1),
      send('supplier2', t.producers[1], '6', 2),
    ]);
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    await expectExact('concurrent offers');
    const [{ n }] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from proposals where tender_id = ${t.id}`,
    );
    expect(await listRow(t.id, 'admin')).toMatchObject({ proposals_count: n });
  });

  it('equal a recount when lines are added to and removed from a draft, fail to sync, and the draft is deleted', async () => {
    const lines = await buildLines(ctx, 4);
    const id = await createDraft(ctx, { lines: lines.slice(0, 2).map((l) => ({ id: l.id })) });
    await expectExact('draft with two lines');
    let res = await patchTender(ctx, id, { details: lines.slice(1).map((l) => ({ id: l.id, qty: '3' })) });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('one line removed, two added');
    expect(await listRow(id, 'admin')).toMatchObject({ details_count: 3 });
    // The business-system sync marks a line failed (the BC worker writes bc_status), then it recovers.
    await ctx.db.update(details).set({ bcStatus: 'error' }).where(eq(details.id, lines[1].id));
    await expectExact('a line failed to sync');
    expect(await listRow(id, 'admin')).toMatchObject({ failed_bc_details: 1 });
    const failedOnly = await ctx.as('admin', {
      method: 'GET',
      url: `/api/tenders/?ids=${id}&failed_bc_details=true&page_size=0`,
    });
    expect(failedOnly.json()).toHaveLength(1);
    await ctx.db.update(details).set({ bcStatus: 'synced' }).where(eq(details.id, lines[1].id));
    await expectExact('the line synced');
    res = await patchTender(ctx, id, { details: [] });
    expect(res.statusCode, res.body).toBe(200);
    await expectExact('all lines removed');
    res = await ctx.as('admin', { method: 'POST', url: '/api/remove_tender/', payload: { tender_id: id } });
    expect(res.statusCode, res.body).toBe(204);
    await expectExact('draft deleted');
    const left = await queryRows(ctx.db, sql`select 1 from tender_counts where tender_id = ${id}`);
    expect(left).toHaveLength(0);
  });

  it('sort the list by a count in the counted order', async () => {
    const res = await ctx.as('admin', {
      method: 'GET',
      url: '/api/tenders/?ordering=-details_count&page_size=0',
    });
    expect(res.statusCode, res.body).toBe(200);
    const counts = (res.json() as { details_count: number }[]).map((r) => r.details_count);
    expect(counts.length).toBeGreaterThan(1);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
