// A winner refuses, against the Business Central simulator (issue 32): the refused line leaves the refuser's ERP
// order, the new winner's order reaches the ERP with the line at its price, and an order left without lines is
// withdrawn from the ERP (the reopen's withdrawal path), all through the outbox.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startBusinessCentralSimulator } from '../../../../../tools/simulators/business-central.ts';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { advance, buildTender } from '../../test/tenders.ts';
import { tallinnToday } from '../breaches/index.ts';
import { refreshLineStates } from './bcState.ts';

const sim = await startBusinessCentralSimulator({ items: 50, pageSize: 50, preOrders: 0 });
const ctx = await testContext({ ...sim.config, BC_TIMEOUT_MS: 30_000, BC_MAX_RETRIES: 3 });
afterAll(() => sim.close());

const ordersFor = (code: string) => sim.orders.filter((o) => o.externalDocumentNumber === code);
async function drain(max = 30) {
  for (let i = 0; i < max; i++) {
    await ctx.app.outbox.runOnce();
    const pending = await ctx.db.select().from(s.outbox).where(eq(s.outbox.status, 'pending'));
    if (!pending.some((r) => r.kind === 'bc_sync')) return;
    await advance(ctx, 700);
  }
  throw new Error('outbox did not drain');
}
const ordersOf = (tenderId: number) =>
  ctx.db.select().from(s.purchaseOrders).where(eq(s.purchaseOrders.tenderId, tenderId));

describe('a refusal and the ERP', () => {
  it('moves the refused line to the new winner there and withdraws an order left empty', async () => {
    const t = await buildTender(ctx, 'ORDERED', { lines: 2 });
    const rows = await ctx.db.select().from(s.details).where(inArray(s.details.id, t.lines));
    for (const [i, d] of rows.entries()) {
      const item = sim.items[i];
      await ctx.db.update(s.parts).set({ code: item.number, bcId: item.id }).where(eq(s.parts.id, d.partId));
    }
    await refreshLineStates(ctx.db, t.id);
    await drain();
    const [first] = await ordersOf(t.id);
    expect(ordersFor(first.orderCode)[0].lines.map((l) => l.directUnitCost)).toEqual([11.1111, 11.1111]);

    const refuse = async (detail: number) => {
      const o = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/refusals/` })).json();
      const line = o.winners.find((w: { detail: number; supplier: number }) => w.detail === detail);
      const res = await ctx.as('admin', {
        method: 'POST',
        url: `/api/tenders/${t.id}/refusals/`,
        payload: {
          supplier: ctx.supplierCo.id,
          refused_on: tallinnToday(),
          reason: 'Out of stock',
          lines: [{ detail, replacement: line.candidates[0].id }],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };

    // Line 1 refused: the refuser's ERP order keeps line 2 only; supplier2's new order has line 1 at its price.
    await refuse(t.lines[0]);
    await drain();
    let orders = await ordersOf(t.id);
    const second = orders.find((o) => o.supplierId === ctx.supplierCo2.id)!;
    expect(ordersFor(first.orderCode)).toHaveLength(1);
    expect(ordersFor(first.orderCode)[0].lines.map((l) => l.directUnitCost)).toEqual([11.1111]);
    expect(ordersFor(second.orderCode)[0].lines.map((l) => [l.quantity, l.directUnitCost])).toEqual([
      [10, 22.2222],
    ]);
    expect(orders.find((o) => o.id === second.id)?.bcStatus).toBe('synced');

    // Line 2 refused too: the refuser's order is empty, withdrawn from the ERP and gone here.
    await refuse(t.lines[1]);
    await drain();
    orders = await ordersOf(t.id);
    expect(orders.map((o) => o.supplierId)).toEqual([ctx.supplierCo2.id]);
    expect(ordersFor(first.orderCode)).toEqual([]);
    expect(ordersFor(second.orderCode)[0].lines.map((l) => l.directUnitCost)).toEqual([22.2222, 22.2222]);
    const lines = await ctx.db.select().from(s.details).where(inArray(s.details.id, t.lines));
    expect(lines.map((l) => l.bcStatus)).toEqual(['synced', 'synced']);
  });
});
