// Award suggestions and a part's price history (issue 33): roles, states, the seal, the rules end to end.
import type { AwardSuggestion, PriceHistory, TenderStatus } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blacklistProducers, blacklists, suppliers } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildPart, buildSupplier, buildUser } from '../../test/factories.ts';
import { buildTenderWith, type TenderWithArgs } from '../../test/suggestions.ts';
import {
  advance,
  buildLines,
  buildProducers,
  buildTender,
  createDraft,
  getLines,
  offerLine,
  patchTender,
  setClock,
} from '../../test/tenders.ts';

const ctx = await testContext();

const suggestions = (id: number, role: Parameters<typeof ctx.as>[0] = 'admin') =>
  ctx.as(role, { method: 'GET', url: `/api/tenders/${id}/award_suggestions/` });
/** As `role`, with a fresh session (earlier tenders moved the clock past an unused one's life). */
const history = async (
  part: number,
  role: 'admin' | 'master' | 'supplier' | 'employee' | 'supplier2' = 'admin',
) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/parts/${part}/price_history/`,
    headers: { authorization: `Token ${await ctx.login(ctx.users[role].email)}` },
  });

const tenderWith = (...args: TenderWithArgs) => buildTenderWith(ctx, ...args);

describe('GET /tenders/{id}/award_suggestions/', () => {
  it('buyers only, and only while the winners are chosen (FINISHED, CHOOSING); the seal holds before', async () => {
    const built: Partial<Record<TenderStatus, number>> = {};
    // (built in this order: a later one moves the clock, which would move an earlier WAITING or ACTIVE one on)
    for (const s of ['ORDERED', 'CANCELED', 'CHOOSING', 'FINISHED', 'ACTIVE', 'WAITING', 'DRAFT'] as const)
      built[s] = (await buildTender(ctx, s)).id;
    for (const s of ['FINISHED', 'CHOOSING'] as const) {
      for (const role of ['admin', 'contractor', 'master'] as const) {
        const res = await suggestions(built[s]!, role);
        expect(res.statusCode, `${role} ${s}`).toBe(200);
        expect((res.json() as AwardSuggestion[]).length).toBe(2);
      }
      for (const role of ['supplier', 'employee', 'supplier2'] as const) {
        const res = await suggestions(built[s]!, role);
        expect(res.statusCode, `${role} ${s}`).toBe(403);
        expect(res.body).not.toContain('11.1111');
      }
    }
    for (const s of ['DRAFT', 'WAITING', 'ACTIVE', 'ORDERED', 'CANCELED'] as const) {
      const res = await suggestions(built[s]!);
      expect(res.statusCode, s).toBe(400);
      expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
      expect(res.body).not.toMatch(/11\.1111|22\.2222/);
      expect((await suggestions(built[s]!, 'supplier')).statusCode).toBe(403);
    }
    // a tender of another group is not there for its master; a bad id is a 400, an unknown one a 404
    const otherMaster = await buildUser(ctx.db, { group: 'MASTER', groupIds: [ctx.group2.id] });
    const token = await ctx.login(otherMaster.email);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/tenders/${built.CHOOSING}/award_suggestions/`,
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'GET', url: '/api/tenders/abc/award_suggestions/' })).statusCode,
    ).toBe(400);
    expect((await suggestions(999999999)).statusCode).toBe(404);
  }, 300_000);

  it('the cheapest offer, explained; a split where the first cannot cover; blacklist and inactive companies skipped', async () => {
    const t = await tenderWith(
      [{ qty: '10' }, { qty: '3' }, { qty: '2.5' }, { qty: '4' }],
      {
        supplier: [
          { price: '5', available: '4' },
          { price: '8.8' },
          { price: '1', available: '1.25' },
          { price: '3' },
        ],
        supplier2: [{ price: '6', available: '10' }, { price: '10' }, { price: '2' }, { price: '9' }],
      },
      'CHOOSING',
    );
    const shown = await getLines(ctx, t.id);
    const idOf = (line: number, price: string) =>
      shown.find((l) => l.id === t.lines[line].id)!.proposals.find((p) => Number(p.price) === Number(price))!
        .id!;
    // the producer of supplier's offer on the fourth line is blacklisted for its part
    const [bl] = await ctx.db.insert(blacklists).values({ partId: t.lines[3].partId }).returning();
    await ctx.db.insert(blacklistProducers).values({ blacklistId: bl.id, producerId: t.producers[0] });

    const res = await suggestions(t.id);
    expect(res.statusCode, res.body).toBe(200);
    const byLine = new Map((res.json() as AwardSuggestion[]).map((s) => [s.detail_id, s]));
    const [split, cheapest, decimals, black] = t.lines.map((l) => byLine.get(l.id)!);
    expect(split.winners).toEqual([
      { name: idOf(0, '5'), amount: '4.0000', reason: 'PRICE' },
      { name: idOf(0, '6'), amount: '6.0000', reason: 'PRICE' },
    ]);
    expect(split.explanation).toMatchObject({ key: 'split', offers: 2, need: '10.0000' });
    expect(split.explanation.shares.map((s) => s.supplier)).toEqual([
      ctx.supplierCo.name,
      ctx.supplierCo2.name,
    ]);
    expect(cheapest.winners).toEqual([{ name: idOf(1, '8.8'), amount: '3.0000', reason: 'PRICE' }]);
    expect(cheapest.explanation).toMatchObject({ key: 'cheapest', offers: 2, below_next_pct: 12 });
    expect(decimals.winners.map((w) => w.amount)).toEqual(['1.2500', '1.2500']);
    expect(black.winners).toEqual([{ name: idOf(3, '9'), amount: '4.0000', reason: 'PRICE' }]);
    expect(black.explanation).toMatchObject({ key: 'only', offers: 1, skipped_blacklisted: 1 });

    // the suggestions pass the winner rules as they are (a split with the comment the buyer keeps or edits)
    for (const s of [split, cheapest]) {
      const r = await ctx.as('contractor', {
        method: 'PATCH',
        url: `/api/details/${s.detail_id}/add_winners/`,
        payload: {
          winners: s.winners,
          comment: s.winners.length > 1 ? 'Split by the available quantities' : undefined,
        },
      });
      expect(r.statusCode, r.body).toBe(200);
    }

    // an inactive company's offers are skipped: the first line is left to the 4 its cheapest company has
    await ctx.db.update(suppliers).set({ isActive: false }).where(eq(suppliers.id, ctx.supplierCo2.id));
    try {
      const again = (await suggestions(t.id)).json() as AwardSuggestion[];
      const first = again.find((s) => s.detail_id === t.lines[0].id)!;
      expect(first.winners).toEqual([{ name: idOf(0, '5'), amount: '10.0000', reason: 'PRICE' }]);
      expect(first).toMatchObject({
        needs_confirmation: true,
        explanation: { key: 'partial', covered: '4.0000', skipped_inactive: 1 },
      });
      const fourth = again.find((s) => s.detail_id === t.lines[3].id)!;
      expect(fourth).toMatchObject({
        winners: [],
        explanation: { key: 'none', skipped_blacklisted: 1, skipped_inactive: 1 },
      });
    } finally {
      await ctx.db.update(suppliers).set({ isActive: true }).where(eq(suppliers.id, ctx.supplierCo2.id));
    }
  }, 300_000);

  it('a need the first offers cannot cover is filled from every usable offer of its line', async () => {
    const [line] = await buildLines(ctx, 1, { qty: '10' });
    const producers = (await buildProducers(ctx, 3)).map((p) => p.id);
    const id = await createDraft(ctx, { lines: [{ id: line.id, qty: '10' }] });
    expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
    await advance(ctx, 3601);
    // three more companies with three offer lines of 1 each: nine offers, more than the first ones read per line
    for (let c = 0; c < 3; c++) {
      const co = await buildSupplier(ctx.db, {}, [ctx.group.id]);
      const u = await buildUser(ctx.db, {
        group: 'SUPPLIER',
        supplierId: co.id,
        supplierRole: 'ADVANCED',
        isAdmin: true,
      });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/tenders/${id}/offer/`,
        headers: { authorization: `Token ${await ctx.login(u.email)}` },
        payload: {
          agreed: true,
          lines: [
            {
              detail: line.id,
              offers: producers.map((p, k) => offerLine(p, String(10 + c * 3 + k), { available_qty: '1' })),
            },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await advance(ctx, 3600);
    expect((await patchTender(ctx, id, { status: 'CHOOSING' })).statusCode).toBe(200);
    const [s] = (await suggestions(id)).json() as AwardSuggestion[];
    expect(s.winners.map((w) => w.amount)).toEqual(Array(9).fill('1.0000'));
    expect(s.explanation).toMatchObject({ key: 'partial', offers: 9, covered: '9.0000', need: '10.0000' });
    expect(s.explanation.shares.map((x) => x.price)).toEqual(
      Array.from({ length: 9 }, (_, i) => `${10 + i}.0000`),
    );
  }, 300_000);

  it('a line without offers has no suggestion, and says so', async () => {
    const t = await tenderWith([{ qty: '2' }], {}, 'FINISHED');
    const res = await suggestions(t.id);
    expect(res.json()).toEqual([
      expect.objectContaining({
        detail_id: t.lines[0].id,
        winners: [],
        explanation: expect.objectContaining({ key: 'none', offers: 0 }),
      }),
    ]);
  }, 300_000);
});

describe('GET /parts/{id}/price_history/', () => {
  it('the prices of earlier orders and their median, never an open offer; buyers of the tender only', async () => {
    const part = await buildPart(ctx.db, {});
    // two orders of the part, then an offer on it that is still running
    await tenderWith(
      [{ partId: part.id, qty: '4' }],
      { supplier: [{ price: '10' }], supplier2: [{ price: '12' }] },
      'CHOOSING',
    ).then(async (t) => {
      const s = ((await suggestions(t.id)).json() as AwardSuggestion[])[0];
      await ctx.as('admin', {
        method: 'PATCH',
        url: `/api/details/${s.detail_id}/add_winners/`,
        payload: { winners: s.winners },
      });
      expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    });
    const second = await tenderWith(
      [{ partId: part.id, qty: '2' }],
      { supplier: [{ price: '13' }], supplier2: [{ price: '14.5' }] },
      'CHOOSING',
    );
    const s2 = ((await suggestions(second.id)).json() as AwardSuggestion[])[0];
    await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${s2.detail_id}/add_winners/`,
      payload: { winners: s2.winners },
    });
    expect((await patchTender(ctx, second.id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    const running = await tenderWith(
      [{ partId: part.id, qty: '1' }],
      { supplier: [{ price: '77.7777' }] },
      'ACTIVE',
    );
    const finished = await tenderWith(
      [{ partId: part.id, qty: '1' }],
      { supplier2: [{ price: '66.6666' }] },
      'CHOOSING',
    );

    const res = await history(part.id, 'master');
    expect(res.statusCode, res.body).toBe(200);
    const h = res.json() as PriceHistory;
    expect(h.orders.map((o) => [o.price, o.quantity, o.supplier])).toEqual([
      ['13.0000', '2.0000', ctx.supplierCo.name],
      ['10.0000', '4.0000', ctx.supplierCo.name],
    ]);
    expect(h.orders[0].tender_code).toMatch(/\S/);
    expect(h.orders[0].tender_id).toBe(second.id);
    expect(h).toMatchObject({ median_12m: '11.5000', median_count: 2 });
    expect(res.body).not.toMatch(/77\.7777|66\.6666/);
    void running;
    void finished;

    for (const role of ['supplier', 'employee', 'supplier2'] as const)
      expect((await history(part.id, role)).statusCode).toBe(403);
    // a buyer of another group sees none of these orders
    const otherMaster = await buildUser(ctx.db, { group: 'MASTER', groupIds: [ctx.group2.id] });
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/parts/${part.id}/price_history/`,
      headers: { authorization: `Token ${await ctx.login(otherMaster.email)}` },
    });
    expect(other.json()).toMatchObject({ orders: [], median_12m: null, median_count: 0 });
    expect((await history(999999999)).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/parts/x/price_history/' })).statusCode).toBe(
      400,
    );

    // a year and more later the orders are still listed, but the median has none left
    await setClock(ctx, new Date(now().getTime() + 370 * 86_400_000));
    // (the sessions have expired by then: a new login)
    const later = await ctx.app.inject({
      method: 'GET',
      url: `/api/parts/${part.id}/price_history/`,
      headers: { authorization: `Token ${await ctx.login(ctx.users.admin.email)}` },
    });
    expect(later.json()).toMatchObject({ median_12m: null, median_count: 0 });
    expect(later.json().orders).toHaveLength(2);
  }, 300_000);
});
