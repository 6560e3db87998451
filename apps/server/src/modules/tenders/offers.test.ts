// POST /tenders/{id}/offer/ replaces a company's whole offer set in one statement (offers.ts submitOffer): the rows
// it leaves, their order and first `created`, and the audit rows it writes (created / changed with the previous id /
// deleted, the one sent back not deleted as well) are those of a delete of the old set and an insert of the new one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freeze, now, setNow } from '../../lib/clock.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { advance, buildTender, offer, offerLine } from '../../test/tenders.ts';

const ctx = await testContext();

type Row = {
  id: number;
  detail_id: number;
  producer_id: number;
  price: string;
  created: Date;
  updated: Date;
};

const proposalsOf = (tenderId: number, supplierId: number) =>
  queryRows<Row>(
    ctx.db,
    sql`select id, detail_id, producer_id, price::text as price, created, updated from proposals
        where tender_id = ${tenderId} and supplier_id = ${supplierId} order by id`,
  );

const auditAfter = (tenderId: number, afterId: number) =>
  queryRows<{ entity_id: number; action: string; user_id: number; user_name: string; data: unknown }>(
    ctx.db,
    sql`select entity_id, action, user_id, user_name, data from history
        where tender_id = ${tenderId} and entity = 'proposal' and id > ${afterId} order by id`,
  );

const lastHistoryId = async () =>
  Number(
    (await queryRows<{ id: string }>(ctx.db, sql`select coalesce(max(id), 0)::text as id from history`))[0]
      .id,
  );

