// The company's offer draft (issue 34 point 2) and its last offers (point 3): who may read and write them, in which
// state, and the seal: a draft is never seen by buyers or other companies and never becomes an offer at the deadline.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { details, offerDrafts } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildDetail } from '../../test/factories.ts';
import {
  advance,
  type BuiltTender,
  buildLines,
  buildProducers,
  buildTender,
  createDraft,
  dateIn,
  getLines,
  getTender,
  offer,
  offerLine,
  patchTender,
} from '../../test/tenders.ts';

const ctx = await testContext();

const draftLine = (price: string, extra: object = {}) => ({
  producer: null,
  price,
  delivery_date: dateIn(12),
  product_code: 'DRAFT-1',
  ean_code: '4006381333931',
  available_qty: '',
  additional_qty: '',
  ...extra,
});

const url = (id: number) => `/api/tenders/${id}/offer_draft/`;
const putDraft = (role: 'supplier' | 'supplier2' | 'employee', id: number, payload: object) =>
  ctx.as(role, { method: 'PUT', url: url(id), payload });

/** ACTIVE tenders started together (finish in 10 hours), with the offers of supplier and supplier2 on every line. */
async function activeTenders(n: number, lineCount: number): Promise<BuiltTender[]> {
  const out: BuiltTender[] = [];
  for (let i = 0; i < n; i++) {
    const lines = await buildLines(ctx, lineCount);
    const producers = (await buildProducers(ctx, 2)).map((p) => p.id);
    const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })), finishIn: 600 });
    expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
    out.push({
      id,
      lines: lines.map((l) => l.id),
      producers,
      prices: { supplier: '11.1111', supplier2: '22.2222' },
    });
  }
  await advance(ctx, 3601);
  for (const b of out)
    for (const [role, producer, price] of [
      ['supplier', b.producers[0], '11.1111'],
      ['supplier2', b.producers[1], '22.2222'],
    ] as const) {
      const res = await offer(
        ctx,
        role,
        b.id,
        b.lines.map((d) => ({ detail: d, offers: [offerLine(producer, price)] })),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  return out;
}

let t: BuiltTender;
/** Other ACTIVE tenders of the same run: a line of another tender, a draft sent, a tender cancelled. */
let others: BuiltTender[];
beforeAll(async () => {
  [t, ...others] = await activeTenders(4, 2);
}, 90_000);

describe('the offer draft', () => {
  it('is kept for the company, comes back after a new login, and is nobody else’s', async () => {
    const saved = await putDraft('supplier', t.id, {
      lines: [{ detail: t.lines[0], offers: [draftLine('77,7701')] }],
      comment: 'draft comment mrk-dc',
      agreed: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().updated).toEqual(expect.any(String));

    // A new session of the same user (another device) gets it, with who saved it.
    const token = await ctx.login(ctx.users.supplier.email);
    const res = await ctx.app.inject({
      method: 'GET',
      url: url(t.id),
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lines: [{ detail: t.lines[0], offers: [{ price: '77,7701', product_code: 'DRAFT-1' }] }],
      comment: 'draft comment mrk-dc',
      agreed: true,
      user_name: expect.stringContaining('Test'),
    });

    // Another company has its own (none); buyers and an employee without the offer rights may not ask.
    const other = await ctx.as('supplier2', { method: 'GET', url: url(t.id) });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ lines: [], comment: null, agreed: false, updated: null, user_name: null });
    for (const role of ['admin', 'contractor', 'master', 'employee'] as const)
      expect((await ctx.as(role, { method: 'GET', url: url(t.id) })).statusCode, role).toBe(403);
    expect((await putDraft('employee', t.id, { lines: [], comment: null, agreed: false })).statusCode).toBe(
      403,
    );

    // Nothing of it in what buyers or the other company read while the tender runs, nor in the offer counts.
    for (const role of ['admin', 'supplier2'] as const) {
      const text = JSON.stringify(await getLines(ctx, t.id, role)) + (await getTender(ctx, t.id, role)).body;
      // the draft's price and product code (a bare "77" also turns up in times and ids)
      expect(text, role).not.toContain('77.7701');
      expect(text, role).not.toContain('77,7701');
      expect(text, role).not.toContain('DRAFT-1');
      expect(text, role).not.toContain('mrk-dc');
    }
    const own = await getLines(ctx, t.id, 'supplier');
    expect(own.flatMap((l) => l.proposals.map((p) => p.price))).toEqual(['11.1111', '11.1111']);
  });

  it('refuses lines of other tenders and values out of bounds, changing nothing', async () => {
    const other = others[0];
    const bad = await putDraft('supplier', t.id, {
      lines: [{ detail: other.lines[0], offers: [draftLine('1')] }],
      comment: null,
      agreed: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ 'lines.0.detail': ['invalid_choice'] });
    const long = await putDraft('supplier', t.id, {
      lines: [{ detail: t.lines[0], offers: [draftLine('1'.repeat(41))] }],
      comment: null,
      agreed: false,
    });
    expect(long.statusCode).toBe(400);
    const four = await putDraft('supplier', t.id, {
      lines: [{ detail: t.lines[0], offers: [1, 2, 3, 4].map((n) => draftLine(String(n))) }],
      comment: null,
      agreed: false,
    });
    expect(four.statusCode).toBe(400);
    const kept = await ctx.as('supplier', { method: 'GET', url: url(t.id) });
    expect(kept.json().lines[0].offers[0].price).toBe('77,7701');
  });

  it('goes when the company sends its offer, and an empty draft deletes it', async () => {
    const other = others[1];
    await putDraft('supplier2', other.id, {
      lines: [{ detail: other.lines[0], offers: [draftLine('5')] }],
      comment: null,
      agreed: false,
    });
    const sent = await offer(ctx, 'supplier2', other.id, [
      { detail: other.lines[0], offers: [offerLine(other.producers[1], '21')] },
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await ctx.as('supplier2', { method: 'GET', url: url(other.id) })).json().updated).toBeNull();
    await putDraft('supplier2', other.id, {
      lines: [{ detail: other.lines[0], offers: [draftLine('6')] }],
      comment: null,
      agreed: false,
    });
    const emptied = await putDraft('supplier2', other.id, { lines: [], comment: '', agreed: false });
    expect(emptied.json()).toEqual({ updated: null });
    const rows = await ctx.db.select().from(offerDrafts).where(eq(offerDrafts.tenderId, other.id));
    expect(rows).toEqual([]);
  });

  it('goes when the tender is cancelled', async () => {
    const other = others[2];
    await putDraft('supplier', other.id, { lines: [], comment: 'before cancel', agreed: false });
    expect((await patchTender(ctx, other.id, { status: 'CANCELED' })).statusCode).toBe(200);
    const rows = await ctx.db.select().from(offerDrafts).where(eq(offerDrafts.tenderId, other.id));
    expect(rows).toEqual([]);
  });
  it('is never an offer at the deadline and is gone once the tender leaves ACTIVE', async () => {
    const lines = await getLines(ctx, t.id, 'supplier2');
    expect(lines).toHaveLength(2);
    // supplier2 drafts a change it never sends; supplier has the draft of the first test.
    await putDraft('supplier2', t.id, {
      lines: [{ detail: t.lines[1], offers: [draftLine('66,6601')] }],
      comment: null,
      agreed: true,
    });
    const moved = await advance(ctx, 600 * 60);
    expect(moved.finished).toContain(t.id);
    const shown = await getLines(ctx, t.id, 'admin');
    const prices = shown.flatMap((l) => l.proposals.map((p) => p.price)).sort();
    expect(prices).toEqual(['11.1111', '11.1111', '22.2222', '22.2222']);
    expect(JSON.stringify(shown)).not.toContain('66.6601');
    const rows = await ctx.db.select().from(offerDrafts).where(eq(offerDrafts.tenderId, t.id));
    expect(rows).toEqual([]);
    const late = await ctx.as('supplier', { method: 'GET', url: url(t.id) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ status: ['wrong_tender_state'] });
    const write = await putDraft('supplier', t.id, { lines: [], comment: 'x', agreed: false });
    expect(write.statusCode).toBe(400);
  });
});

