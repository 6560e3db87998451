// The parts sync from Business Central (POST /setup/bc-sync, spec 3 §4 and §7) against the API simulator: a
// catalogue of 20,000 items read over 20 pages, units, code tags, blocked items inactive, pre-orders imported as
// PREPARED lines with their bc_id and locked fields, a second sync that changes nothing, items that left the ERP
// (a part a pre-order uses is kept), 'running' while a sync is under way, failure kept for the screen, and who may
// call what.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startBusinessCentralSimulator } from '../../../../../tools/simulators/business-central.ts';
import * as s from '../../db/schema/index.ts';
import { advance, now, resetClock } from '../../lib/clock.ts';
import { queryRow } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { catalogueSyncFinished } from './businessCentralCatalogue.ts';

const sim = await startBusinessCentralSimulator({ items: 20_000, pageSize: 1000, preOrders: 12 });
const ctx = await testContext({ ...sim.config, BC_TIMEOUT_MS: 5000, BC_MAX_RETRIES: 2 });
afterAll(() => sim.close());
// Pre-orders for this test's warehouse; one for a location the portal does not know.
for (const p of sim.preOrders) p.locationCode = ctx.warehouse.code ?? 'B01';
sim.preOrders[11].locationCode = 'NOWHERE';

const start = (role: Parameters<typeof ctx.as>[0] = 'contractor') =>
  ctx.as(role, { method: 'POST', url: '/api/setup/bc-sync' });
const state = async () => (await ctx.as('admin', { method: 'GET', url: '/api/setup/bc-sync' })).json();
const countOf = async (q: ReturnType<typeof sql>) => Number((await queryRow<{ n: number }>(ctx.db, q))?.n);

