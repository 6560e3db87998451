// The seal around the views (issue "Tender trust"): the history before FINISHED, awards before ORDERED, what a
// supplier may search and order by, and the spec's fields that carry offer data (proposals_options, winners_data,
// winner_comment_data, proposal_producers, the proposal's count, the winner's renewed and errors,
// input_approver_comment) with their sealed rules.
import type { DetailLine } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { details, parts } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { type BuiltTender, buildTender, getLines, patchTender } from '../../test/tenders.ts';

const ctx = await testContext();
let finished: BuiltTender;
let active: BuiltTender;

beforeAll(async () => {
  finished = await buildTender(ctx, 'FINISHED', { lines: 2 });
  active = await buildTender(ctx, 'ACTIVE', { lines: 2 });
}, 120_000);

/** A fresh ACTIVE tender (the clock moves on in other tests, which finishes older ones). */
const activeNow = () => buildTender(ctx, 'ACTIVE', { lines: 2 });

const history = async (id: number, role: 'admin' | 'master' | 'supplier' = 'admin') =>
  ctx.as(role, { method: 'GET', url: `/api/tenders/${id}/history/?page_size=0` });

describe('the history keeps the seal until FINISHED', () => {
  it('an ACTIVE tender: the buyers own rows only, no offer, flag, comment or supplier user', async () => {
    const res = await history(active.id, 'master');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { entity: string; action: string; user_name: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => ['tender', 'detail'].includes(r.entity))).toBe(true);
    expect(rows.some((r) => r.action.startsWith('log_'))).toBe(false);
    for (const secret of [
      '11.1111',
      '22.2222',
      ctx.supplierCo.name,
      ctx.supplierCo2.name,
      ctx.users.supplier.lastName,
      ctx.users.supplier2.lastName,
      'says hello',
      'proposal',
    ])
      expect(res.body).not.toContain(secret);
    // search cannot fish for hidden rows either
    const probe = await ctx.as('admin', {
      method: 'GET',
      url: `/api/tenders/${active.id}/history/?search=proposal`,
    });
    expect(probe.json().count).toBe(0);
  });

  it('a FINISHED tender: the whole story, offers and suppliers included', async () => {
    const res = await history(finished.id);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { entity: string }[];
    expect(rows.some((r) => r.entity === 'proposal')).toBe(true);
    expect(res.body).toContain(ctx.users.supplier2.lastName);
  });

  it('is for buyers only; a tender out of the buyer groups is a 404', async () => {
    expect((await history(finished.id, 'supplier')).statusCode).toBe(403);
    expect(
      (await ctx.as(null, { method: 'GET', url: `/api/tenders/${finished.id}/history/` })).statusCode,
    ).toBe(401);
    expect((await history(999_999)).statusCode).toBe(404);
  });
});

describe('no supplier learns of an award before ORDERED', () => {
  it('CHOOSING with winners: no is_winner, no count, no winners, the line still WAITING; ORDERED tells', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 1 });
    const [line] = await getLines(ctx, t.id);
    const mine = line.proposals.find((p) => p.price === '11.1111')!;
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: mine.id, amount: null, reason: null }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ORDERED');

    const seen = async () => {
      const tender = (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
      const [l] = await getLines(ctx, t.id, 'supplier');
      const listed = (
        await ctx.as('supplier', { method: 'GET', url: `/api/tenders/?ids=${t.id}&ordering=-winners_count` })
      ).json().results[0];
      const byStatus = (
        await ctx.as('supplier', {
          method: 'GET',
          url: `/api/details/?tender=${t.id}&status=ORDERED&page_size=0`,
        })
      ).json() as DetailLine[];
      return { tender, l, listed, byStatus };
    };
    let s = await seen();
    expect(s.tender).toMatchObject({ is_winner: false, winners_count: 0 });
    expect(s.listed).toMatchObject({ is_winner: false, winners_count: 0 });
    expect(s.l).toMatchObject({ status: 'WAITING', winners: [], winners_data: [] });
    expect(s.l.proposals[0].total_approved_qty).toBeNull();
    expect(s.byStatus).toEqual([]);

    const confirm = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(confirm.json().status).toBe('ORDERED');
    s = await seen();
    expect(s.tender).toMatchObject({ is_winner: true, winners_count: 1 });
    expect(s.l.status).toBe('ORDERED');
    expect(s.l.winners).toHaveLength(1);
    expect(s.l.proposals[0].total_approved_qty).toBe('10.0000');
    expect(s.byStatus.map((x) => x.id)).toEqual([line.id]);
    // the losing supplier learns nothing about the winner
    const other = await getLines(ctx, t.id, 'supplier2');
    expect(other[0]).toMatchObject({ winners: [], winners_data: [] });
  });
});

