import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDirectoSimulator } from '../../../../../tools/simulators/directo.ts';
import { history, modules, outbox, purchaseOrders } from '../../db/schema/index.ts';
import { advance, freeze, resetClock } from '../../lib/clock.ts';
import { MAX_ATTEMPTS } from '../../lib/outbox.ts';
import { testContext } from '../../test/context.ts';
import { buildOrderedTender } from '../../test/tenderExports.ts';

const ctx = await testContext();
afterEach(() => resetClock());
const sim = await startDirectoSimulator({ port: 0, key: 'directo-test-key', company: 'portal' });
afterAll(() => sim.close());

const built = await buildOrderedTender(ctx.db, {
  groupId: ctx.group.id,
  warehouseId: ctx.warehouse.id,
  winnerA: ctx.supplierCo.id,
  winnerB: ctx.supplierCo2.id,
});
const tenderId = built.tender.id;
const start = (role: 'admin' | 'contractor' | 'master' | 'supplier' = 'contractor', id = tenderId) =>
  ctx.as(role, { method: 'POST', url: `/api/directo_export_manual/?tender_id=${id}` });
const status = async (logId: number) =>
  (
    await ctx.as('contractor', {
      method: 'GET',
      url: `/api/directo_export_status/?module_export_log_id=${logId}`,
    })
  ).json();

/** Starts an export, delivers it through the outbox and answers the final status. */
async function exportOnce() {
  const res = await start();
  expect(res.statusCode).toBe(200);
  const logId = res.json().module_export_log_id as number;
  expect(await status(logId)).toEqual({ status: 'PROGRESS', message: null });
  await ctx.app.outbox.runOnce();
  return { logId, ...(await status(logId)) };
}

/** Orders not yet accepted by Directo (so an export has something to send). */
const clearExportCodes = () =>
  ctx.db.update(purchaseOrders).set({ exportCode: null }).where(eq(purchaseOrders.tenderId, tenderId));

