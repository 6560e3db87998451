// Applying the award suggestions in one call (issue 33): roles, states, bad bodies, lines with winners skipped, the
// same winners, comments and history as saving each line.
import {
  type ApplySuggestionsResult,
  type AwardSuggestion,
  splitCommentText,
  type TenderStatus,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history as audit, blacklistProducers, blacklists, users } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildUser } from '../../test/factories.ts';
import { buildTenderWith, type TenderWithArgs } from '../../test/suggestions.ts';
import { buildTender, getLines } from '../../test/tenders.ts';

const ctx = await testContext();
const tenderWith = (...args: TenderWithArgs) => buildTenderWith(ctx, ...args);
const suggestions = (id: number) =>
  ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/award_suggestions/` });

const applyAll = (id: number, payload: unknown = {}, role: Parameters<typeof ctx.as>[0] = 'contractor') =>
  ctx.as(role, { method: 'POST', url: `/api/tenders/${id}/apply_suggestions/`, payload: payload as object });

/** What a buyer sees of each line's choice: winners by supplier, amount and reason, the status, the comment. */
const choices = async (id: number) =>
  (await getLines(ctx, id))
    .sort((a, b) => a.id - b.id)
    .map((l) => ({
      status: l.status,
      winners: l.winners.map((w) => ({ supplier: w.supplier_name, amount: w.amount, reason: w.reason })),
      comment: l.winner_comment_data?.content ?? null,
    }));

describe('POST /tenders/{id}/apply_suggestions/', () => {
  const LINES = [{ qty: '10' }, { qty: '3' }, { qty: '2.5' }, { qty: '4' }];
  const OFFERS = {
    // line 1 split 4 + 6; line 2 the cheapest; line 3 a lone offer short of the need (supplier2's producer is
    // blacklisted there), for the buyer to confirm; line 4 the cheapest
    supplier: [
      { price: '5', available: '4' },
      { price: '8.8' },
      { price: '1', available: '1' },
      { price: '3' },
    ],
    supplier2: [
      { price: '6', available: '10' },
      { price: '10' },
      { price: '2', available: '1' },
      { price: '9' },
    ],
  };

  it('buyers who choose winners only, only in CHOOSING (FINISHED and others refused as the line save is); the seal holds', async () => {
    const built: Partial<Record<TenderStatus, number>> = {};
    for (const s of ['ORDERED', 'CANCELED', 'CHOOSING', 'FINISHED', 'ACTIVE', 'WAITING', 'DRAFT'] as const)
      built[s] = (await buildTender(ctx, s)).id;
    for (const s of Object.keys(built) as TenderStatus[]) {
      for (const role of ['supplier', 'employee', 'supplier2', 'master'] as const) {
        const res = await applyAll(built[s]!, {}, role);
        expect(res.statusCode, `${role} ${s}`).toBe(403);
        expect(res.body).not.toMatch(/11\.1111|22\.2222/);
      }
      if (s === 'CHOOSING') continue;
      const res = await applyAll(built[s]!);
      expect(res.statusCode, s).toBe(400);
      expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
    }
    // nothing was written where it was refused
    for (const s of ['FINISHED', 'ORDERED'] as const) {
      const before = await choices(built[s]!);
      expect((await applyAll(built[s]!, {}, 'admin')).statusCode).toBe(400);
      expect(await choices(built[s]!)).toEqual(before);
    }
    const res = await applyAll(built.CHOOSING!, {}, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ApplySuggestionsResult).applied).toBeGreaterThan(0);
    // a tender of another group is not there for its buyer; bad ids are 400s, an unknown tender a 404
    const other = await buildUser(ctx.db, { group: 'CONTRACTOR', groupIds: [ctx.group2.id] });
    const far = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenders/${built.CHOOSING}/apply_suggestions/`,
      headers: { authorization: `Token ${await ctx.login(other.email)}` },
      payload: {},
    });
    expect(far.statusCode).toBe(404);
    expect(
      (await ctx.as('admin', { method: 'POST', url: '/api/tenders/abc/apply_suggestions/', payload: {} }))
        .statusCode,
    ).toBe(400);
    expect((await applyAll(999999999)).statusCode).toBe(404);
  }, 300_000);

  it('bad bodies are 400s and change nothing', async () => {
    const t = await tenderWith(LINES, OFFERS, 'CHOOSING');
    const other = await tenderWith([{ qty: '1' }], { supplier: [{ price: '1' }] }, 'CHOOSING');
    const before = await choices(t.id);
    for (const payload of [
      { detail_ids: 'all' },
      { detail_ids: [0] },
      { detail_ids: [1.5] },
      { detail_ids: ['x'] },
      { detail_ids: [t.lines[0].id, other.lines[0].id] },
    ]) {
      const res = await applyAll(t.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        Object.keys(res.json()).every((k) => k.startsWith('detail_ids')),
        res.body,
      ).toBe(true);
    }
    expect(await choices(t.id)).toEqual(before);
  }, 120_000);

  it('writes what applying line by line writes; skips lines with winners and names them; only the lines asked', async () => {
    await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, ctx.users.contractor.id));
    try {
      const bulk = await tenderWith(LINES, OFFERS, 'CHOOSING');
      const byLine = await tenderWith(LINES, OFFERS, 'CHOOSING');
      for (const t of [bulk, byLine]) {
        const [bl] = await ctx.db.insert(blacklists).values({ partId: t.lines[2].partId }).returning();
        await ctx.db.insert(blacklistProducers).values({ blacklistId: bl.id, producerId: t.producers[1] });
      }
      // line by line, as the dialog saves them, with the split comment in the buyer's language
      for (const s of (await suggestions(byLine.id)).json() as AwardSuggestion[]) {
        if (!s.winners.length || s.needs_confirmation) continue;
        const r = await ctx.as('contractor', {
          method: 'PATCH',
          url: `/api/details/${s.detail_id}/add_winners/`,
          payload: {
            winners: s.winners,
            comment: s.winners.length > 1 ? splitCommentText(s, 'en') : undefined,
          },
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      // another buyer chose the fourth line's winner meanwhile
      const theirs = (await getLines(ctx, bulk.id)).find((l) => l.id === bulk.lines[3].id)!;
      const costly = theirs.proposals.find((p) => Number(p.price) === 9)!.id!;
      const r = await ctx.as('admin', {
        method: 'PATCH',
        url: `/api/details/${theirs.id}/add_winners/`,
        payload: { winners: [{ name: costly, amount: '4', reason: 'PRODUCER' }] },
      });
      expect(r.statusCode, r.body).toBe(200);

      // the reviewed lines only: the second line is left alone
      const ids = bulk.lines.map((l) => l.id);
      const first = await applyAll(bulk.id, { detail_ids: [ids[0], ids[2], ids[3]] });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ applied: 1, skipped: 1, skipped_ids: [ids[3]] });
      expect((await choices(bulk.id))[1]).toMatchObject({ winners: [], status: 'WAITING' });

      const rest = await applyAll(bulk.id);
      expect(rest.json()).toEqual({ applied: 1, skipped: 2, skipped_ids: [ids[0], ids[3]] });

      const got = await choices(bulk.id);
      const want = await choices(byLine.id);
      // the split line, with its comment in English; the line short of its need is left to confirm
      expect(got[0]).toMatchObject({
        status: 'ORDERED',
        winners: [
          { supplier: ctx.supplierCo.name, amount: '4.0000', reason: 'PRICE' },
          { supplier: ctx.supplierCo2.name, amount: '6.0000', reason: 'PRICE' },
        ],
        comment: `Split by available quantity: ${ctx.supplierCo.name} 4, ${ctx.supplierCo2.name} 6.`,
      });
      expect(got[2]).toMatchObject({ winners: [], status: 'WAITING' });
      expect(got.slice(0, 3)).toEqual(want.slice(0, 3));
      // the other buyer's choice stands
      expect(got[3].winners).toEqual([
        { supplier: ctx.supplierCo2.name, amount: '4.0000', reason: 'PRODUCER' },
      ]);

      // the history has the entries the line saves write
      const kinds = async (id: number) =>
        (
          await ctx.db
            .select({ entity: audit.entity, action: audit.action })
            .from(audit)
            .where(eq(audit.tenderId, id))
        )
          .filter((a) => ['winner', 'detail', 'comment'].includes(a.entity))
          .map((a) => `${a.entity}:${a.action}`)
          .sort();
      // (the fourth line's entries are the other buyer's save in the one, the line save in the other)
      expect(await kinds(bulk.id)).toEqual(await kinds(byLine.id));
    } finally {
      await ctx.db.update(users).set({ language: 'et' }).where(eq(users.id, ctx.users.contractor.id));
    }
  }, 300_000);
});
