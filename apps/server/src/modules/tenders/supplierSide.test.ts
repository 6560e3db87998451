// The supplier's side after the offer (issue 34, points 4–6), through the API: receipts that verify (and a changed
// or withdrawn offer that no longer does), the receipt PDF read back, declined lines sealed until the tender is
// opened, the feedback after the award (own data only, switchable by the buyer before the start), roles, states
// and bad input.
import { createHash } from 'node:crypto';
import { canonicalOffer, type OfferReceipts, type TenderDeclines, type TenderFeedback } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history, proposals } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer } from '../../test/factories.ts';
import { pdfText } from '../../test/tenderExports.ts';
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

const receipts = async (role: 'supplier' | 'supplier2' | 'employee', tender: number) => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/${tender}/receipts/` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OfferReceipts;
};
const verify = (role: Parameters<typeof ctx.as>[0], payload: object) =>
  ctx.as(role, { method: 'POST', url: '/api/receipts/verify/', payload });
const asInput = (r: NonNullable<OfferReceipts['current']>) => ({
  tender: r.tender,
  company: r.company,
  time: r.time,
  digest: r.digest,
});

/** The canonical form of the company's offers on the tender as stored, with the receipt's own time and salt. */
const storedCanonical = async (tenderId: number, r: { time: string; salt: string }) => {
  const rows = await ctx.db.select().from(proposals).where(eq(proposals.tenderId, tenderId));
  return canonicalOffer({
    tenderId,
    companyId: ctx.supplierCo.id,
    time: new Date(r.time),
    salt: r.salt,
    lines: rows.filter((p) => p.supplierId === ctx.supplierCo.id),
  });
};

describe('offer receipts', () => {
  it('each accepted offer set gets a receipt whose digest is the SHA-256 of the documented canonical form', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const mine = await receipts('supplier', t.id);
    expect(mine.all).toHaveLength(1);
    const r = mine.current!;
    expect(r).toMatchObject({ tender: t.id, company: ctx.supplierCo.id, lines: 2, replaced_at: null });
    expect(r.digest).toMatch(/^[0-9a-f]{64}$/);
    // Recomputed from the offers as stored, with the receipt's own time and salt.
    const text = await storedCanonical(t.id, r);
    expect(text.split('\n')[0]).toBe('tender-portal-offer-receipt/1');
    expect(text).toContain('"11.1111"');
    expect(createHash('sha256').update(text).digest('hex')).toBe(r.digest);
    // It verifies, for the company and for nobody else's company.
    let res = await verify('supplier', asInput(r));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'valid', replaced_at: null });
    res = await verify('supplier2', asInput(r));
    expect(res.json()).toEqual({ result: 'no_match', replaced_at: null });
    // The history keeps the digest (buyers see it once the tender is opened; while sealed not even the row).
    const rowsH = await ctx.db.select().from(history).where(eq(history.tenderId, t.id));
    expect(
      rowsH.some((h) => h.entity === 'receipt' && (h.data as { digest?: string }).digest === r.digest),
    ).toBe(true);
    const sealed = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/history/?page_size=0` });
    expect(sealed.body).not.toContain(r.digest);
  });

  it('a changed offer gives a new receipt; the old one verifies as replaced at the time of the new one', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const first = (await receipts('supplier2', t.id)).current!;
    await advance(ctx, 60);
    const res = await offer(ctx, 'supplier2', t.id, [
      { detail: t.lines[0], offers: [offerLine(t.producers[1], '20.5')] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const after = await receipts('supplier2', t.id);
    expect(after.all).toHaveLength(2);
    const second = after.current!;
    expect(second.id).not.toBe(first.id);
    expect(second.lines).toBe(1);
    expect(after.all.find((x) => x.id === first.id)?.replaced_at).toBe(second.time);
    expect((await verify('supplier2', asInput(first))).json()).toEqual({
      result: 'replaced',
      replaced_at: second.time,
    });
    expect((await verify('supplier2', asInput(second))).json()).toEqual({
      result: 'valid',
      replaced_at: null,
    });
    // A per-line change gives a receipt too.
    const lines = await getLines(ctx, t.id, 'supplier2');
    const p = lines.flatMap((l) => l.proposals).find((x) => x.id != null)!;
    const patched = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/proposals/${p.id}/`,
      payload: { price: '19.9' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const third = (await receipts('supplier2', t.id)).current!;
    expect(third.id).not.toBe(second.id);
    expect((await verify('supplier2', asInput(second))).json().result).toBe('replaced');
    // Withdrawn: no current receipt, the last one verifies as withdrawn at the withdrawal.
    const gone = await ctx.as('supplier2', { method: 'DELETE', url: `/api/tenders/${t.id}/offer/` });
    expect(gone.statusCode, gone.body).toBe(200);
    const end = await receipts('supplier2', t.id);
    expect(end.current).toBeNull();
    const v = (await verify('supplier2', asInput(third))).json();
    expect(v.result).toBe('withdrawn');
    expect(v.replaced_at).not.toBeNull();
  });

  it('an offer written as a supplier types it (commas, short decimals, spaces) gets a receipt of the values stored', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const res = await offer(ctx, 'supplier', t.id, [
      {
        detail: t.lines[0],
        offers: [offerLine(t.producers[0], ' 0,5 ', { product_code: '  AB 12  ', available_qty: '1,25' })],
      },
      { detail: t.lines[1], offers: [offerLine(t.producers[0], '12,50', { additional_qty: '3' })] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const r = (await receipts('supplier', t.id)).current!;
    const text = await storedCanonical(t.id, r);
    expect(text).toContain('"0.5000"');
    expect(text).toContain('"AB 12"');
    expect(text).toContain('"1.2500"');
    expect(createHash('sha256').update(text).digest('hex')).toBe(r.digest);
    expect((await verify('supplier', asInput(r))).json()).toEqual({ result: 'valid', replaced_at: null });
  });

  it('a tampered digest, time, company or tender does not verify; bad input is a 400 that names the field', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const r = (await receipts('supplier', t.id)).current!;
    const flip = (r.digest[0] === 'a' ? 'b' : 'a') + r.digest.slice(1);
    for (const wrong of [
      { ...asInput(r), digest: flip },
      { ...asInput(r), time: new Date(new Date(r.time).getTime() + 1).toISOString() },
      { ...asInput(r), company: ctx.supplierCo2.id },
    ]) {
      const res = await verify('supplier', wrong);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ result: 'no_match', replaced_at: null });
    }
    // Upper-case hex and a time with an offset name the same receipt.
    const local = new Date(r.time);
    const plus2 = new Date(local.getTime() + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    const res = await verify('supplier', { ...asInput(r), digest: r.digest.toUpperCase(), time: plus2 });
    expect(res.json().result).toBe('valid');
    for (const [body, field] of [
      [{ ...asInput(r), digest: 'xyz' }, 'digest'],
      [{ ...asInput(r), digest: `${r.digest}00` }, 'digest'],
      [{ ...asInput(r), time: 'yesterday' }, 'time'],
      [{ ...asInput(r), tender: -1 }, 'tender'],
      [{ ...asInput(r), company: 'A' }, 'company'],
      [{ tender: t.id }, 'digest'],
    ] as const) {
      const bad = await verify('supplier', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json())).toContain(field);
    }
    expect((await verify('supplier', { ...asInput(r), tender: 2147483000 })).statusCode).toBe(404);
  });

  it('who may verify: the company, buyers only once the tender is opened, not a PLAIN employee without sharing', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const r = (await receipts('supplier', t.id)).current!;
    // Buyers while sealed: refused by the table, so not even a yes tells who offered.
    expect((await verify('admin', asInput(r))).statusCode).toBe(403);
    expect((await verify('employee', asInput(r))).statusCode).toBe(403);
    expect((await verify(null, asInput(r))).statusCode).toBe(401);
    expect(
      (await ctx.as('employee', { method: 'GET', url: `/api/tenders/${t.id}/receipts/` })).statusCode,
    ).toBe(403);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/tenders/${t.id}/receipts/` })).statusCode).toBe(
      403,
    );
    await advance(ctx, 3600);
    for (const role of ['admin', 'contractor', 'master'] as const) {
      const res = await verify(role, asInput(r));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toBe('valid');
    }
    // After a cancellation the offers are gone: the receipt no longer matches what the portal holds.
    const c = await buildTender(ctx, 'ACTIVE');
    const rc = (await receipts('supplier', c.id)).current!;
    expect((await patchTender(ctx, c.id, { status: 'CANCELED' })).statusCode).toBe(200);
    expect((await verify('supplier', asInput(rc))).json().result).toBe('withdrawn');
  });

  it('the receipt PDF carries the digest, the time and the company, in the reader’s language', async () => {
    const t = await buildTender(ctx, 'ACTIVE');
    const all = await receipts('supplier', t.id);
    const r = all.current!;
    const res = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${t.id}/receipt_pdf/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="receipt_\d+_.+\.pdf"$/,
    );
    const text = pdfText(res.rawPayload).replace(/\s/g, '');
    expect(text).toContain(r.digest);
    expect(text).toContain(r.time);
    expect(text).toContain(r.salt);
    expect(text).toContain('Pakkumisekviitung');
    // An earlier receipt by its id; one of another company is not found.
    const one = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/tenders/${t.id}/receipt_pdf/?receipt=${r.id}`,
    });
    expect(one.statusCode).toBe(200);
    const other = (await receipts('supplier2', t.id)).current!;
    const res2 = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/tenders/${t.id}/receipt_pdf/?receipt=${other.id}`,
    });
    expect(res2.statusCode).toBe(404);
    const bad = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/tenders/${t.id}/receipt_pdf/?receipt=x1`,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('declined lines', () => {
  const decline = (role: Parameters<typeof ctx.as>[0], detail: number, payload: object) =>
    ctx.as(role, { method: 'PUT', url: `/api/details/${detail}/decline/`, payload });
  const declines = async (role: Parameters<typeof ctx.as>[0], tender: number) =>
    ctx.as(role, { method: 'GET', url: `/api/tenders/${tender}/declines/` });

  it('a supplier declines a line with a reason and undoes it; buyers see the counts only once the tender is opened', async () => {
    const lines = await buildLines(ctx, 3);
    const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
    expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
    const [l1, l2, l3] = lines.map((l) => l.id);
    // Not before the start.
    expect((await decline('supplier', l3, { reason: 'DISCONTINUED' })).statusCode).toBe(400);
    await advance(ctx, 3601);
    // supplier: offers on l1, declines l3; supplier2: declines l2 (other) and l3 (not in stock, then undone, then
    // again as cannot meet the date).
    const producer = await buildProducer(ctx.db);
    expect(
      (await offer(ctx, 'supplier', id, [{ detail: l1, offers: [offerLine(producer.id, '5')] }])).statusCode,
    ).toBe(200);
    let res = await decline('supplier', l3, { reason: 'DISCONTINUED' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ detail: l3, reason: 'DISCONTINUED', text: '' });
    res = await decline('supplier', l1, { reason: 'NOT_IN_STOCK' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['line_has_offer'] });
    res = await decline('supplier2', l2, { reason: 'OTHER', text: '  only sold in sets of 4 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toBe('only sold in sets of 4');
    expect((await decline('supplier2', l3, { reason: 'NOT_IN_STOCK' })).statusCode).toBe(200);
    res = await ctx.as('supplier2', { method: 'DELETE', url: `/api/details/${l3}/decline/` });
    expect(res.statusCode).toBe(204);
    expect((await decline('supplier2', l3, { reason: 'CANNOT_MEET_DATE' })).statusCode).toBe(200);
    // Each company sees its own marks.
    const own = (await declines('supplier2', id)).json() as TenderDeclines;
    expect(own.mine.map((d) => [d.detail, d.reason])).toEqual([
      [l2, 'OTHER'],
      [l3, 'CANNOT_MEET_DATE'],
    ]);
    expect(own.lines).toEqual([]);
    // Buyers while ACTIVE: refused, and the tender's other answers say nothing either.
    const sealed = await declines('admin', id);
    expect(sealed.statusCode).toBe(400);
    expect(sealed.body).not.toContain('sets of 4');
    // An offer on a declined line drops the mark.
    await decline('supplier', l2, { reason: 'NOT_IN_STOCK' });
    expect(
      (
        await offer(ctx, 'supplier', id, [
          { detail: l1, offers: [offerLine(producer.id, '5')] },
          { detail: l2, offers: [offerLine(producer.id, '6')] },
        ])
      ).statusCode,
    ).toBe(200);
    expect(((await declines('supplier', id)).json() as TenderDeclines).mine.map((d) => d.detail)).toEqual([
      l3,
    ]);
    // Opened: counts and reasons per line, the other texts without the company.
    await advance(ctx, 3600);
    for (const role of ['admin', 'contractor', 'master'] as const) {
      const open = await declines(role, id);
      expect(open.statusCode, open.body).toBe(200);
      const body = open.json() as TenderDeclines;
      expect(body.lines).toEqual([
        {
          detail: l2,
          total: 1,
          offers: 1,
          reasons: { NOT_IN_STOCK: 0, DISCONTINUED: 0, CANNOT_MEET_DATE: 0, OTHER: 1 },
          texts: ['only sold in sets of 4'],
        },
        {
          detail: l3,
          total: 2,
          offers: 0,
          reasons: { NOT_IN_STOCK: 0, DISCONTINUED: 1, CANNOT_MEET_DATE: 1, OTHER: 0 },
          texts: [],
        },
      ]);
      expect(body.declined_lines).toBe(2);
      expect(body.lines_without_offer).toBe(1);
      expect(open.body).not.toContain(ctx.supplierCo2.name);
    }
    // After the finish nothing can be declined or undone.
    expect((await decline('supplier', l3, { reason: 'OTHER', text: 'late' })).statusCode).toBe(400);
    expect(
      (await ctx.as('supplier', { method: 'DELETE', url: `/api/details/${l3}/decline/` })).statusCode,
    ).toBe(400);
  });

  it('roles and bad input', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 3 });
    const free = t.lines[2];
    await ctx.db.delete(proposals).where(eq(proposals.detailId, free));
    expect((await decline('admin', free, { reason: 'OTHER', text: 'x' })).statusCode).toBe(403);
    expect((await decline('employee', free, { reason: 'DISCONTINUED' })).statusCode).toBe(403);
    expect((await declines('employee', t.id)).statusCode).toBe(403);
    expect((await decline(null, free, { reason: 'DISCONTINUED' })).statusCode).toBe(401);
    for (const [body, field] of [
      [{ reason: 'CHEAPER' }, 'reason'],
      [{}, 'reason'],
      [{ reason: 'OTHER' }, 'text'],
      [{ reason: 'OTHER', text: '   ' }, 'text'],
      [{ reason: 'OTHER', text: 'x'.repeat(501) }, 'text'],
      [{ reason: 'DISCONTINUED', text: 'why' }, 'text'],
      [{ reason: 'OTHER', text: 5 }, 'text'],
    ] as const) {
      const res = await decline('supplier', free, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json())).toContain(field);
    }
    expect((await decline('supplier', 999999999, { reason: 'DISCONTINUED' })).statusCode).toBe(404);
    expect(
      (await ctx.as('supplier', { method: 'PUT', url: '/api/details/abc/decline/', payload: {} })).statusCode,
    ).toBe(400);
    expect(((await declines('supplier', t.id)).json() as TenderDeclines).mine).toEqual([]);
  });
});

describe('feedback after the award', () => {
  const feedback = (role: Parameters<typeof ctx.as>[0], tender: number) =>
    ctx.as(role, { method: 'GET', url: `/api/tenders/${tender}/feedback/` });

  it('each participating supplier sees its rank and its gap to the winning price, nothing of the others', async () => {
    const t = await buildTender(ctx, 'ORDERED');
    // supplier (11.1111) won every line; supplier2 (22.2222) is second, 100 % above.
    let res = await feedback('supplier2', t.id);
    expect(res.statusCode, res.body).toBe(200);
    const fb = res.json() as TenderFeedback;
    expect(fb.lines.map((l) => [l.detail, l.rank, l.offers, l.won, l.gap_percent, l.price])).toEqual(
      t.lines.map((d) => [d, 2, 2, false, '100.0', '22.2222']),
    );
    expect(res.body).not.toContain('11.1111');
    expect(res.body).not.toContain(ctx.supplierCo.name);
    res = await feedback('supplier', t.id);
    expect(
      (res.json() as TenderFeedback).lines.every((l) => l.rank === 1 && l.won && l.gap_percent === '0.0'),
    ).toBe(true);
    expect(res.body).not.toContain('22.2222');
    // The tender says so in its abilities.
    const tender = (await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
    expect(tender.abilities).toContain('feedback');
    expect(tender.feedback_enabled).toBe(true);
    // Not before ORDERED, not for buyers, not for a PLAIN employee without sharing.
    const choosing = await buildTender(ctx, 'CHOOSING');
    expect((await feedback('supplier2', choosing.id)).statusCode).toBe(400);
    expect((await feedback('admin', t.id)).statusCode).toBe(403);
    expect((await feedback('employee', t.id)).statusCode).toBe(403);
    expect((await feedback('supplier', 999999999)).statusCode).toBe(404);
  });

  it('the buyer switches it off before the start: a validated tender field, in the history, fixed once started', async () => {
    const lines = await buildLines(ctx, 1);
    const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
    let res = await patchTender(ctx, id, { feedback_enabled: 'no' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain('feedback_enabled');
    res = await patchTender(ctx, id, { feedback_enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().feedback_enabled).toBe(false);
    const h = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${id}/history/?page_size=0` });
    expect(h.json().some((e: { data: Record<string, unknown> }) => e.data.feedback_enabled === false)).toBe(
      true,
    );
    expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
    await advance(ctx, 3601);
    // Once started the form is closed: the switch cannot change.
    expect((await patchTender(ctx, id, { feedback_enabled: true })).statusCode).toBeGreaterThanOrEqual(400);
    const producer = await buildProducer(ctx.db);
    expect(
      (await offer(ctx, 'supplier2', id, [{ detail: lines[0].id, offers: [offerLine(producer.id, '3')] }]))
        .statusCode,
    ).toBe(200);
    await advance(ctx, 3600);
    expect((await patchTender(ctx, id, { status: 'CHOOSING' })).statusCode).toBe(200);
    const [line] = await getLines(ctx, id);
    const won = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: line.proposals[0].id }] },
    });
    expect(won.statusCode, won.body).toBe(200);
    expect((await patchTender(ctx, id, { status: 'ORDERED' })).json().status).toBe('ORDERED');
    res = await feedback('supplier2', id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'feedback_switched_off' });
    const tender = (await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${id}/` })).json();
    expect(tender.abilities).not.toContain('feedback');
  });
});