describe('Directo export', () => {
  it('needs an active Directo module, an ORDERED tender and an administrator or contractor', async () => {
    // A master reads the export page but may not send orders to accounting.
    expect((await start('master')).statusCode).toBe(403);
    let res = await start();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['module_inactive'] });
    await ctx.db
      .insert(modules)
      .values({ name: 'Directo', url: sim.url, key: 'directo-test-key', isActive: false });
    expect((await start()).json()).toEqual({ non_field_errors: ['module_inactive'] });
    await ctx.db.update(modules).set({ isActive: true }).where(eq(modules.name, 'Directo'));

    const choosing = await buildOrderedTender(ctx.db, {
      groupId: ctx.group.id,
      warehouseId: ctx.warehouse.id,
      winnerA: ctx.supplierCo.id,
      winnerB: ctx.supplierCo2.id,
      status: 'CHOOSING',
    });
    res = await start('admin', choosing.tender.id);
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_ordered'] });
    expect((await start('supplier')).statusCode).toBe(403);
    expect((await start('admin', 999999)).statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'POST', url: '/api/directo_export_manual/?tender_id=abc' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.as('admin', {
          method: 'GET',
          url: '/api/directo_export_status/?module_export_log_id=999999',
        })
      ).statusCode,
    ).toBe(404);
    expect(sim.received).toHaveLength(0);
  });

  it('sends the purchase orders as XML, ends SUCCESS and stores the document ids as export codes', async () => {
    const res = await start();
    const logId = res.json().module_export_log_id;
    // one export at a time
    expect((await start('admin')).json()).toEqual({ non_field_errors: ['export_in_progress'] });
    const page = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${tenderId}/export_data/` });
    expect(page.json()).toMatchObject({ status: 'PROGRESS', module_export_log_id: logId });

    await ctx.app.outbox.runOnce();
    const st = await status(logId);
    expect(st.status).toBe('SUCCESS');
    expect(sim.received).toHaveLength(1);
    const [doc] = sim.received;
    expect(doc.company).toBe('portal');
    const byNumber = Object.fromEntries(doc.orders.map((o) => [o.number, o]));
    const a = byNumber[built.orders.A.orderCode];
    const b = byNumber[built.orders.B.orderCode];
    expect(a.supplier).toBe(ctx.supplierCo.registrationCode);
    expect(a.attributes).toMatchObject({
      suppliername: ctx.supplierCo.name,
      ref: built.tender.tenderCode,
      stock: ctx.warehouse.code,
      currency: 'EUR',
    });
    expect(a.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(a.rows.map((r) => [r.item, r.description, r.quantity, r.price, r.sum])).toEqual([
      [built.parts.partA1.code, 'Тормозная колодка Ülemiste', '3', '12.345', '37.04'],
      [built.parts.partA2.code, built.parts.partA2.name, '2.5', '0.3333', '0.83'],
    ]);
    expect(b.rows).toHaveLength(1);
    expect(b.supplier).toBe(ctx.supplierCo2.registrationCode);

    const pos = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, tenderId));
    expect(Object.fromEntries(pos.map((p) => [p.orderCode, p.exportCode]))).toEqual({
      [built.orders.A.orderCode]: a.docid,
      [built.orders.B.orderCode]: b.docid,
    });
    expect(st.message).toContain(a.docid);
    const data = (
      await ctx.as('admin', { method: 'GET', url: `/api/tenders/${tenderId}/export_data/` })
    ).json();
    expect(data.status).toBe('SUCCESS');
    expect(data.orders.map((o: { export_code: string }) => o.export_code).sort()).toEqual(
      [a.docid, b.docid].sort(),
    );
    // A master sees the orders (as in the files he may download) but not the accounting export's state.
    const mastersPage = await ctx.as('master', {
      method: 'GET',
      url: `/api/tenders/${tenderId}/export_data/`,
    });
    expect(mastersPage.statusCode).toBe(200);
    expect(mastersPage.json()).toMatchObject({
      status: null,
      created: null,
      module_export_log_id: null,
      message: null,
    });
    expect(mastersPage.json().orders).toHaveLength(2);
    const viaTender = await ctx.as('master', {
      method: 'GET',
      url: `/api/tenders/${tenderId}/?export_data=true`,
    });
    expect(viaTender.json().export_data).toMatchObject({ status: null, module_export_log_id: null });
    const masterStatus = await ctx.as('master', {
      method: 'GET',
      url: `/api/directo_export_status/?module_export_log_id=${logId}`,
    });
    expect(masterStatus.statusCode).toBe(403);
  });

  it('sends each order once: a re-send after success sends nothing, after a partial one only the missing order', async () => {
    const before = sim.received.length;
    const again = await exportOnce();
    expect(again.status).toBe('SUCCESS');
    expect(sim.received.length).toBe(before);

    // Directo lost order B (its export code is gone): the re-send carries B alone.
    await ctx.db
      .update(purchaseOrders)
      .set({ exportCode: null })
      .where(eq(purchaseOrders.orderCode, built.orders.B.orderCode));
    const partial = await exportOnce();
    expect(partial.status).toBe('SUCCESS');
    expect(sim.received.length).toBe(before + 1);
    expect(sim.received.at(-1)?.orders.map((o) => o.number)).toEqual([built.orders.B.orderCode]);
    const pos = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, tenderId));
    expect(pos.every((p) => p.exportCode)).toBe(true);
  });

  it("ends FAILED with Directo's message without retrying, and can be re-sent", async () => {
    await clearExportCodes();
    const before = sim.received.length;
    sim.failNext(1);
    const failed = await exportOnce();
    expect(failed.status).toBe('FAILED');
    expect(failed.message).toBe('Simulated failure (Type 1)');
    expect(sim.received.length).toBe(before);
    const [row] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `directo_export:${failed.logId}`));
    // Not tried again, and failed in the outbox too, for the operators' deliveries screen.
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Simulated failure (Type 1)' });
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    expect(sim.requests.filter((r) => r.type === 1)).toHaveLength(1);

    const again = await exportOnce();
    expect(again.status).toBe('SUCCESS');
    expect(sim.received.length).toBe(before + 1);
    // The new export superseded the failed one: kept, but no longer among the failed deliveries.
    const [old] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `directo_export:${failed.logId}`));
    expect(old.status).toBe('discarded');
  });

  it('ends FAILED at once on a wrong key and on an HTTP 4xx', async () => {
    await clearExportCodes();
    await ctx.db.update(modules).set({ key: 'wrong' }).where(eq(modules.name, 'Directo'));
    const unauthorized = await exportOnce();
    expect(unauthorized).toMatchObject({ status: 'FAILED', message: 'Unauthorized (Type 5)' });
    await ctx.db
      .update(modules)
      .set({ key: 'directo-test-key', url: sim.url.replace('/xmlcore/', '/nothing/') })
      .where(eq(modules.name, 'Directo'));
    const http = await exportOnce();
    expect(http).toMatchObject({ status: 'FAILED', message: 'Directo HTTP 404' });
    await ctx.db.update(modules).set({ url: sim.url }).where(eq(modules.name, 'Directo'));
  });

  it('tries a Directo it cannot reach again with backoff, and sends the orders once when it is back', async () => {
    await clearExportCodes();
    freeze();
    const documents = sim.documents.size;
    const before = sim.received.length;
    await ctx.db
      .update(modules)
      .set({ url: 'http://127.0.0.1:9/xmlcore/x/xmlcore.asp' })
      .where(eq(modules.name, 'Directo'));
    const down = await exportOnce();
    expect(down.status).toBe('PROGRESS');
    expect(down.message).toMatch(/^Directo not reachable/);
    const row = async () =>
      (
        await ctx.db
          .select()
          .from(outbox)
          .where(eq(outbox.dedupeKey, `directo_export:${down.logId}`))
      )[0];
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    // Not before the backoff (5 s), then again, with a longer wait (10 s).
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    advance(5);
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2 });
    advance(5);
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    // Directo is back: the next attempt sends the orders once and ends the export.
    await ctx.db.update(modules).set({ url: sim.url }).where(eq(modules.name, 'Directo'));
    advance(5);
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    expect(await status(down.logId)).toMatchObject({ status: 'SUCCESS' });
    expect(await row()).toMatchObject({ status: 'done', attempts: 3 });
    expect(sim.received.length).toBe(before + 1);
    expect(sim.documents.size).toBe(documents);
  });

  it('a retry after an answer lost on the way back makes no second document in Directo', async () => {
    await clearExportCodes();
    freeze();
    const docids = Object.fromEntries([...sim.documents].map(([n, d]) => [n, d.docid]));
    const numbers = [built.orders.A.orderCode, built.orders.B.orderCode];
    // Directo stores the documents, but the answer never arrives: the export cannot tell, and tries again.
    sim.loseNextAnswers(1);
    const lost = await exportOnce();
    expect(lost.status).toBe('PROGRESS');
    expect(lost.message).toMatch(/^Directo not reachable/);
    advance(5);
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    expect(await status(lost.logId)).toMatchObject({ status: 'SUCCESS' });
    // Both attempts reached Directo; each order is still one document, with the docid it had.
    expect(sim.received.slice(-2).map((r) => r.orders.map((o) => o.number).sort())).toEqual([
      [...numbers].sort(),
      [...numbers].sort(),
    ]);
    for (const n of numbers) expect(sim.documents.get(n)?.docid).toBe(docids[n]);
    const pos = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, tenderId));
    expect(Object.fromEntries(pos.map((p) => [p.orderCode, p.exportCode]))).toEqual(
      Object.fromEntries(numbers.map((n) => [n, docids[n]])),
    );
  });

  it('ends FAILED when Directo stays out of reach through the last attempt', async () => {
    await clearExportCodes();
    freeze();
    await ctx.db
      .update(modules)
      .set({ url: 'http://127.0.0.1:9/xmlcore/x/xmlcore.asp' })
      .where(eq(modules.name, 'Directo'));
    const down = await exportOnce();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      advance(3600);
      expect(await ctx.app.outbox.runOnce()).toBe(1);
    }
    const st = await status(down.logId);
    expect(st.status).toBe('FAILED');
    expect(st.message).toMatch(/^Directo not reachable/);
    const [row] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `directo_export:${down.logId}`));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await ctx.db.update(modules).set({ url: sim.url }).where(eq(modules.name, 'Directo'));
  });

  it('audits every export in the tender history', async () => {
    const rows = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.tenderId, tenderId), eq(history.entity, 'export')));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'directo_export_started')).toHaveLength(10);
    expect(actions.filter((a) => a === 'directo_export_succeeded')).toHaveLength(6);
    expect(actions.filter((a) => a === 'directo_export_failed')).toHaveLength(4);
    const res = await ctx.as('admin', {
      method: 'GET',
      url: `/api/tenders/${tenderId}/history/?page_size=1000`,
    });
    expect(res.json().results.filter((h: { entity: string }) => h.entity === 'export')).toHaveLength(20);
  });
});
