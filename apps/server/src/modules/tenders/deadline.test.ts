// The deadline race: many offers around the end, on the frozen app clock stepped across the finish. Accepted offers were
// written before the end, later ones refused with deadline_passed, none lost or doubled.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history, proposals, tenders } from '../../db/schema/index.ts';
import { freeze, now, resetClock, setNow } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildSupplier, buildUser } from '../../test/factories.ts';
import { buildTender, offerLine, setClock } from '../../test/tenders.ts';

const ctx = await testContext();

describe('deadline race', () => {
  it('40 concurrent offers from 4 suppliers around the end: accepted before the end only, none lost or doubled', async () => {
    const t = await buildTender(ctx, 'WAITING', { lines: 2 });
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
    await setClock(ctx, new Date(row.start.getTime() + 1000));
    expect((await ctx.db.select().from(tenders).where(eq(tenders.id, t.id)))[0].status).toBe('ACTIVE');

    const tokens: { supplierId: number; token: string }[] = [
      { supplierId: ctx.supplierCo.id, token: await ctx.tokenOf('supplier') },
      { supplierId: ctx.supplierCo2.id, token: await ctx.tokenOf('supplier2') },
    ];
    for (let i = 0; i < 2; i++) {
      const co = await buildSupplier(ctx.db, {}, [ctx.group.id]);
      const u = await buildUser(ctx.db, {
        group: 'SUPPLIER',
        supplierId: co.id,
        supplierRole: 'ADVANCED',
        isAdmin: true,
      });
      tokens.push({ supplierId: co.id, token: await ctx.login(u.email) });
    }

    // The app clock frozen 1 s before the end and stepped 50 ms per offer by the test (never the wall clock): 40
    // offers launched one after another without waiting for their answers, so they run at the same time, and
    // the clock crosses the end half-way through them. The scheduler ticks when the clock reaches the end, as a
    // replica would (it skips a tender row an offer holds locked; a later tick moves it). The clock only moves
    // forward, so an offer reads a time at or after the one it was launched at: the first answered offer is
    // accepted, and the ones launched at or after the end are refused.
    const finish = row.finish.getTime();
    freeze(new Date(finish - 1000));
    const sends: Promise<{ i: number; supplierId: number; price: string; status: number; body: string }>[] =
      [];
    let tick: Promise<unknown> = Promise.resolve();
    for (let i = 0; i < 40; i++) {
      // Before the clock reaches the end, one of the offers launched so far has answered (so not all of them
      // can be still waiting when it does).
      if (i === 20) await Promise.race(sends);
      freeze(new Date(finish - 1000 + i * 50));
      if (i === 20) tick = ctx.app.scheduler.runOnce();
      const who = tokens[i % tokens.length];
      const price = `1.${String(i + 1).padStart(4, '0')}`;
      sends.push(
        ctx.app
          .inject({
            method: 'POST',
            url: `/api/tenders/${t.id}/offer/`,
            headers: { authorization: `Token ${who.token}` },
            payload: {
              agreed: true,
              lines: t.lines.map((d) => ({ detail: d, offers: [offerLine(t.producers[0], price)] })),
            },
          })
          .then((res) => ({ i, supplierId: who.supplierId, price, status: res.statusCode, body: res.body })),
      );
      // Let the launched offers run a step before the clock moves on.
      await new Promise((r) => setImmediate(r));
    }
    const results = await Promise.all(sends);
    await tick;

    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({ non_field_errors: ['deadline_passed'] });
    }
    // launched at or after the end: refused whatever the timing
    for (const r of results.filter((x) => x.i >= 20)) expect(r.status, `offer ${r.i}`).toBe(400);
    const rows = await ctx.db.select().from(proposals).where(eq(proposals.tenderId, t.id));
    const audit = (
      await ctx.db
        .select()
        .from(history)
        .where(and(eq(history.tenderId, t.id), eq(history.entity, 'proposal')))
    ).filter((h) => h.action !== 'deleted');
    // every write happened before the end
    for (const p of rows) expect(p.updated.getTime()).toBeLessThan(finish);
    for (const h of audit) expect(h.created.getTime()).toBeLessThan(finish);
    for (const { supplierId } of tokens) {
      const mine = accepted.filter((r) => r.supplierId === supplierId);
      const current = rows.filter((p) => p.supplierId === supplierId);
      // none doubled: one proposal per line for a company with an accepted offer, none otherwise
      expect(current).toHaveLength(mine.length ? 2 : 0);
      // none lost: every accepted offer wrote both lines, and nothing else was written
      const written = audit.filter((h) => (h.data as { supplier_id: number }).supplier_id === supplierId);
      expect(written).toHaveLength(mine.length * 2);
      expect(new Set(written.map((h) => (h.data as { price: string }).price))).toEqual(
        new Set(mine.map((m) => m.price)),
      );
      // the company's current set is its last written (committed) offer
      if (mine.length) {
        const last = written.reduce((a, b) => (b.id > a.id ? b : a));
        expect(new Set(current.map((p) => p.price))).toEqual(
          new Set([(last.data as { price: string }).price]),
        );
        const lastPrice = (last.data as { price: string }).price;
        const lastRows = written.filter(
          (w) =>
            w.created.getTime() === last.created.getTime() &&
            (w.data as { price: string }).price === lastPrice,
        );
        expect(current.map((p) => p.id).sort()).toEqual(lastRows.map((w) => w.entityId).sort());
      }
    }
    // after the end the tender is FINISHED and stays refused
    const late = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer/`,
      payload: { agreed: true, lines: [{ detail: t.lines[0], offers: [offerLine(t.producers[0], '5')] }] },
    });
    expect(late.json()).toEqual({ non_field_errors: ['deadline_passed'] });
    await ctx.app.scheduler.runOnce();
    expect((await ctx.db.select().from(tenders).where(eq(tenders.id, t.id)))[0].status).toBe('FINISHED');
    expect(now().getTime()).toBeGreaterThan(row.finish.getTime());
    resetClock();
    setNow(new Date(finish + 1000));
  });

  it('an offer exactly at the finish time is refused even before the scheduler has run', async () => {
    const t = await buildTender(ctx, 'WAITING', { lines: 1 });
    const [row] = await ctx.db.select().from(tenders).where(eq(tenders.id, t.id));
    await setClock(ctx, new Date(row.start.getTime() + 1000));
    // freeze the clock exactly at finish without a scheduler tick
    freeze(row.finish);
    const res = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer/`,
      payload: { agreed: true, lines: [{ detail: t.lines[0], offers: [offerLine(t.producers[0], '5')] }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['deadline_passed'] });
    expect((await ctx.db.select().from(tenders).where(eq(tenders.id, t.id)))[0].status).toBe('ACTIVE');
    expect(await ctx.db.select().from(proposals).where(eq(proposals.tenderId, t.id))).toHaveLength(0);
    freeze(new Date(row.finish.getTime() - 1));
    const ok = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer/`,
      payload: { agreed: true, lines: [{ detail: t.lines[0], offers: [offerLine(t.producers[0], '5')] }] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    resetClock();
    setNow(new Date(row.finish.getTime() + 1000));
  });
});
