// Purchase orders to Business Central through the outbox, against the API simulator: an ORDERED tender's order
// reaches the ERP once with its lines, even when the worker dies after the ERP created the order (or a line) but
// before the portal heard back; a storm of 429s with Retry-After ends with every order delivered once; an ERP
// refusal shows as 'error' on the lines, in the tender list's failed_bc_details filter and count, and the retry
// button sends it again; lines whose part is no ERP item are 'incompatible'; who may retry. A reopen withdraws the
// order from the ERP once (DELETE with If-Match), even across a lost answer, and the next confirmation makes a new
// one; a cancelled tender or a confirm without winners leaves the ERP's lines canceled.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startBusinessCentralSimulator } from '../../../../../tools/simulators/business-central.ts';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { advance, buildTender, getLines, patchTender } from '../../test/tenders.ts';
import { refreshLineStates } from '../tenders/bcState.ts';
import { bcClient } from './businessCentral.ts';

const sim = await startBusinessCentralSimulator({ items: 200, pageSize: 50, preOrders: 0 });
// Lost answers are dropped connections ('drop-after-commit'), so no request here waits for a time-out.
const ctx = await testContext({ ...sim.config, BC_TIMEOUT_MS: 30_000, BC_MAX_RETRIES: 3 });
// A second app in the same process without a business system: the tender hooks are per app.
const plain = await testContext();
afterAll(() => sim.close());

let nextItem = 0;
/** An ORDERED tender (supplier wins every line) whose parts are ERP items. */
async function orderedTender(lines = 2) {
  const t = await buildTender(ctx, 'ORDERED', { lines });
  const rows = await ctx.db.select().from(s.details).where(inArray(s.details.id, t.lines));
  for (const d of rows) {
    const item = sim.items[nextItem++];
    await ctx.db.update(s.parts).set({ code: item.number, bcId: item.id }).where(eq(s.parts.id, d.partId));
  }
  // The parts were ERP items when the tender was confirmed: the lines' states are worked out again.
  await refreshLineStates(ctx.db, t.id);
  const [po] = await ctx.db.select().from(s.purchaseOrders).where(eq(s.purchaseOrders.tenderId, t.id));
  return { ...t, order: po };
}
const linesOf = (ids: number[]) =>
  ctx.db.select().from(s.details).where(inArray(s.details.id, ids)).orderBy(s.details.id);
const orderRow = async (id: number) =>
  (await ctx.db.select().from(s.purchaseOrders).where(eq(s.purchaseOrders.id, id)))[0];
const ordersFor = (code: string) => sim.orders.filter((o) => o.externalDocumentNumber === code);
/** Runs the outbox until nothing is due, moving the clock past each backoff. */
async function drain(max = 30) {
  for (let i = 0; i < max; i++) {
    await ctx.app.outbox.runOnce();
    const pending = await ctx.db.select().from(s.outbox).where(eq(s.outbox.status, 'pending'));
    if (!pending.some((r) => r.kind === 'bc_sync')) return;
    await advance(ctx, 700);
  }
  throw new Error('outbox did not drain');
}

