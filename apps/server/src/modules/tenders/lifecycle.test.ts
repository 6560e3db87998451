import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  details,
  emailSettings,
  history,
  outbox,
  purchaseOrders,
  suppliers,
  tenderLogs,
} from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { advance, buildTender, getLines, getTender, patchTender } from '../../test/tenders.ts';

const ctx = await testContext();
await ctx.db
  .insert(emailSettings)
  .values({ id: 1, adminEmail: 'purchasing@example.test' })
  .onConflictDoNothing();

const outboxKeys = async (prefix: string) =>
  (
    await ctx.db
      .select({ key: outbox.dedupeKey, payload: outbox.payload })
      .from(outbox)
      .where(like(outbox.dedupeKey, `${prefix}%`))
  ).map((r) => r);

describe('tender lifecycle driven by the test clock', () => {
  it('goes DRAFT → WAITING → ACTIVE → FINISHED → CHOOSING → ORDERED with e-mails, orders and audit', async () => {
    const t = await buildTender(ctx, 'ORDERED', { lines: 2 });
    const res = await getTender(ctx, t.id);
    const body = res.json();
    expect(body.status).toBe('ORDERED');
    expect(body.details_count).toBe(2);
    expect(body.proposals_count).toBe(4);
    expect(body.winners_count).toBe(2);
    expect(body.approver_name).toContain('Administrator');
    expect(body.approved).not.toBeNull();
    expect(body.approver_comment_content).toBe('approved by the board');
    const lines = await getLines(ctx, t.id);
    expect(lines.map((l) => l.status)).toEqual(['ORDERED', 'ORDERED']);
    const orders = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
    expect(orders).toHaveLength(1);
    expect(orders[0].supplierId).toBe(ctx.supplierCo.id);
    expect(orders[0].orderCode).toBe(`${body.tender_code}-01`);

    // TENDER_OPENED to every user of the suppliers serving the group (supplier, employee, supplier2)
    const opened = await outboxKeys(`tender-opened:${t.id}:`);
    expect(opened.map((o) => o.key).sort()).toEqual(
      [ctx.users.supplier.id, ctx.users.employee.id, ctx.users.supplier2.id]
        .map((u) => `tender-opened:${t.id}:${u}`)
        .sort(),
    );
    expect(opened[0].payload).toMatchObject({
      template: 'TENDER_OPENED',
      type: 'EXTERNAL',
      context: { tender_code: body.tender_code },
    });
    // TENDER_FINISHED to the participants and internally to the creator and the admin address
    expect((await outboxKeys(`tender-finished:${t.id}:`)).length).toBe(3);
    const internal = await outboxKeys(`tender-finished-internal:${t.id}:`);
    expect(internal.map((o) => (o.payload as { to: string }).to).sort()).toEqual(
      [ctx.users.admin.email, 'purchasing@example.test'].sort(),
    );
    // TENDER_WINNER to the winning company's users who see its offers (the company does not share them with PLAIN)
    const winner = await outboxKeys(`tender-winner:${t.id}:`);
    expect(winner.map((o) => (o.payload as { to: string }).to).sort()).toEqual([ctx.users.supplier.email]);

    const h = await ctx.db.select().from(history).where(eq(history.tenderId, t.id));
    const statusMoves = h
      .filter((e) => e.entity === 'tender' && e.action === 'status')
      .map((e) => (e.data as { to: string }).to);
    expect(statusMoves).toEqual(['WAITING', 'ACTIVE', 'FINISHED', 'CHOOSING', 'ORDERED']);
    expect(h.filter((e) => e.entity === 'proposal' && e.action === 'created')).toHaveLength(4);
    expect(h.filter((e) => e.entity === 'winner' && e.action === 'created')).toHaveLength(2);
  });

  it('confirm without any winner ends FAILED with every line FAILED and no order', async () => {
    const t = await buildTender(ctx, 'FAILED', { lines: 2, winners: false });
    expect((await getTender(ctx, t.id)).json().status).toBe('FAILED');
    expect((await getLines(ctx, t.id)).map((l) => l.status)).toEqual(['FAILED', 'FAILED']);
    expect(await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id))).toHaveLength(
      0,
    );
    expect(await outboxKeys(`tender-winner:${t.id}:`)).toHaveLength(0);
  });

  it('a partial choice orders the lines with winners and fails the others', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 2 });
    const lines = await getLines(ctx, t.id);
    const p = lines[0].proposals.find((x) => x.supplier_id === ctx.supplierCo2.id)!;
    let res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${lines[0].id}/add_winners/`,
      payload: { winners: [{ name: p.id }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'winners.0.reason': ['winner_reason_required'] });
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${lines[0].id}/add_winners/`,
      payload: { winners: [{ name: p.id, amount: '3', reason: 'DUE DATE' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().winners[0]).toMatchObject({ name: p.id, amount: '10.0000', reason: 'DUE DATE' });
    res = await patchTender(ctx, t.id, { status: 'FAILED' }, 'contractor');
    expect(res.json().status).toBe('ORDERED');
    const after = await getLines(ctx, t.id);
    expect(after.find((l) => l.id === lines[0].id)!.status).toBe('ORDERED');
    expect(after.find((l) => l.id === lines[1].id)!.status).toBe('FAILED');
    const orders = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
    expect(orders.map((o) => o.supplierId)).toEqual([ctx.supplierCo2.id]);
  });

  it('cancel: lines FAILED, proposals and winners gone, every participant (offers or watching) e-mailed', async () => {
    const t = await buildTender(ctx, 'FINISHED', { lines: 2 });
    // employee's company offered; a third company only watched — it was created earlier? use supplier2 (offered)
    let res = await patchTender(ctx, t.id, { status: 'CANCELED' }, 'master');
    expect(res.statusCode).toBe(403);
    res = await patchTender(ctx, t.id, { status: 'CANCELED' }, 'contractor');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('CANCELED');
    expect(res.json().proposals_count).toBe(0);
    const lines = await getLines(ctx, t.id);
    expect(lines.every((l) => l.status === 'FAILED' && l.proposals.length === 0)).toBe(true);
    const mails = await outboxKeys(`tender-canceled:${t.id}:`);
    expect(mails.every((m) => (m.payload as { template: string }).template === 'TENDER_CANCELED')).toBe(true);
    expect(await outboxKeys(`tender-not-chosen:${t.id}:`)).toHaveLength(0);
    expect(mails.map((m) => (m.payload as { to: string }).to).sort()).toEqual(
      [ctx.users.supplier.email, ctx.users.employee.email, ctx.users.supplier2.email].sort(),
    );
    // a canceled tender cannot move again
    res = await patchTender(ctx, t.id, { status: 'CHOOSING' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
  });

  it('cancel of an ACTIVE tender e-mails a company that only watched it', async () => {
    const t = await buildTender(ctx, 'WAITING', { lines: 1 });
    await advance(ctx, 3601);
    let res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/tenders/${t.id}/add_log/`,
      payload: 'WATCHED',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const logs = await ctx.db
      .select()
      .from(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, t.id), eq(tenderLogs.action, 'WATCHED')));
    expect(logs).toHaveLength(1);
    res = await patchTender(ctx, t.id, { status: 'CANCELED' });
    expect(res.json().status).toBe('CANCELED');
    const mails = await outboxKeys(`tender-canceled:${t.id}:`);
    expect(mails.map((m) => (m.payload as { to: string }).to)).toEqual([ctx.users.supplier2.email]);
  });

  it('reopen (administrator only) returns an ORDERED tender to CHOOSING and it can be confirmed again', async () => {
    const t = await buildTender(ctx, 'ORDERED', { lines: 1 });
    let res = await ctx.as('contractor', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode).toBe(403);
    res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CHOOSING', approved: null, approver_name: null });
    expect(await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id))).toHaveLength(
      0,
    );
    res = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(res.json().status).toBe('ORDERED');
    expect(await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id))).toHaveLength(
      1,
    );
    // reopen of a DRAFT is refused with a key
    const draft = await buildTender(ctx, 'DRAFT', { lines: 0 });
    res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${draft.id}/reopen/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
  });

  it('tells every participant the outcome: winners what they won, the others that they were not chosen', async () => {
    type Mail = { to: string; template: string; language: string; context: Record<string, string> };
    const seen = new Set<string | null>();
    /** The outcome mails queued since the last call. */
    const mailsOf = async (t: { id: number }) => {
      const rows = [
        ...(await outboxKeys(`tender-winner:${t.id}:`)),
        ...(await outboxKeys(`tender-not-chosen:${t.id}:`)),
      ].filter((m) => !seen.has(m.key));
      for (const m of rows) seen.add(m.key);
      return rows.map((m) => m.payload as Mail);
    };
    const t = await buildTender(ctx, 'ORDERED', { lines: 2 });
    let mails = await mailsOf(t);
    const to = (template: string) =>
      mails
        .filter((m) => m.template === template)
        .map((m) => m.to)
        .sort();
    expect(to('TENDER_WINNER')).toEqual([ctx.users.supplier.email]);
    expect(to('TENDER_MEMBER')).toEqual([ctx.users.supplier2.email]);
    const won = mails.find((m) => m.template === 'TENDER_WINNER')!;
    // The reader's numbers: a comma in Estonian, never the raw decimal string.
    expect(won.language).toBe('EST');
    expect(won.context.advanced_details_list).toContain('11,1111 €');
    expect(won.context.advanced_details_list).not.toContain('11.1111');

    // Reopened and confirmed again without a change: nobody is mailed twice.
    let res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    res = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(res.json().status).toBe('ORDERED');
    expect(await mailsOf(t)).toEqual([]);

    // Reopened, the first line goes to the other company: it is told it won, the replaced winner that it lost it.
    res = await ctx.as('admin', { method: 'POST', url: `/api/tenders/${t.id}/reopen/` });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await getLines(ctx, t.id);
    for (const line of lines) {
      const p = line.proposals.find((x) => x.supplier_id === ctx.supplierCo2.id)!;
      res = await ctx.as('contractor', {
        method: 'PATCH',
        url: `/api/details/${line.id}/add_winners/`,
        payload: { winners: [{ name: p.id, amount: '3', reason: 'DUE DATE' }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    res = await patchTender(ctx, t.id, { status: 'ORDERED' });
    expect(res.json().status).toBe('ORDERED');
    mails = await mailsOf(t);
    expect(to('TENDER_WINNER')).toEqual([ctx.users.supplier2.email]);
    expect(to('TENDER_MEMBER')).toEqual([ctx.users.supplier.email]);
  });

  it('tells a PLAIN employee the outcome only when the company shares its offers, as the API shows them', async () => {
    const winnerMailsTo = async (t: { id: number }) =>
      (await outboxKeys(`tender-winner:${t.id}:`)).map((o) => (o.payload as { to: string }).to).sort();
    const file = (t: { id: number }) =>
      ctx.as('employee', { method: 'GET', url: `/api/tenders/${t.id}/export_excel/` });
    const hidden = await buildTender(ctx, 'ORDERED', { lines: 1 });
    expect(await winnerMailsTo(hidden)).toEqual([ctx.users.supplier.email]);
    // The mail's promise ("the order file can be downloaded") would be refused to him.
    expect((await file(hidden)).statusCode).toBe(403);

    await ctx.db
      .update(suppliers)
      .set({ isEmployeesCanViewProposal: true })
      .where(eq(suppliers.id, ctx.supplierCo.id));
    try {
      const shared = await buildTender(ctx, 'ORDERED', { lines: 1 });
      expect(await winnerMailsTo(shared)).toEqual(
        [ctx.users.supplier.email, ctx.users.employee.email].sort(),
      );
      expect((await file(shared)).statusCode).toBe(200);
    } finally {
      await ctx.db
        .update(suppliers)
        .set({ isEmployeesCanViewProposal: false })
        .where(eq(suppliers.id, ctx.supplierCo.id));
    }
  });

  it('a FAILED tender tells every participant that no offer was chosen', async () => {
    const t = await buildTender(ctx, 'FAILED', { lines: 2, winners: false });
    const mails = (await outboxKeys(`tender-not-chosen:${t.id}:`)).map(
      (m) => m.payload as { to: string; template: string },
    );
    expect(mails.every((m) => m.template === 'TENDER_MEMBER')).toBe(true);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [ctx.users.supplier.email, ctx.users.supplier2.email].sort(),
    );
  });

  it('the scheduler never moves a DRAFT, and each transition happens once', async () => {
    const d = await buildTender(ctx, 'DRAFT', { lines: 1 });
    const moved = await advance(ctx, 7200);
    expect(moved.activated).not.toContain(d.id);
    expect((await getTender(ctx, d.id)).json().status).toBe('DRAFT');
    const again = await advance(ctx, 1);
    expect(again.activated).toEqual([]);
    expect(again.finished).toEqual([]);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(details)
      .where(eq(details.tenderId, d.id));
    expect(n).toBe(1);
  });
});
