// The scheduler moves WAITING→ACTIVE at start and ACTIVE→FINISHED at finish, exactly once, driven by the test clock.
import type { TenderStatus } from '@portal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history, tenders } from '../db/schema/index.ts';
import { schedulerHooks } from '../modules/index.ts';
import { testContext } from '../test/context.ts';
import { uid } from '../test/factories.ts';
import { setNow } from './clock.ts';
import { Scheduler, type TransitionHooks, tick } from './scheduler.ts';

const ctx = await testContext();
const T0 = Date.parse('2031-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

async function buildTender(start: Date, finish: Date, status: TenderStatus = 'WAITING') {
  const [t] = await ctx.db
    .insert(tenders)
    .values({
      tenderCode: `T-${uid()}`,
      start,
      finish,
      status,
      warehouseId: ctx.warehouse.id,
      groupId: ctx.group.id,
    })
    .returning();
  return t;
}
const statusOf = async (id: number) =>
  (await ctx.db.select({ s: tenders.status }).from(tenders).where(eq(tenders.id, id)))[0].s;
const clock = async (body: { now?: string; advance_seconds?: number }) => {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/_test/clock/', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { now: string; activated: number[]; finished: number[]; delivered: number };
};
const statusMoves = async (ids: number[]) =>
  ctx.db
    .select({ id: history.entityId, data: history.data })
    .from(history)
    .where(and(eq(history.entity, 'tender'), eq(history.action, 'status'), inArray(history.entityId, ids)));

describe('scheduler', () => {
  it('opens a tender at its start and closes it at its finish, not before', async () => {
    const t = await buildTender(at(60), at(120));
    // The test clock keeps ticking in real time after a jump, so "just before" is a minute before (a slow machine).
    let r = await clock({ now: at(59).toISOString() });
    expect(r.activated).not.toContain(t.id);
    expect(await statusOf(t.id)).toBe('WAITING');

    r = await clock({ now: at(60).toISOString() });
    expect(r.activated).toContain(t.id);
    expect(await statusOf(t.id)).toBe('ACTIVE');

    r = await clock({ advance_seconds: 3540 }); // 119 minutes after T0, one before finish
    expect(r.finished).not.toContain(t.id);
    expect(await statusOf(t.id)).toBe('ACTIVE');

    r = await clock({ now: at(120).toISOString() });
    expect(r.finished).toContain(t.id);
    expect(await statusOf(t.id)).toBe('FINISHED');

    const moves = await statusMoves([t.id]);
    expect(moves.map((m) => m.data)).toEqual([
      { from: 'WAITING', to: 'ACTIVE', by: 'scheduler' },
      { from: 'ACTIVE', to: 'FINISHED', by: 'scheduler' },
    ]);
    r = await clock({ advance_seconds: 3600 });
    expect(await statusMoves([t.id])).toHaveLength(2);
  });

  it('takes a tender whose finish has already passed through both moves in one tick', async () => {
    const t = await buildTender(at(200), at(230));
    await clock({ now: at(100).toISOString() });
    expect(await statusOf(t.id)).toBe('WAITING');
    const r = await clock({ now: at(300).toISOString() });
    expect(r.activated).toContain(t.id);
    expect(r.finished).toContain(t.id);
    expect(await statusOf(t.id)).toBe('FINISHED');
    expect(await statusMoves([t.id])).toHaveLength(2);
  });

  it('never moves a tender in another status, whatever its dates', async () => {
    const others = await Promise.all(
      (['DRAFT', 'CHOOSING', 'CANCELED', 'FAILED', 'ORDERED'] as const).map((s) =>
        buildTender(at(400), at(430), s),
      ),
    );
    await clock({ now: at(500).toISOString() });
    await clock({ advance_seconds: 86_400 });
    for (const t of others) expect(await statusOf(t.id)).toBe(t.status);
    expect(await statusMoves(others.map((t) => t.id))).toEqual([]);
  });

  it('moves each tender exactly once when several schedulers tick at the same time', async () => {
    await clock({ now: at(600).toISOString() });
    const due = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildTender(at(610 + (i % 3)), at(i % 2 ? 700 : 2000))),
    );
    const ids = due.map((t) => t.id);
    const hooked = { activated: [] as number[], finished: [] as number[] };
    const hooks = schedulerHooks(ctx.app);
    const counting: TransitionHooks = {
      activated: async (tx, moved) => {
        hooked.activated.push(...moved);
        await hooks.activated?.(tx, moved);
      },
      finished: async (tx, moved) => {
        hooked.finished.push(...moved);
        await hooks.finished?.(tx, moved);
      },
    };
    // Four replicas, each ticking twice at once; the clock moves without a tick of the app's own scheduler.
    setNow(at(800));
    const replicas = Array.from({ length: 4 }, () => new Scheduler(ctx.db, counting));
    // runOnce() while a tick runs joins that tick (same promise); tick() starts another one regardless.
    const runs = new Set(replicas.flatMap((s) => [s.runOnce(), s.runOnce(), tick(ctx.db, counting)]));
    expect(runs.size).toBe(8);
    const results = await Promise.all(runs);

    const activated = results.flatMap((r) => r.activated).filter((id) => ids.includes(id));
    const finished = results.flatMap((r) => r.finished).filter((id) => ids.includes(id));
    const finishedNow = due.filter((t) => t.finish <= at(800)).map((t) => t.id);
    expect(activated.sort()).toEqual([...ids].sort());
    expect(finished.sort()).toEqual([...finishedNow].sort());
    expect(hooked.activated.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(hooked.finished.filter((id) => ids.includes(id)).sort()).toEqual([...finishedNow].sort());

    const perTender = new Map<number, number>();
    for (const m of await statusMoves(ids)) perTender.set(m.id, (perTender.get(m.id) ?? 0) + 1);
    for (const t of due)
      expect(perTender.get(t.id), `tender ${t.id}`).toBe(finishedNow.includes(t.id) ? 2 : 1);
    for (const t of due)
      expect(await statusOf(t.id)).toBe(finishedNow.includes(t.id) ? 'FINISHED' : 'ACTIVE');
  });
});