describe('offer set', () => {
  it('keeps a line sent back with its id as changed, adds and deletes the others, in the order sent', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 2 });
    const sup = ctx.supplierCo.id;
    const user = ctx.users.supplier;
    const [first, second] = await proposalsOf(t.id, sup);
    expect([first.detail_id, second.detail_id]).toEqual(t.lines);
    await advance(ctx, 60);
    freeze();
    const at = now();
    const mark = await lastHistoryId();

    // Line 1: a new offer with the second producer first, then the old one sent back with its id and a new price.
    // Line 2: its old offer's id sent on line 1 does not make it a change there; line 2 itself is not sent back.
    const res = await offer(ctx, 'supplier', t.id, [
      {
        detail: t.lines[0],
        offers: [offerLine(t.producers[1], '9.5'), { ...offerLine(t.producers[0], '10,25'), id: first.id }],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    setNow(at);

    const rows = await proposalsOf(t.id, sup);
    expect(rows.map((r) => [r.detail_id, r.producer_id, r.price])).toEqual([
      [t.lines[0], t.producers[1], '9.5000'],
      [t.lines[0], t.producers[0], '10.2500'],
    ]);
    expect(rows[0].id).toBeGreaterThan(second.id);
    // the line sent back keeps its first `created`; both are stamped with the time of the offer
    expect(new Date(rows[0].created).getTime()).toBe(at.getTime());
    expect(new Date(rows[1].created).getTime()).toBe(new Date(first.created).getTime());
    expect(rows.map((r) => new Date(r.updated).getTime())).toEqual([at.getTime(), at.getTime()]);

    const audit = await auditAfter(t.id, mark);
    const name = `${user.firstName} ${user.lastName}`.trim();
    expect(audit).toEqual([
      {
        entity_id: rows[0].id,
        action: 'created',
        user_id: user.id,
        user_name: name,
        data: {
          supplier_id: sup,
          detail: t.lines[0],
          producer: t.producers[1],
          price: '9.5',
          previous_id: null,
        },
      },
      {
        entity_id: rows[1].id,
        action: 'changed',
        user_id: user.id,
        user_name: name,
        data: {
          supplier_id: sup,
          detail: t.lines[0],
          producer: t.producers[0],
          price: '10.25',
          previous_id: first.id,
        },
      },
      {
        entity_id: second.id,
        action: 'deleted',
        user_id: user.id,
        user_name: name,
        data: { supplier_id: sup, detail: t.lines[1] },
      },
    ]);

    // An id sent on another part than its own is a new offer there (no previous id); the other company is untouched.
    const mark2 = await lastHistoryId();
    const res2 = await offer(ctx, 'supplier', t.id, [
      { detail: t.lines[1], offers: [{ ...offerLine(t.producers[0], '7'), id: rows[1].id }] },
    ]);
    expect(res2.statusCode, res2.body).toBe(200);
    const rows2 = await proposalsOf(t.id, sup);
    expect(rows2.map((r) => [r.detail_id, r.producer_id, r.price])).toEqual([
      [t.lines[1], t.producers[0], '7.0000'],
    ]);
    expect((await auditAfter(t.id, mark2)).map((a) => [a.action, a.entity_id])).toEqual([
      ['created', rows2[0].id],
      ['deleted', rows[0].id],
      ['deleted', rows[1].id],
    ]);
    expect(await proposalsOf(t.id, ctx.supplierCo2.id)).toHaveLength(2);
    const agreed = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from tender_logs where tender_id = ${t.id} and supplier_id = ${sup} and action = 'AGREED'`,
    );
    expect(agreed[0].n).toBe(1);
  });

  it('refuses an invalid set without writing anything', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const before = await proposalsOf(t.id, ctx.supplierCo.id);
    const mark = await lastHistoryId();
    const res = await offer(ctx, 'supplier', t.id, [
      { detail: t.lines[0], offers: [offerLine(t.producers[0], '5'), offerLine(999_999, '6')] },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ 'lines.0.offers.1.producer': ['producer_should_exist'] });
    expect(await proposalsOf(t.id, ctx.supplierCo.id)).toEqual(before);
    expect(await auditAfter(t.id, mark)).toEqual([]);
  });

  it('stores a product code with a lone surrogate as the replacement character, not a 500', async () => {
    const t = await buildTender(ctx, 'ACTIVE', { lines: 1 });
    const res = await offer(ctx, 'supplier', t.id, [
      { detail: t.lines[0], offers: [offerLine(t.producers[0], '5', { product_code: 'AB\ud800C' })] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows<{ product_code: string }>(
      ctx.db,
      sql`select product_code from proposals where tender_id = ${t.id} and supplier_id = ${ctx.supplierCo.id}`,
    );
    expect(row.product_code).toBe('AB\ufffdC');
  });
  it('answers with the tender as a read right after it gives it (counts, offer times, agreed, comments)', async () => {
    // The answer is read in the offer's own statement (offers.ts submitOffer), not after the commit.
    const t = await buildTender(ctx, 'ACTIVE', { lines: 3 });
    const read = async () => {
      const res = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${t.id}/` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const same = async (res: { statusCode: number; body: string; json: () => unknown }, step: string) => {
      expect(res.statusCode, res.body).toBe(200);
      const { server_time: _a, ...answer } = res.json() as Record<string, unknown>;
      const { server_time: _b, ...after } = await read();
      expect(answer, step).toEqual(after);
      return answer;
    };
    const before = await read();
    await advance(ctx, 60);
    const p = t.producers[0];
    const lines = [
      { detail: t.lines[0], offers: [offerLine(p, '5'), offerLine(t.producers[1], '5.5')] },
      { detail: t.lines[1], offers: [offerLine(p, '6')] },
    ];
    let answer = await same(await offer(ctx, 'supplier', t.id, lines), 'offer replaced');
    expect(answer).toMatchObject({ agreed: true, proposals_count: 3, company_proposals: 3 });
    expect(answer.proposal_created).not.toEqual(before.proposal_created);
    await advance(ctx, 60);
    // With a comment (written after the offer's statement), then the same comment again, then fewer lines.
    answer = await same(
      await offer(ctx, 'supplier', t.id, lines, { comment: 'Delivery in two parts' }),
      'offer with a comment',
    );
    expect(answer.comments_options).toMatchObject([{ content: 'Delivery in two parts' }]);
    answer = await same(
      await offer(ctx, 'supplier', t.id, lines, { comment: ' Delivery in two parts ' }),
      'offer with the same comment (nothing to write)',
    );
    expect(answer.comments_options).toMatchObject([{ content: 'Delivery in two parts' }]);
    await advance(ctx, 60);
    answer = await same(await offer(ctx, 'supplier', t.id, lines.slice(1)), 'smaller offer, comment kept');
    expect(answer).toMatchObject({ proposals_count: 1 });
    expect(answer.comments_options).toMatchObject([{ content: 'Delivery in two parts' }]);
    answer = await same(
      await offer(ctx, 'supplier', t.id, lines, { comment: '' }),
      'offer with a blank comment (deleted)',
    );
    expect(answer.comments_options).toEqual([]);
    answer = await same(
      await offer(ctx, 'supplier', t.id, lines, { comment: '' }),
      'offer with a blank comment again (nothing to delete)',
    );
    expect(answer.comments_options).toEqual([]);
  });
});