describe('the last offers', () => {
  it("gives the company's own latest offer lines for the parts it offered before, never another company's", async () => {
    // An earlier tender (ORDERED) where both companies offered both parts.
    const before = await buildTender(ctx, 'ORDERED', { lines: 2 });
    const parts = await ctx.db
      .select({ id: details.id, partId: details.partId, warehouseId: details.warehouseId })
      .from(details)
      .where(eq(details.tenderId, before.id));
    const known = parts.find((p) => p.id === before.lines[0])!;
    // A new tender with a line on the first part and a line on a part nobody offered.
    const again = await buildDetail(ctx.db, {
      partId: known.partId,
      warehouseId: known.warehouseId,
      replenishmentQty: '4',
    });
    const [fresh] = await buildLines(ctx, 1);
    const id = await createDraft(ctx, { lines: [{ id: again.id }, { id: fresh.id }] });
    expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
    await advance(ctx, 3601);

    const res = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${id}/last_offers/` });
    expect(res.statusCode, res.body).toBe(200);
    const code = (await getTender(ctx, before.id, 'admin')).json().tender_code;
    expect(res.json()).toEqual([
      {
        detail: again.id,
        tender_code: code,
        offered: expect.any(String),
        offers: [
          {
            producer: { id: before.producers[0], name: expect.any(String) },
            price: '11.1111',
            product_code: `PC-${before.producers[0]}`,
            ean_code: '4006381333931',
          },
        ],
      },
    ]);
    const theirs = await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${id}/last_offers/` });
    expect(theirs.json().map((l: { offers: { price: string }[] }) => l.offers[0].price)).toEqual(['22.2222']);
    expect(theirs.body).not.toContain('11.1111');
    // (Sessions of the first tests have expired with the clock: each signs in again.)
    for (const role of ['contractor', 'master', 'employee'] as const) {
      const token = await ctx.login(ctx.users[role].email);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/tenders/${id}/last_offers/`,
        headers: { authorization: `Token ${token}` },
      });
      expect(res.statusCode, role).toBe(403);
    }
  });
});