describe('a purchase order', () => {
  it('goes out once when the tender is ordered, with its lines, and the lines show synced', async () => {
    const t = await orderedTender(2);
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['pending', 'pending']);
    // The line as the screens read it (spec 3: bc_synced, bc_sync_running); suppliers are told nothing.
    const line = async (role: 'admin' | 'supplier') =>
      (await ctx.as(role, { method: 'GET', url: `/api/details/${t.lines[0]}/` })).json();
    expect(await line('admin')).toMatchObject({
      bc_status: 'pending',
      bc_synced: false,
      bc_sync_running: true,
    });
    await drain();
    expect(await line('admin')).toMatchObject({
      bc_status: 'synced',
      bc_synced: true,
      bc_sync_running: false,
    });
    expect(await line('supplier')).toMatchObject({
      bc_status: null,
      bc_synced: false,
      bc_sync_running: false,
    });
    const [bc] = ordersFor(t.order.orderCode);
    expect(ordersFor(t.order.orderCode)).toHaveLength(1);
    expect(bc.lines.map((l) => l.quantity)).toEqual([10, 10]);
    expect(bc.lines.map((l) => l.directUnitCost)).toEqual([11.1111, 11.1111]);
    expect(await orderRow(t.order.id)).toMatchObject({
      bcStatus: 'synced',
      bcId: bc.id,
      bcNumber: bc.number,
    });
    expect((await linesOf(t.lines)).map((l) => [l.bcStatus, l.bcSynced, l.bcSyncRunning])).toEqual([
      ['synced', true, false],
      ['synced', true, false],
    ]);
    const tender = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
    expect(tender).toMatchObject({ bc_id: bc.number, failed_bc_details: 0 });
    // A retry of a synced line sends nothing again.
    const res = await ctx.as('contractor', {
      method: 'POST',
      url: `/api/details/${t.lines[0]}/bc-synchronize/`,
    });
    expect(res.json()).toEqual({ bc_synced: true, bc_sync_running: false });
    await drain();
    expect(ordersFor(t.order.orderCode)).toHaveLength(1);
  });

  it('resumes after a crash between creating the order and its lines without a second order', async () => {
    const t = await orderedTender(3);
    // The ERP creates the order but the answer never arrives (for us: as if the worker had crashed).
    sim.inject({ status: 'drop-after-commit', path: 'purchaseOrders', method: 'POST' });
    await ctx.app.outbox.runOnce();
    expect(ordersFor(t.order.orderCode)).toHaveLength(1);
    expect(ordersFor(t.order.orderCode)[0].lines).toHaveLength(0);
    expect((await orderRow(t.order.id)).bcId).toBeNull();
    expect((await linesOf(t.lines)).every((l) => l.bcStatus === 'pending')).toBe(true);
    // Next time the second line is created and its answer lost.
    sim.inject({ status: 'drop-after-commit', path: 'purchaseOrderLines', method: 'POST' });
    await advance(ctx, 700);
    expect(ordersFor(t.order.orderCode)[0].lines.length).toBeGreaterThanOrEqual(1);
    await drain();
    const orders = ordersFor(t.order.orderCode);
    expect(orders).toHaveLength(1);
    expect(orders[0].lines.map((l) => l.sequence).sort()).toHaveLength(3);
    expect(new Set(orders[0].lines.map((l) => l.sequence)).size).toBe(3);
    expect(await orderRow(t.order.id)).toMatchObject({ bcStatus: 'synced', bcId: orders[0].id });
    expect((await linesOf(t.lines)).every((l) => l.bcStatus === 'synced')).toBe(true);
  });

  it('a storm of 429s with Retry-After ends with every order delivered exactly once', async () => {
    const tenders = [await orderedTender(1), await orderedTender(2), await orderedTender(1)];
    const from = sim.log.length;
    const client = bcClient(ctx.app.config)!;
    const retriesBefore = client.retries;
    sim.inject({ status: 429, retryAfter: 1, times: 14 });
    await drain();
    for (const t of tenders) {
      const orders = ordersFor(t.order.orderCode);
      expect(orders).toHaveLength(1);
      expect(orders[0].lines).toHaveLength(t.lines.length);
      expect((await orderRow(t.order.id)).bcStatus).toBe('synced');
    }
    // Retry-After was honoured: each time the client tried again itself, it waited about a second (the rest of
    // the 429s ended a delivery, which the outbox tried again after its own backoff).
    const log = sim.log.slice(from);
    expect(log.filter((l) => l.status === 429)).toHaveLength(14);
    const clientRetries = client.retries - retriesBefore;
    expect(clientRetries).toBeGreaterThan(0);
    const waited = log.filter((l, i) => l.status === 429 && log[i + 1] && log[i + 1].at - l.at >= 900);
    expect(waited.length).toBeGreaterThanOrEqual(clientRetries);
  }, 120_000);

  it('a refusal by the ERP shows as error, in the tender list, and the retry sends it again', async () => {
    const t = await orderedTender(2);
    sim.inject({ status: 400, path: 'purchaseOrders', method: 'POST' });
    await drain();
    expect(ordersFor(t.order.orderCode)).toHaveLength(0);
    const po = await orderRow(t.order.id);
    expect(po.bcStatus).toBe('error');
    expect(po.bcMessage).toMatch(/HTTP 400/);
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['error', 'error']);
    const listed = (
      await ctx.as('admin', {
        method: 'GET',
        url: '/api/tenders/?failed_bc_details=true&filter_start=2000-01-01',
      })
    ).json();
    const row = listed.results.find((r: { id: number }) => r.id === t.id);
    expect(row).toMatchObject({ failed_bc_details: 2, bc_id: null });
    // The administrators' deliveries screen lists it as failed, with the order and the ERP's message.
    const deliveries = (
      await ctx.as('admin', { method: 'GET', url: '/api/deliveries/?kind=bc_sync&status=failed' })
    ).json().results as { id: number; summary: { order_code: string }; last_error: string }[];
    const refused = deliveries.find((d) => d.summary.order_code === t.order.orderCode);
    expect(refused?.last_error).toMatch(/HTTP 400/);
    // The buyer retries from a line: queued (running), then delivered.
    const res = await ctx.as('contractor', {
      method: 'POST',
      url: `/api/details/${t.lines[1]}/bc-synchronize/`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ bc_synced: false, bc_sync_running: true });
    const again = await ctx.as('admin', {
      method: 'POST',
      url: `/api/details/${t.lines[0]}/bc-synchronize/`,
    });
    expect(again.json()).toMatchObject({ bc_sync_running: true, already_running: true });
    await drain();
    expect(ordersFor(t.order.orderCode)).toHaveLength(1);
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['synced', 'synced']);
    // The retry took up the same delivery: one outbox row for the order, delivered.
    const [delivery] = await ctx.db
      .select()
      .from(s.outbox)
      .where(eq(s.outbox.id, refused?.id ?? 0));
    expect(delivery).toMatchObject({ status: 'done', attempts: 1 });
    const rows = (await ctx.db.select().from(s.outbox).where(eq(s.outbox.kind, 'bc_sync'))).filter(
      (r) => (r.payload as { purchase_order_id?: number }).purchase_order_id === t.order.id,
    );
    expect(rows).toHaveLength(1);
    const after = (
      await ctx.as('admin', {
        method: 'GET',
        url: '/api/tenders/?failed_bc_details=true&filter_start=2000-01-01',
      })
    ).json();
    expect(after.results.some((r: { id: number }) => r.id === t.id)).toBe(false);
  });

  it('a line whose part is no ERP item is incompatible and not sent; the others are', async () => {
    const t = await orderedTender(2);
    const [first] = await linesOf([t.lines[0]]);
    await ctx.db.update(s.parts).set({ bcId: null }).where(eq(s.parts.id, first.partId));
    await drain();
    const lines = await linesOf(t.lines);
    expect(lines.find((l) => l.id === t.lines[0])?.bcStatus).toBe('incompatible');
    expect(lines.find((l) => l.id === t.lines[1])?.bcStatus).toBe('synced');
    expect(ordersFor(t.order.orderCode)[0].lines).toHaveLength(1);
    // An order with nothing the ERP knows is not made there at all.
    const none = await orderedTender(1);
    const [only] = await linesOf(none.lines);
    await ctx.db.update(s.parts).set({ bcId: null }).where(eq(s.parts.id, only.partId));
    await drain();
    expect(ordersFor(none.order.orderCode)).toHaveLength(0);
    expect((await orderRow(none.order.id)).bcStatus).toBe('incompatible');
    expect((await linesOf(none.lines))[0].bcStatus).toBe('incompatible');
  });
});

