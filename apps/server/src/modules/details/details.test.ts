// Tender lines: lists, buyer edits, per-line offer calls, winners rules, supplier line comments, /comments/, flags.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, details, history, proposals, tenderLogs } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildWarehouse } from '../../test/factories.ts';
import {
  advance,
  type BuiltTender,
  buildLines,
  buildProducers,
  buildTender,
  createDraft,
  getLines,
  offerLine,
} from '../../test/tenders.ts';

const ctx = await testContext();
let choosing: BuiltTender;
let finished: BuiltTender;
let active: BuiltTender;

beforeAll(async () => {
  choosing = await buildTender(ctx, 'CHOOSING', { lines: 2 });
  finished = await buildTender(ctx, 'FINISHED', { lines: 1 });
  active = await buildTender(ctx, 'ACTIVE', { lines: 1 });
}, 90_000);

const line = async (id: number, role: Parameters<typeof ctx.as>[0] = 'admin') =>
  (await ctx.as(role, { method: 'GET', url: `/api/details/${id}/` })).json();

describe('GET /details/', () => {
  it('lists PREPARED lines of a warehouse for buyers of its group, with search, ordering and page_size 0', async () => {
    const w = await buildWarehouse(ctx.db, { groupId: ctx.group.id });
    const w2 = await buildWarehouse(ctx.db, { groupId: ctx.group2.id });
    const lines = await buildLines(ctx, 3, { warehouseId: w.id });
    const other = await buildLines(ctx, 1, { warehouseId: w2.id });
    let res = await ctx.as('master', {
      method: 'GET',
      url: `/api/details/?status=PREPARED&warehouse=${w.id}&ordering=id`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(3);
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual(lines.map((l) => l.id));
    expect(res.json().results[0].part_code).toMatch(/^P-/);
    res = await ctx.as('master', { method: 'GET', url: `/api/details/?warehouse=${w2.id}` });
    expect(res.json().count).toBe(0);
    res = await ctx.as('admin', { method: 'GET', url: `/api/details/?warehouse=${w2.id}&page_size=0` });
    expect(res.json().map((r: { id: number }) => r.id)).toEqual([other[0].id]);
    const code = res.json()[0].part_code as string;
    res = await ctx.as('admin', { method: 'GET', url: `/api/details/?search=${encodeURIComponent(code)}` });
    expect(res.json().results.map((r: { id: number }) => r.id)).toEqual([other[0].id]);
    res = await ctx.as('admin', { method: 'GET', url: '/api/details/?ordering=secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ordering: ['invalid_ordering'] });
  });

  it('suppliers read only the lines of a tender they may see', async () => {
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/details/' })).statusCode).toBe(403);
    const res = await ctx.as('supplier', { method: 'GET', url: `/api/details/?tender=${finished.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    const [free] = await buildLines(ctx, 1);
    expect((await ctx.as('supplier', { method: 'GET', url: `/api/details/${free.id}/` })).statusCode).toBe(
      404,
    );
  });

  it("marks every offer at the line's lowest price as lowest for a buyer, ties too, in both shapes", async () => {
    const detail = finished.lines[0];
    const lowest = async (role: 'admin' | 'supplier2', shape = '') => {
      const res = await ctx.as(role, {
        method: 'GET',
        url: `/api/details/?tender=${finished.id}&page_size=0${shape}`,
      });
      expect(res.statusCode).toBe(200);
      const [l] = res.json() as { proposals: { price: string; is_lowest: boolean }[] }[];
      return l.proposals.map((p) => [p.price, p.is_lowest]);
    };
    const setPrice = (supplierId: number, price: string) =>
      ctx.db
        .update(proposals)
        .set({ price })
        .where(and(eq(proposals.detailId, detail), eq(proposals.supplierId, supplierId)));
    for (const shape of ['', '&fields=view']) {
      expect(await lowest('admin', shape)).toEqual([
        ['11.1111', true],
        ['22.2222', false],
      ]);
      // A supplier is never told whether its offer is the lowest.
      expect(await lowest('supplier2', shape)).toEqual([['22.2222', false]]);
    }
    await setPrice(ctx.supplierCo2.id, '11.1111');
    try {
      for (const shape of ['', '&fields=view'])
        expect(await lowest('admin', shape)).toEqual([
          ['11.1111', true],
          ['11.1111', true],
        ]);
    } finally {
      await setPrice(ctx.supplierCo2.id, '22.2222');
    }
  });
});

describe('PATCH /details/{id}/ (form and evaluation)', () => {
  it('adds a line to a draft, changes its quantity (as replenishment_qty) and removes it', async () => {
    const [l] = await buildLines(ctx, 1);
    const id = await createDraft(ctx);
    let res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { status: 'WAITING', tender: id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'WAITING' });
    res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { replenishment_qty: '7,5' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await line(l.id)).toMatchObject({
      qty: '7.5000',
      replenishment_qty: '7.5000',
      tender: id,
      status: 'WAITING',
    });
    // the whole line sent back with the order quantity changed
    const whole = await line(l.id);
    res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { ...whole, qty: '4' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await line(l.id)).toMatchObject({ qty: '4.0000', replenishment_qty: '4.0000' });
    res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { ...(await line(l.id)) },
    });
    expect(res.json()).toEqual({ status: 'WAITING' });
    res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { status: 'PREPARED', tender: null },
    });
    expect(res.json()).toEqual({ status: 'PREPARED' });
    expect(await line(l.id)).toMatchObject({ tender: null, status: 'PREPARED', replenishment_qty: '4.0000' });
    res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${l.id}/`,
      payload: { replenishment_qty: 'many' },
    });
    expect(res.json()).toEqual({ replenishment_qty: ['not_a_number'] });
  });

  it('a line of an ACTIVE or ordered tender is not editable; a CHOOSING line can be failed', async () => {
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${active.lines[0]}/`,
      payload: { status: 'PREPARED', tender: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_editable'] });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${active.lines[0]}/`,
      payload: { replenishment_qty: '1' },
    });
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_editable'] });
    const [free] = await buildLines(ctx, 1);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${free.id}/`,
      payload: { status: 'WAITING', tender: active.id },
    });
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_editable'] });
  });
});

describe('per-line offer calls', () => {
  it('add_proposal, PATCH and DELETE /proposals/{id}/ with field errors on that line', async () => {
    const d = active.lines[0];
    const [p1, p2, p3] = (await buildProducers(ctx, 3)).map((p) => p.id);
    // supplier already has one offer line (producer[0]) on this part from the helper
    let res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${d}/add_proposal/`,
      payload: offerLine(p1, '9.99'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${d}/add_proposal/`,
      payload: offerLine(p1, '9.99'),
    });
    expect(res.json()).toEqual({ producer: ['duplicate_producer'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${d}/add_proposal/`,
      payload: { ...offerLine(p2, 'x'), ean_code: 'abc' },
    });
    expect(res.json()).toEqual({ price: ['incorrect_price'], ean_code: ['ean_digits_only'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${d}/add_proposal/`,
      payload: offerLine(p2, '8'),
    });
    expect(res.statusCode).toBe(200);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${d}/add_proposal/`,
      payload: offerLine(p3, '8'),
    });
    expect(res.json()).toEqual({ non_field_errors: ['too_many_offers'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/proposals/${id}/`,
      payload: { price: '0' },
    });
    expect(res.json()).toEqual({ price: ['price_more_than_zero'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/proposals/${id}/`,
      payload: { price: '7,25' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(proposals).where(eq(proposals.id, id));
    expect(row.price).toBe('7.2500');
    res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/proposals/${id}/`,
      payload: { price: '1' },
    });
    expect(res.statusCode).toBe(404);
    res = await ctx.as('supplier2', { method: 'DELETE', url: `/api/proposals/${id}/` });
    expect(res.statusCode).toBe(404);
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/proposals/${id}/` });
    expect(res.statusCode).toBe(204);
    const h = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.entity, 'proposal'), eq(history.entityId, id)));
    expect(h.map((x) => x.action)).toEqual(['created', 'changed', 'deleted']);
    expect(h.every((x) => x.tenderId === active.id)).toBe(true);
  });
});

describe('winners (CHOOSING)', () => {
  it('applies the shared winner rules through the API', async () => {
    const [l] = await getLines(ctx, choosing.id);
    const cheap = l.proposals.find((p) => p.price === '11.1111')!;
    const dear = l.proposals.find((p) => p.price === '22.2222')!;
    const url = `/api/details/${l.id}/add_winners/`;
    const send = (payload: object) => ctx.as('contractor', { method: 'PATCH', url, payload });
    const cases: [object, object][] = [
      [{ winners: [{ name: dear.id, reason: null }] }, { 'winners.0.reason': ['winner_reason_required'] }],
      [{ winners: [{ name: 999999, reason: 'TEST' }] }, { 'winners.0.name': ['invalid_choice'] }],
      [
        {
          winners: [
            { name: cheap.id, amount: '5', reason: 'PRICE' },
            { name: cheap.id, amount: '5', reason: 'PRICE' },
          ],
          comment: 'split order',
        },
        { 'winners.1.name': ['duplicate_supplier_proposal'] },
      ],
      [
        {
          winners: [
            { name: cheap.id, amount: '0', reason: 'PRICE' },
            { name: dear.id, amount: '5', reason: 'TEST' },
          ],
          comment: 'split order',
        },
        { 'winners.0.amount': ['total_amount_zero'] },
      ],
      [
        {
          winners: [
            { name: cheap.id, amount: '6', reason: 'PRICE' },
            { name: dear.id, amount: '4.0001', reason: 'TEST' },
          ],
          comment: 'split order',
        },
        { winners: ['total_amount_above_need'] },
      ],
      [
        {
          winners: [
            { name: cheap.id, amount: '6', reason: 'PRICE' },
            { name: dear.id, amount: '4', reason: 'TEST' },
          ],
        },
        { comment: ['winner_comment_required'] },
      ],
      [
        {
          winners: [
            { name: cheap.id, amount: '6', reason: 'PRICE' },
            { name: dear.id, amount: '4', reason: 'TEST' },
          ],
          comment: '  abcd ',
        },
        { comment: ['comment_too_short'] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect((await line(l.id)).winners).toEqual([]);

    // lowest price with no reason → PRICE; one winner gets the full quantity
    let res = await send({ winners: [{ name: cheap.id, amount: '3', reason: null }, { name: null }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().winners).toMatchObject([{ name: cheap.id, amount: '10.0000', reason: 'PRICE' }]);
    expect(res.json().status).toBe('ORDERED');

    res = await send({
      winners: [
        { name: cheap.id, amount: '6', reason: null },
        { name: dear.id, amount: '4', reason: 'DUE DATE' },
      ],
      comment: ' split order ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().winners.map((w: { amount: string; reason: string }) => [w.amount, w.reason])).toEqual([
      ['6.0000', 'PRICE'],
      ['4.0000', 'DUE DATE'],
    ]);
    expect(res.json().winner_comment.content).toBe('split order');
    // before the confirmation no supplier learns of an award: no winners, the line still WAITING, no winner comment
    for (const role of ['supplier', 'supplier2'] as const) {
      const sl = await line(l.id, role);
      expect(sl).toMatchObject({ winners: [], winners_data: [], status: 'WAITING', winner_comment: null });
      expect(sl.proposals.map((p: { total_approved_qty: string | null }) => p.total_approved_qty)).toEqual([
        null,
      ]);
    }
    expect(JSON.stringify(await line(l.id, 'supplier2'))).not.toContain('11.1111');

    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${l.id}/delete_winners/`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ winners: [], status: 'WAITING', winner_comment: null });
    const audit = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.tenderId, choosing.id), eq(history.entity, 'winner')));
    expect(audit.filter((a) => a.action === 'created')).toHaveLength(3);
    expect(audit.filter((a) => a.action === 'deleted')).toHaveLength(3);
  });

  it('failing a CHOOSING line (cancel proposals) removes its winners', async () => {
    const [, l2] = await getLines(ctx, choosing.id);
    const cheap = l2.proposals.find((p) => p.price === '11.1111')!;
    await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${l2.id}/add_winners/`,
      payload: { winners: [{ name: cheap.id }] },
    });
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${l2.id}/`,
      payload: { ...l2, status: 'FAILED', proposals: l2.proposals.map((p) => p.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'FAILED' });
    expect(await line(l2.id)).toMatchObject({ status: 'FAILED', winners: [] });
  });
});

describe('comments', () => {
  it('a supplier line comment: add, update, empty deletes; others never see it; sealed for buyers while ACTIVE', async () => {
    const d = finished.lines[0];
    const url = `/api/details/${d}/add_supplier_comment/`;
    let res = await ctx.as('supplier', { method: 'PATCH', url, payload: { comment: '   ' } });
    expect(res.json()).toEqual({ comment: ['comment_required'] });
    res = await ctx.as('supplier', { method: 'PATCH', url, payload: { comment: 'x'.repeat(1001) } });
    expect(res.json()).toEqual({ comment: ['comment_too_long'] });
    res = await ctx.as('supplier', { method: 'PATCH', url, payload: { comment: 'we can deliver faster' } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url,
      payload: { comment: 'we can deliver much faster' },
    });
    expect(res.json().id).toBe(id);
    expect((await line(d, 'supplier')).supplier_comments.map((c: { content: string }) => c.content)).toEqual([
      'we can deliver much faster',
    ]);
    expect((await line(d, 'supplier2')).supplier_comments).toEqual([]);
    const buyer = await line(d, 'admin');
    expect(buyer.supplier_comments[0]).toMatchObject({
      content: 'we can deliver much faster',
      supplier: ctx.supplierCo.id,
      supplier_name: ctx.supplierCo.name,
    });
    res = await ctx.as('supplier', { method: 'PATCH', url, payload: { comment: '' } });
    expect(res.json()).toEqual({ id: null });
    expect((await line(d, 'admin')).supplier_comments).toEqual([]);

    const a = active.lines[0];
    res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/details/${a}/add_supplier_comment/`,
      payload: { comment: 'hidden author' },
    });
    expect(res.statusCode).toBe(200);
    // Until the tender is opened a buyer gets no supplier comment at all (its text may name the company).
    const sealed = await line(a, 'admin');
    expect(sealed.supplier_comments).toEqual([]);
    expect(JSON.stringify(sealed)).not.toContain('hidden author');
    expect(JSON.stringify(sealed)).not.toContain(ctx.supplierCo2.name);
    res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/details/${a}/delete_supplier_comment/`,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(
      await ctx.db
        .select()
        .from(comments)
        .where(and(eq(comments.detailId, a), eq(comments.kind, 'DETAIL_SUPPLIER'))),
    ).toHaveLength(0);
  });

  it('/comments/: create, change, empty deletes a supplier comment, only the own company', async () => {
    let res = await ctx.as('supplier', {
      method: 'POST',
      url: '/api/comments/',
      payload: { content: 'about the tender', tender: finished.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ content: 'about the tender', creator: expect.any(String) });
    res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/comments/${c.id}/`,
      payload: { content: 'hijack' },
    });
    expect(res.statusCode).toBe(404);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/comments/${c.id}/`,
      payload: { content: 'x'.repeat(1001) },
    });
    expect(res.json()).toEqual({ content: ['comment_too_long'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/comments/${c.id}/`,
      payload: { content: 'about this tender' },
    });
    expect(res.json().content).toBe('about this tender');
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/comments/${c.id}/`,
      payload: { content: '  ' },
    });
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(comments).where(eq(comments.id, c.id))).toHaveLength(0);
    res = await ctx.as('supplier', {
      method: 'POST',
      url: '/api/comments/',
      payload: { content: '   ', tender: finished.id },
    });
    expect(res.json()).toEqual({ content: ['comment_required'] });
    // a buyer's comment on a tender is the approver comment
    res = await ctx.as('contractor', {
      method: 'POST',
      url: '/api/comments/',
      payload: { content: 'decision pending', tender: choosing.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = (await ctx.as('admin', { method: 'GET', url: `/api/tenders/${choosing.id}/` })).json();
    expect(t.approver_comment_content).toBe('decision pending');
    const ts = (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${choosing.id}/` })).json();
    expect(ts.approver_comment_content).toBeNull();
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/tenders/${finished.id}/add_comment/`,
      payload: { comment: 'one more word' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toEqual(expect.any(Number));
  });

  it('watch flags: bare text, JSON string and object bodies; add returns created', async () => {
    const url = `/api/tenders/${finished.id}/`;
    let res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `${url}add_log/`,
      payload: 'WATCHED',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ action: 'WATCHED', created: expect.any(String) });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `${url}add_log/`,
      payload: 'WATCHED',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `${url}add_log/`,
      payload: '"WATCHED"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.as('supplier', { method: 'GET', url })).json()).toMatchObject({
      watched: true,
      watched_date: expect.any(String),
    });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `${url}remove_log/`,
      payload: { action: 'WATCHED' },
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.as('supplier', { method: 'GET', url })).json().watched).toBe(false);
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `${url}add_log/`,
      payload: { action: 'SLEEPING' },
    });
    expect(res.statusCode).toBe(400);
    const logs = await ctx.db
      .select()
      .from(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, finished.id), eq(tenderLogs.action, 'WATCHED')));
    expect(logs).toHaveLength(0);
  });

  it('after the end every per-line offer call is refused with deadline_passed', async () => {
    const [mine] = await ctx.db
      .select()
      .from(proposals)
      .where(and(eq(proposals.tenderId, active.id), eq(proposals.supplierId, ctx.supplierCo.id)));
    await advance(ctx, 7200);
    let res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/proposals/${mine.id}/`,
      payload: { price: '1' },
    });
    expect(res.json()).toEqual({ non_field_errors: ['deadline_passed'] });
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/proposals/${mine.id}/` });
    expect(res.json()).toEqual({ non_field_errors: ['deadline_passed'] });
    res = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${active.lines[0]}/add_proposal/`,
      payload: offerLine(active.producers[0], '1'),
    });
    expect(res.json()).toEqual({ non_field_errors: ['deadline_passed'] });
    const [d] = await ctx.db.select().from(details).where(eq(details.id, active.lines[0]));
    expect(d.status).toBe('WAITING');
  });
});