describe('a supplier searches and orders only by what it sees', () => {
  it('hidden fields are neither searched nor orderable for suppliers; buyers keep them', async () => {
    const lineId = active.lines[0];
    await ctx.db
      .update(details)
      .set({ customerNumber: 'BUS-4711', customerName: 'Depot Kopli', orderNumber: 'ORD-90210' })
      .where(eq(details.id, lineId));
    const [{ code }] = await ctx.db
      .select({ code: parts.code })
      .from(details)
      .innerJoin(parts, eq(parts.id, details.partId))
      .where(eq(details.id, lineId));
    for (const hidden of [code, 'BUS-4711', 'Depot Kopli', 'ORD-90210']) {
      const url = `/api/details/?tender=${active.id}&page_size=0&search=${encodeURIComponent(hidden)}`;
      const buyer = (await ctx.as('admin', { method: 'GET', url })).json() as DetailLine[];
      expect(
        buyer.map((l) => l.id),
        hidden,
      ).toEqual([lineId]);
      const supplier = (await ctx.as('supplier', { method: 'GET', url })).json() as DetailLine[];
      expect(supplier, hidden).toEqual([]);
    }
    for (const field of ['part_code', 'customer_number', 'customer_name', 'order_number']) {
      const url = `/api/details/?tender=${active.id}&ordering=${field}`;
      const supplier = await ctx.as('supplier', { method: 'GET', url });
      expect(supplier.statusCode, field).toBe(400);
      expect(supplier.json()).toEqual({ ordering: ['invalid_ordering'] });
      expect((await ctx.as('admin', { method: 'GET', url })).statusCode).toBe(200);
    }
    // what it sees stays searchable and orderable
    const [{ name }] = await ctx.db
      .select({ name: parts.name })
      .from(details)
      .innerJoin(parts, eq(parts.id, details.partId))
      .where(eq(details.id, lineId));
    const byName = await ctx.as('supplier', {
      method: 'GET',
      url: `/api/details/?tender=${active.id}&page_size=0&search=${encodeURIComponent(name)}&ordering=-part_name`,
    });
    expect(byName.json().map((l: DetailLine) => l.id)).toEqual([lineId]);
  });

  it('a PLAIN employee without sharing cannot order tenders by its company offer or win counts', async () => {
    const offered = await activeNow();
    await buildTender(ctx, 'WAITING', { lines: 1 }); // a later tender without offers
    const ids = async (role: 'supplier' | 'employee', ordering: string) =>
      (
        (
          await ctx.as(role, { method: 'GET', url: `/api/tenders/?page_size=0&ordering=${ordering}` })
        ).json() as {
          id: number;
        }[]
      ).map((t) => t.id);
    expect((await ids('supplier', '-proposals_count'))[0]).toBe(offered.id);
    for (const field of ['proposals_count', 'winners_count'])
      expect(await ids('employee', `-${field}`), field).toEqual(await ids('employee', '-id'));
  });

  it('a tender a supplier cannot see is a 404 on its lines and offers, never a 400', async () => {
    const draft = await buildTender(ctx, 'DRAFT', { lines: 1 });
    for (const [method, url, payload] of [
      ['GET', `/api/tenders/${draft.id}/`, undefined],
      ['GET', `/api/details/?tender=${draft.id}`, undefined],
      ['GET', `/api/details/${draft.lines[0]}/`, undefined],
      ['GET', `/api/tenders/${draft.id}/export_excel/`, undefined],
      ['POST', `/api/tenders/${draft.id}/offer/`, { agreed: true, lines: [] }],
      ['PATCH', `/api/tenders/${draft.id}/add_log/`, { action: 'WATCHED' }],
      ['PATCH', `/api/tenders/${draft.id}/add_comment/`, { comment: 'hello there' }],
      ['PATCH', `/api/details/${draft.lines[0]}/add_supplier_comment/`, { comment: 'hello there' }],
    ] as const) {
      const res = await ctx.as('supplier', { method, url, payload });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
  });
});

describe("the spec's fields with their seal", () => {
  it('buyers of an opened tender get options, producers, counts, winner data and comments', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 1 });
    let [line] = await getLines(ctx, t.id);
    expect(line.proposals_options.map((o) => [o.supplier_name, o.price]).sort()).toEqual(
      [
        [ctx.supplierCo.name, '11.1111'],
        [ctx.supplierCo2.name, '22.2222'],
      ].sort(),
    );
    expect(line.proposal_producers.map((p) => p.id).sort()).toEqual([...t.producers].sort());
    expect(line.proposals.map((p) => p.count)).toEqual([1, 1]);
    const [a, b] = line.proposals;
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: {
        winners: [
          { name: a.id, amount: '6', reason: 'PRICE' },
          { name: b.id, amount: '4', reason: 'DUE DATE' },
        ],
        comment: 'split between two',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    line = res.json();
    expect(line.winners_data.map((w) => [w.amount, w.total]).sort()).toEqual([
      ['4.0000', '88.89'],
      ['6.0000', '66.67'],
    ]);
    expect(line.winners.map((w) => [w.renewed, w.errors])).toEqual([
      [false, []],
      [false, []],
    ]);
    expect(line.winner_comment_data).toMatchObject({ content: 'split between two' });
    expect(line.winner_comment_data?.name).toBeTruthy();

    // a producer blacklisted after the choice marks its winner
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: (await partOf(line.id)) as number, producers: [t.producers[1]], comment: 'bad batch' },
    });
    expect(res.statusCode, res.body).toBe(201);
    [line] = await getLines(ctx, t.id);
    const wb = line.winners.find((w) => w.name === b.id)!;
    expect(wb.errors).toEqual(['blacklisted_producer']);

    // confirmed, reopened, chosen again: renewed
    res = await patchTender(ctx, t.id, { status: 'ORDERED', approver_comment: 'fine by me' });
    expect(res.json()).toMatchObject({
      status: 'ORDERED',
      input_approver_comment: { content: 'fine by me' },
    });
    expect(res.json().input_approver_comment.id).toBe(res.json().approver_comment);
    res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    [line] = await getLines(ctx, t.id);
    expect(line.winners.every((w) => !w.renewed)).toBe(true);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: a.id, amount: null, reason: 'PRICE' }] },
    });
    expect(res.json().winners.map((w: { renewed: boolean }) => w.renewed)).toEqual([true]);

    // a supplier: its own offer only, no winner data (not ORDERED), no buyer comment, no approver comment
    const [s] = await getLines(ctx, t.id, 'supplier2');
    expect(s.proposals_options.map((o) => o.supplier_name)).toEqual([ctx.supplierCo2.name]);
    expect(s.proposal_producers.map((p) => p.id)).toEqual([t.producers[1]]);
    expect(s).toMatchObject({ winners: [], winners_data: [], winner_comment_data: null });
    const st = (await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${t.id}/` })).json();
    expect(st.input_approver_comment).toBeNull();
  });

  it('while ACTIVE a buyer gets none of them, only placeholders with a null count', async () => {
    const active = await activeNow();
    const [line] = await getLines(ctx, active.id, 'contractor');
    expect(line).toMatchObject({
      proposals_options: [],
      proposal_producers: [],
      winners_data: [],
      winner_comment_data: null,
      supplier_comments: [],
    });
    expect(line.proposals.map((p) => p.count)).toEqual([null, null]);
    const t = (await ctx.as('contractor', { method: 'GET', url: `/api/tenders/${active.id}/` })).json();
    expect(t.comments_options).toEqual([]);
  });
});

async function partOf(lineId: number) {
  const [d] = await ctx.db.select({ partId: details.partId }).from(details).where(eq(details.id, lineId));
  return d.partId;
}