describe('parts sync', () => {
  it('reads 20,000 items over 20 pages into parts, with units, code tags and pre-orders', async () => {
    expect(await state()).toMatchObject({ configured: true, status: 'idle' });
    const res = await start();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('started');
    // A second start while the first runs is told so and starts nothing.
    const again = await start('admin');
    expect(again.json().status).toBe('running');
    await catalogueSyncFinished(ctx.db);

    const st = await state();
    expect(st.status).toBe('done');
    expect(st.counts).toMatchObject({
      items: 20_000,
      pages: 20,
      parts_created: 20_000,
      pre_orders: 12,
      pre_orders_created: 11,
      pre_orders_skipped: 1,
    });
    expect(sim.counts['GET items']).toBe(20);
    expect(await countOf(sql`select count(*)::int as n from parts where bc_id is not null`)).toBe(20_000);

    // The list shows a synced part the way the ERP has it.
    const list = await ctx.as('admin', { method: 'GET', url: '/api/parts/?search=BC100004&page_size=5' });
    const item = sim.items[4];
    const shown = list.json().results.find((p: { code: string }) => p.code === item.number);
    expect(shown).toMatchObject({
      name: item.displayName,
      unit_code: item.baseUnitOfMeasureCode.toLowerCase(),
      codes_tags: ['REF-1'],
      is_active: true,
    });
    expect(shown.bc_id).toBe(item.id);
    const blocked = sim.items.find((i) => i.blocked)!;
    const [b] = await ctx.db.select().from(s.parts).where(eq(s.parts.code, blocked.number));
    expect(b.isActive).toBe(false);
    expect(
      await countOf(
        sql`select count(*)::int as n from units where code in ('pcs','kit','pack','l','m','set')`,
      ),
    ).toBe(6);

    // Pre-orders: PREPARED lines with their bc_id, ERP order number and customer, shown as synced.
    const imported = await ctx.db
      .select()
      .from(s.details)
      .where(and(isNotNull(s.details.bcId), eq(s.details.isDeleted, false)));
    expect(imported).toHaveLength(11);
    const po = sim.preOrders[3];
    const line = imported.find((d) => d.bcId === po.id)!;
    expect(line).toMatchObject({
      status: 'PREPARED',
      bcStatus: 'synced',
      bcSynced: true,
      orderNumber: po.orderNumber,
      customerNumber: po.customerNumber,
      warehouseId: ctx.warehouse.id,
      replenishmentQty: `${po.quantity}.0000`,
    });
    const read = (await ctx.as('contractor', { method: 'GET', url: `/api/details/${line.id}/` })).json();
    expect(read).toMatchObject({ bc_id: po.id, bc_status: 'synced', part_code: po.itemNumber });
    // Code and warehouse of a line from the ERP are locked (spec 3 "Pre-order add/edit").
    const other = imported.find((d) => d.partId !== line.partId)!;
    const locked = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${line.id}/`,
      payload: { part: other.partId },
    });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ part: ['detail_locked_field'] });
  }, 120_000);

  it('a second sync changes nothing; items that left the ERP go, unless a line uses them', async () => {
    const usedItem = sim.items.find((i) => i.number === sim.preOrders[0].itemNumber)!;
    const unused = sim.items[19_999];
    sim.items.splice(sim.items.indexOf(usedItem), 1);
    sim.items.splice(sim.items.indexOf(unused), 1);
    sim.preOrders[0].quantity = 9;
    expect((await start()).json().status).toBe('started');
    await catalogueSyncFinished(ctx.db);
    const st = await state();
    expect(st.status).toBe('done');
    expect(st.counts).toMatchObject({
      items: 19_998,
      parts_created: 0,
      parts_updated: 0,
      parts_deactivated: 1,
      parts_deleted: 1,
      pre_orders_created: 0,
      pre_orders_updated: 1,
    });
    const [kept] = await ctx.db.select().from(s.parts).where(eq(s.parts.code, usedItem.number));
    expect(kept).toMatchObject({ isActive: false, isDeleted: false });
    const [gone] = await ctx.db.select().from(s.parts).where(eq(s.parts.code, unused.number));
    expect(gone).toMatchObject({ isActive: false, isDeleted: true });
    const [line] = await ctx.db.select().from(s.details).where(eq(s.details.bcId, sim.preOrders[0].id));
    expect(line.replenishmentQty).toBe('9.0000');
  }, 120_000);

  it('an ERP that keeps failing ends the run as failed, with the message, and changes no part', async () => {
    const before = await countOf(sql`select count(*)::int as n from parts where not is_deleted`);
    sim.inject({ status: 500, path: 'items', times: 50 });
    expect((await start()).json().status).toBe('started');
    await catalogueSyncFinished(ctx.db);
    sim.clearFaults();
    const st = await state();
    expect(st.status).toBe('failed');
    expect(st.message).toMatch(/HTTP 500/);
    expect(await countOf(sql`select count(*)::int as n from parts where not is_deleted`)).toBe(before);
  }, 120_000);
});

describe('a sync whose server died', () => {
  it('is reported interrupted after a minute without a heartbeat, and a new start begins a new run', async () => {
    try {
      // A run whose server was killed: its row says running, and no process renews its heartbeat any more.
      const dead = await queryRow<{ id: number }>(
        ctx.db,
        sql`insert into bc_sync_runs (status, user_id, started, heartbeat)
          values ('running', null, ${now()}, ${now()}) returning id`,
      );
      // Within the minute it still counts as running: a start is told so, twice at once too, and starts nothing.
      advance(30);
      const both = await Promise.all([start(), start('admin')]);
      expect(both.map((r) => r.json())).toEqual([
        { status: 'running', run_id: dead!.id },
        { status: 'running', run_id: dead!.id },
      ]);
      expect(await state()).toMatchObject({ status: 'running', run_id: dead!.id });
      // A minute after its last heartbeat it is interrupted: failed, with the reason.
      advance(31);
      expect(await state()).toMatchObject({ status: 'failed', run_id: dead!.id, message: 'sync_lost' });
      const res = await start();
      expect(res.json().status).toBe('started');
      expect(res.json().run_id).toBeGreaterThan(dead!.id);
      // The new run's own heartbeat keeps it running for a second start meanwhile.
      expect((await start('admin')).json()).toEqual({ status: 'running', run_id: res.json().run_id });
      await catalogueSyncFinished(ctx.db);
      expect(await state()).toMatchObject({ status: 'done', run_id: res.json().run_id });
      const runs = await countOf(sql`select count(*)::int as n from bc_sync_runs where status = 'running'`);
      expect(runs).toBe(0);
    } finally {
      resetClock();
    }
  }, 120_000);

  it('a run whose server stalled past the minute stops when it notices, and writes nothing beside the new run', async () => {
    try {
      // The ERP holds the first page of items (the client gives up after 5 s and asks again).
      const before = sim.counts['GET items'] ?? 0;
      sim.inject({ status: 'timeout', path: 'items' });
      const stalled = (await start()).json();
      expect(stalled.status).toBe('started');
      await vi.waitFor(() => expect(sim.counts['GET items']).toBe(before + 1), { timeout: 15_000 });
      // Meanwhile a minute passes without a heartbeat: the run is ended, and a new start begins a new one.
      advance(61);
      expect(await state()).toMatchObject({ status: 'failed', run_id: stalled.run_id, message: 'sync_lost' });
      const fresh = (await start()).json();
      expect(fresh.status).toBe('started');
      await catalogueSyncFinished(ctx.db); // both: the stalled run's request ends, it notices and stops
      const runs = await ctx.db
        .select()
        .from(s.bcSyncRuns)
        .where(inArray(s.bcSyncRuns.id, [stalled.run_id, fresh.run_id]))
        .orderBy(s.bcSyncRuns.id);
      expect(runs.map((r) => [r.status, r.message])).toEqual([
        ['failed', 'sync_lost'],
        ['done', null],
      ]);
      // The stalled run wrote no page after it was ended: its counts stay as they were at its last heartbeat.
      expect(runs[0].counts).toMatchObject({ items: 0, pages: 0 });
      expect(runs[1].counts).toMatchObject({ items: sim.items.length, parts_created: 0 });
    } finally {
      resetClock();
    }
  }, 120_000);
});

describe('who may sync', () => {
  it('administrators and contractors; masters and suppliers are refused, anonymous callers too', async () => {
    for (const role of ['master', 'supplier', 'employee'] as const) {
      expect((await start(role)).statusCode).toBe(403);
      expect((await ctx.as(role, { method: 'GET', url: '/api/setup/bc-sync' })).statusCode).toBe(403);
    }
    expect((await start(null)).statusCode).toBe(401);
    expect((await ctx.as('contractor', { method: 'GET', url: '/api/setup/bc-sync' })).statusCode).toBe(200);
  });
});

describe('without a business system', () => {
  it('says none is configured, and refuses to start', async () => {
    const plain = await testContext();
    const st = (await plain.as('admin', { method: 'GET', url: '/api/setup/bc-sync' })).json();
    expect(st).toMatchObject({ configured: false, status: 'idle' });
    const res = await plain.as('admin', { method: 'POST', url: '/api/setup/bc-sync' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'business_system_not_configured' });
  });
});