describe('retry route', () => {
  it('is for administrators and contractors, checks its input and answers 404 for unknown lines', async () => {
    const t = await orderedTender(1);
    const url = `/api/details/${t.lines[0]}/bc-synchronize/`;
    for (const role of ['master', 'supplier', 'employee'] as const)
      expect((await ctx.as(role, { method: 'POST', url })).statusCode).toBe(403);
    expect((await ctx.as(null, { method: 'POST', url })).statusCode).toBe(401);
    const bad = await ctx.as('admin', { method: 'POST', url: '/api/details/abc/bc-synchronize/' });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.as('admin', { method: 'POST', url: '/api/details/999999/bc-synchronize/' });
    expect(missing.statusCode).toBe(404);
    await drain();
  });
});

/** A CHOOSING tender whose parts are ERP items and whose first line is a pre-order from the ERP. */
async function erpTender(lines = 2) {
  const t = await buildTender(ctx, 'CHOOSING', { lines });
  const rows = await linesOf(t.lines);
  for (const d of rows) {
    const item = sim.items[nextItem++];
    await ctx.db.update(s.parts).set({ code: item.number, bcId: item.id }).where(eq(s.parts.id, d.partId));
  }
  await ctx.db
    .update(s.details)
    .set({ bcId: `pre-${t.lines[0]}`, bcStatus: 'synced', bcSynced: true })
    .where(eq(s.details.id, t.lines[0]));
  return t;
}
/** Winners on every line: the offers of `price` (supplier 11.1111, supplier2 22.2222). */
async function chooseWinners(id: number, price: (lineIndex: number) => string) {
  const shown = await getLines(ctx, id);
  for (const [i, line] of shown.entries()) {
    const p = line.proposals.find((x) => x.price === price(i))!;
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: {
        winners: [{ name: p.id, amount: null, reason: price(i) === '11.1111' ? null : 'DUE DATE' }],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}
const ordersOf = (tenderId: number) =>
  ctx.db.select().from(s.purchaseOrders).where(eq(s.purchaseOrders.tenderId, tenderId));
const historyOf = async (tenderId: number, action: string) =>
  ctx.db
    .select()
    .from(s.history)
    .where(and(eq(s.history.tenderId, tenderId), eq(s.history.action, action)));
const bcOutbox = async () =>
  (await ctx.db.select().from(s.outbox).where(eq(s.outbox.kind, 'bc_sync'))).filter(
    (r) => r.status === 'pending',
  );

describe('an order taken back', () => {
  it('a cancelled tender leaves its ERP lines canceled and sends nothing', async () => {
    const t = await erpTender(2);
    const requests = sim.log.length;
    const res = await patchTender(ctx, t.id, { status: 'CANCELED' });
    expect(res.statusCode, res.body).toBe(200);
    const [erp, own] = await linesOf(t.lines);
    expect([erp.status, erp.bcStatus, erp.bcSynced, erp.bcSyncRunning]).toEqual([
      'FAILED',
      'canceled',
      false,
      false,
    ]);
    expect(own.bcStatus).toBeNull();
    const read = (await ctx.as('contractor', { method: 'GET', url: `/api/details/${erp.id}/` })).json();
    expect(read).toMatchObject({ bc_id: erp.bcId, bc_status: 'canceled' });
    expect(await bcOutbox()).toHaveLength(0);
    await drain();
    expect(sim.log.length).toBe(requests);
  });

  it('a confirm without winners (FAILED) leaves its ERP lines canceled', async () => {
    const t = await erpTender(2);
    const res = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(res.json().status).toBe('FAILED');
    expect((await linesOf(t.lines)).map((l) => [l.status, l.bcStatus])).toEqual([
      ['FAILED', 'canceled'],
      ['FAILED', null],
    ]);
    expect(await bcOutbox()).toHaveLength(0);
  });

  it('a reopen withdraws the ERP order once; the next confirmation makes a new one for the new winners', async () => {
    const t = await erpTender(2);
    await chooseWinners(t.id, () => '11.1111');
    expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    await drain();
    const [first] = await ordersOf(t.id);
    const [old] = ordersFor(first.orderCode);
    expect(old.lines).toHaveLength(2);
    expect((await getTenderBc(t.id)).bc_id).toBe(old.number);

    const deletes = sim.counts['DELETE purchaseOrders'] ?? 0;
    const res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    // While the tender is evaluated again: the ERP pre-order reads as imported, the tender has no ERP number.
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['synced', null]);
    expect((await getTenderBc(t.id)).bc_id).toBeNull();
    await drain();
    expect(ordersFor(first.orderCode)).toHaveLength(0);
    expect(sim.counts['DELETE purchaseOrders']).toBe(deletes + 1);
    expect(await historyOf(t.id, 'bc_order_withdrawn')).toHaveLength(1);

    // The second line now goes to the other company: two orders, each in the ERP once, for the right vendor.
    await chooseWinners(t.id, (i) => (i === 0 ? '11.1111' : '22.2222'));
    expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    await drain();
    const orders = await ordersOf(t.id);
    expect(orders).toHaveLength(2);
    for (const o of orders) {
      const inErp = ordersFor(o.orderCode);
      expect(inErp).toHaveLength(1);
      expect(inErp[0].id).not.toBe(old.id);
      expect(inErp[0].lines).toHaveLength(1);
      const [sup] = await ctx.db.select().from(s.suppliers).where(eq(s.suppliers.id, o.supplierId));
      expect(inErp[0].vendorNumber).toBe(sup.registrationCode);
      expect(o.bcStatus).toBe('synced');
    }
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['synced', 'synced']);
    // Nothing more is withdrawn or sent.
    expect(sim.counts['DELETE purchaseOrders']).toBe(deletes + 1);
  });

  it('a withdrawal whose ERP order was edited meanwhile (412) reads it again and deletes it once', async () => {
    const t = await erpTender(1);
    await chooseWinners(t.id, () => '11.1111');
    expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    await drain();
    const [order] = await ordersOf(t.id);
    expect(ordersFor(order.orderCode)).toHaveLength(1);
    const deletes = sim.counts['DELETE purchaseOrders'] ?? 0;
    sim.inject({ status: 'edited-meanwhile', path: 'purchaseOrders', method: 'DELETE' });
    const res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    expect(ordersFor(order.orderCode)).toHaveLength(0);
    // The stale ETag was refused, the order read again and deleted with the fresh one.
    expect(sim.counts['DELETE purchaseOrders']).toBe(deletes + 2);
    expect(await historyOf(t.id, 'bc_order_withdrawn')).toHaveLength(1);
  });

  it('a lost answer to the withdrawal and an early reconfirmation end with one new order', async () => {
    const t = await erpTender(2);
    await chooseWinners(t.id, () => '11.1111');
    await patchTender(ctx, t.id, { status: 'ORDERED' });
    await drain();
    const [po] = await ordersOf(t.id);
    const [old] = ordersFor(po.orderCode);
    // The ERP deletes the order but no answer arrives, nor to the client's repeats (for us: the worker died in
    // the middle of the withdrawal).
    sim.inject({ status: 'drop-after-commit', path: 'purchaseOrders', method: 'DELETE', times: 4 });
    await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    // The buyer confirms again at once: same order code, delivered only once the withdrawal has ended.
    expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    const [again] = await ordersOf(t.id);
    expect(again.orderCode).toBe(po.orderCode);
    await ctx.app.outbox.runOnce();
    expect(ordersFor(po.orderCode)).toHaveLength(0); // deleted in the ERP, new one not yet made
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['pending', 'pending']);
    // The line as the screens read it (spec 3: bc_synced, bc_sync_running); suppliers are told nothing.
    const line = async (role: 'admin' | 'supplier') =>
      (await ctx.as(role, { method: 'GET', url: `/api/details/${t.lines[0]}/` })).json();
    expect(await line('admin')).toMatchObject({
      bc_status: 'pending',
      bc_synced: false,
      bc_sync_running: true,
    });
    await drain();
    expect(await line('admin')).toMatchObject({
      bc_status: 'synced',
      bc_synced: true,
      bc_sync_running: false,
    });
    expect(await line('supplier')).toMatchObject({
      bc_status: null,
      bc_synced: false,
      bc_sync_running: false,
    });
    const now = ordersFor(po.orderCode);
    expect(now).toHaveLength(1);
    expect(now[0].id).not.toBe(old.id);
    expect(now[0].lines).toHaveLength(2);
    expect(await historyOf(t.id, 'bc_order_withdrawn')).toHaveLength(1);
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['synced', 'synced']);
  });

  it('a withdrawal the ERP refuses is recorded in the tender history and not repeated', async () => {
    const t = await erpTender(1);
    await chooseWinners(t.id, () => '11.1111');
    await patchTender(ctx, t.id, { status: 'ORDERED' });
    await drain();
    const [po] = await ordersOf(t.id);
    sim.inject({ status: 400, path: 'purchaseOrders', method: 'DELETE' });
    await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    await drain();
    expect(ordersFor(po.orderCode)).toHaveLength(1);
    const [failed] = await historyOf(t.id, 'bc_order_withdraw_failed');
    expect(failed.data).toMatchObject({ order_code: po.orderCode, reason: 'reopened' });
    expect(await bcOutbox()).toHaveLength(0);
  });

  it('an order the ERP never took is looked for once on a reopen and nothing is said to be withdrawn', async () => {
    const t = await erpTender(1);
    await chooseWinners(t.id, () => '11.1111');
    sim.inject({ status: 400, path: 'purchaseOrders', method: 'POST' });
    await patchTender(ctx, t.id, { status: 'ORDERED' });
    await drain();
    const [po] = await ordersOf(t.id);
    expect(po.bcStatus).toBe('error');
    const deletes = sim.counts['DELETE purchaseOrders'] ?? 0;
    await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    await drain();
    expect(sim.counts['DELETE purchaseOrders'] ?? 0).toBe(deletes);
    expect(await historyOf(t.id, 'bc_order_withdrawal_queued')).toHaveLength(1);
    expect(await historyOf(t.id, 'bc_order_withdrawn')).toHaveLength(0);
    expect(await bcOutbox()).toHaveLength(0);
  });
});

describe('an order exported to accounting', () => {
  it('stays in the ERP over a reopen and is corrected; a cancel then withdraws it', async () => {
    const t = await erpTender(2);
    await chooseWinners(t.id, () => '11.1111');
    await patchTender(ctx, t.id, { status: 'ORDERED' });
    await drain();
    const [po] = await ordersOf(t.id);
    const [kept] = ordersFor(po.orderCode);
    await ctx.db
      .update(s.purchaseOrders)
      .set({ exportCode: `D-${po.id}` })
      .where(eq(s.purchaseOrders.id, po.id));
    await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(await bcOutbox()).toHaveLength(0);
    // The second line goes to the other company: the kept order loses a line, a new order gets it.
    await chooseWinners(t.id, (i) => (i === 0 ? '11.1111' : '22.2222'));
    await patchTender(ctx, t.id, { status: 'ORDERED' });
    await drain();
    const [same] = ordersFor(po.orderCode);
    expect(same.id).toBe(kept.id);
    expect(same.lines.map((l) => l.quantity)).toEqual([10]);
    expect((await ordersOf(t.id)).map((o) => o.bcStatus)).toEqual(['synced', 'synced']);

    // Reopened and cancelled: no order is left in the ERP; the ERP pre-order reads canceled.
    await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect((await patchTender(ctx, t.id, { status: 'CANCELED' })).statusCode).toBe(200);
    await drain();
    for (const o of await ordersOf(t.id)) expect(ordersFor(o.orderCode)).toHaveLength(0);
    const [row] = await ordersOf(t.id);
    expect(row).toMatchObject({ id: po.id, bcStatus: 'canceled', bcId: null });
    expect((await linesOf(t.lines)).map((l) => l.bcStatus)).toEqual(['canceled', null]);
  });
});

describe('tender hooks', () => {
  it('belong to the app that registered them: an app without a business system queues nothing', async () => {
    const t = await buildTender(plain, 'ORDERED', { lines: 1 });
    const rows = await plain.db.select().from(s.outbox).where(eq(s.outbox.kind, 'bc_sync'));
    expect(rows).toHaveLength(0);
    const [d] = await plain.db.select().from(s.details).where(eq(s.details.id, t.lines[0]));
    expect(d.bcStatus).toBeNull();
    // …while the app with one, in the same process, still sends its orders.
    const ordered = await orderedTender(1);
    expect((await linesOf(ordered.lines))[0].bcStatus).toBe('pending');
    await drain();
  });
});

const getTenderBc = async (id: number) =>
  (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/` })).json() as { bc_id: string | null };
