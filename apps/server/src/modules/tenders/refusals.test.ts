// A winner refuses and the breach register (issue 32, points 2 and 3): through the API, with the test clock, the
// outbox and the SMTP catcher. What a buyer and a supplier notice: who wins the line now, the orders, the claim and
// its due day, the breach on the supplier's register, the mails, and the exclusion after two breaches.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { emailSettings, purchaseOrders, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { type BuiltTender, buildTender, getLines, setClock } from '../../test/tenders.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
// Sessions outlive the clock's jumps within the day (the exclusion test ends them on purpose).
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  WEB_DIST: '/nonexistent-web-dist',
  TOKEN_IDLE_HOURS: 48,
});
await ctx.db
  .insert(emailSettings)
  .values({ id: 1, fromEmail: 'portal@example.test', adminEmail: 'admins@example.test' });
// The refusing company's main user reads English; the others Estonian.
await ctx.db.update(users).set({ language: 'en' }).where(eq(users.id, ctx.users.supplier.id));

const mailsTo = async (address: string) => {
  await ctx.app.outbox.runOnce();
  return smtp.messages.filter((m) => m.to.includes(address));
};
const overview = (tenderId: number, role: 'admin' | 'contractor' | 'master' = 'admin') =>
  ctx.as(role, { method: 'GET', url: `/api/tenders/${tenderId}/refusals/` });
const refuse = (
  tenderId: number,
  payload: object,
  role: 'admin' | 'contractor' | 'master' | 'supplier' = 'contractor',
) => ctx.as(role, { method: 'POST', url: `/api/tenders/${tenderId}/refusals/`, payload });
const breachesOf = async (
  supplierId: number,
  role: 'admin' | 'supplier' | 'supplier2' | 'master' = 'admin',
) => ctx.as(role, { method: 'GET', url: `/api/breaches/?supplier=${supplierId}&page_size=0` });
const historyActions = async (tenderId: number) =>
  (
    await queryRows<{ action: string; entity: string }>(
      ctx.db,
      sql`select entity, action from history where tender_id = ${tenderId} order by id`,
    )
  ).map((r) => `${r.entity}:${r.action}`);

let t: BuiltTender;
beforeAll(async () => {
  // Thursday 27 June 2030, 08:00 in Tallinn: the tender is built, ordered and refused on this day.
  await setClock(ctx, new Date('2030-06-27T05:00:00Z'));
  t = await buildTender(ctx, 'ORDERED', { lines: 2 });
  await ctx.app.outbox.runOnce();
  smtp.clear();
});

describe('a winner refuses a line', () => {
  it('proposes the next best offer, skipping the refuser', async () => {
    const res = await overview(t.id);
    expect(res.statusCode, res.body).toBe(200);
    const { winners, refusals } = res.json();
    expect(refusals).toEqual([]);
    expect(winners).toHaveLength(2);
    for (const w of winners) {
      expect(w.supplier).toBe(ctx.supplierCo.id);
      expect(w.price).toBe('11.1111');
      expect(w.candidates.map((c: { supplier: number; price: string }) => [c.supplier, c.price])).toEqual([
        [ctx.supplierCo2.id, '22.2222'],
      ]);
    }
  });

  it('refuses a wrong replacement, a day to come and a company that won nothing, changing nothing', async () => {
    const lines = await getLines(ctx, t.id);
    const own = lines[0].proposals.find((p) => p.price === '11.1111')!;
    const base = { supplier: ctx.supplierCo.id, refused_on: '2030-06-27', reason: 'No stock' };
    let res = await refuse(t.id, { ...base, lines: [{ detail: t.lines[0], replacement: own.id }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()['lines.0.replacement']).toEqual(['not_a_replacement']);
    res = await refuse(t.id, {
      ...base,
      refused_on: '2030-06-28',
      lines: [{ detail: t.lines[0], replacement: null }],
    });
    expect(res.json()).toEqual({ refused_on: ['date_in_future'] });
    res = await refuse(t.id, {
      ...base,
      refused_on: '2030-02-30',
      lines: [{ detail: t.lines[0], replacement: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().refused_on).toEqual(['invalid_date']);
    res = await refuse(t.id, {
      ...base,
      supplier: ctx.supplierCo2.id,
      lines: [{ detail: t.lines[0], replacement: null }],
    });
    expect(res.json()).toEqual({ supplier: ['not_a_winner'] });
    expect((await overview(t.id)).json().refusals).toEqual([]);
  });

  it('is refused to a Master and to suppliers', async () => {
    const payload = {
      supplier: ctx.supplierCo.id,
      refused_on: '2030-06-27',
      reason: 'x',
      lines: [{ detail: t.lines[0], replacement: null }],
    };
    expect((await refuse(t.id, payload, 'master')).statusCode).toBe(403);
    expect((await refuse(t.id, payload, 'supplier')).statusCode).toBe(403);
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${t.id}/refusals/` })).statusCode,
    ).toBe(403);
    // A Master sees the refusals, but is offered nothing to record.
    const m = await overview(t.id, 'master');
    expect(m.statusCode).toBe(200);
    expect(m.json().winners).toEqual([]);
  });

  it('makes the next best offer the winner, records the claim due in 14 days, the breach and the mails', async () => {
    const proposed = (await overview(t.id)).json().winners[0].candidates[0];
    const res = await refuse(t.id, {
      supplier: ctx.supplierCo.id,
      refused_on: '2030-06-26',
      reason: 'Price of steel went up',
      lines: [{ detail: t.lines[0], replacement: proposed.id }],
    });
    expect(res.statusCode, res.body).toBe(201);

    const lines = await getLines(ctx, t.id);
    const line = lines.find((l) => l.id === t.lines[0])!;
    expect(line.status).toBe('ORDERED');
    expect(line.winners).toHaveLength(1);
    expect(line.winners[0].name).toBe(proposed.id);
    expect(Number(line.winners[0].amount)).toBe(10);

    const { refusals, winners } = (await overview(t.id)).json();
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      supplier: ctx.supplierCo.id,
      scope: 'LINE',
      refused_on: '2030-06-26',
      claim_date: '2030-06-27',
      claim_due: '2030-07-11',
      // (22.2222 − 11.1111) × 10 = 111.111 → 111.11
      claim_amount: '111.11',
    });
    expect(refusals[0].lines[0]).toMatchObject({
      replacement_supplier_name: expect.any(String),
      claim: '111.11',
    });
    // Line 2 is still the refuser's; line 1 is now supplier2's, and supplier2 is never proposed back to itself.
    expect(winners.map((w: { supplier: number }) => w.supplier).sort()).toEqual(
      [ctx.supplierCo.id, ctx.supplierCo2.id].sort(),
    );

    const orders = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
    expect(orders.map((o) => o.supplierId).sort()).toEqual([ctx.supplierCo.id, ctx.supplierCo2.id].sort());

    const reg = await breachesOf(ctx.supplierCo.id);
    expect(reg.statusCode).toBe(200);
    expect(reg.json()).toEqual([
      expect.objectContaining({
        kind: 'REFUSED_AWARD',
        occurred_on: '2030-06-26',
        tender: t.id,
        detail: t.lines[0],
        claim_amount: '111.11',
        claim_due: '2030-07-11',
        status: 'OPEN',
        penalty: '0.00',
      }),
    ]);

    const refuser = await mailsTo(ctx.users.supplier.email);
    expect(refuser.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Your refusal of the order in tender /),
    ]);
    expect(refuser[0].text).toContain('111.11 €');
    expect(refuser[0].text).toContain('11.07.2030');
    expect(refuser[0].text).toContain('Price of steel went up');
    const winner = await mailsTo(ctx.users.supplier2.email);
    expect(winner.map((m) => m.subject)).toEqual([expect.stringMatching(/^Teie pakkumine võitis hankes /)]);

    expect(await historyActions(t.id)).toEqual(
      expect.arrayContaining([
        'winner:deleted',
        'winner:created',
        'tender:order_created',
        'tender:award_refused',
      ]),
    );
  });

  it('refusing the whole order removes the order; a line nobody else can take is not ordered', async () => {
    smtp.clear();
    const res = await refuse(t.id, {
      supplier: ctx.supplierCo.id,
      refused_on: '2030-06-27',
      reason: 'Company closes the branch',
      lines: [{ detail: t.lines[1], replacement: null }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { refusals } = (await overview(t.id)).json();
    expect(refusals[1]).toMatchObject({ scope: 'ORDER', claim_amount: '0.00' });
    const lines = await getLines(ctx, t.id);
    expect(lines.find((l) => l.id === t.lines[1])?.status).toBe('FAILED');
    const orders = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
    expect(orders.map((o) => o.supplierId)).toEqual([ctx.supplierCo2.id]);
    expect(await historyActions(t.id)).toContain('tender:order_withdrawn');

    // supplier2 now refuses line 1: the first refuser is never proposed again, so nothing is left.
    const left = (await overview(t.id)).json().winners;
    expect(left).toHaveLength(1);
    expect(left[0].candidates).toEqual([]);
  });

  it('is refused on a tender that is not ORDERED', async () => {
    const choosing = await buildTender(ctx, 'CHOOSING', { lines: 1 });
    const res = await refuse(choosing.id, {
      supplier: ctx.supplierCo.id,
      refused_on: '2030-06-27',
      reason: 'x',
      lines: [{ detail: choosing.lines[0], replacement: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
  });
});

describe('the breach register', () => {
  const post = (payload: object, role: 'contractor' | 'master' | 'supplier' = 'contractor') =>
    ctx.as(role, {
      method: 'POST',
      url: '/api/breaches/',
      payload: { supplier: ctx.supplierCo2.id, ...payload },
    });

  it('keeps a penalty within 100 € and a status a buyer changes', async () => {
    let res = await post({ kind: 'LATE_DELIVERY', occurred_on: '2030-06-27', penalty: '150' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ penalty: ['penalty_above_limit'] });
    res = await post({
      kind: 'LATE_DELIVERY',
      occurred_on: '2030-06-27',
      penalty: '100,00',
      note: 'Two weeks late',
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ kind: 'LATE_DELIVERY', penalty: '100.00', status: 'OPEN' });
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/breaches/${b.id}/`,
      payload: { status: 'PAID' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('PAID');
    expect((await post({ kind: 'OTHER', occurred_on: '2030-06-27' }, 'master')).statusCode).toBe(403);
    expect((await post({ kind: 'OTHER', occurred_on: '2030-06-27' }, 'supplier')).statusCode).toBe(403);
    res = await ctx.as('supplier2', {
      method: 'PATCH',
      url: `/api/breaches/${b.id}/`,
      payload: { status: 'WAIVED' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('defective goods: a breach only after 3 Estonian working days, across a weekend and Midsummer', async () => {
    // Reported Friday 21.06.2030: Sat, Sun, Mon 24.06 (Midsummer Day) are off → Tue 25, Wed 26, Thu 27. Late on
    // Thursday in Tallinn the supplier still has its time; half an hour after midnight there (still Thursday in UTC)
    // the breach can be recorded.
    await setClock(ctx, new Date('2030-06-27T19:00:00Z'));
    const body = { kind: 'DEFECT_NOT_REPLACED', occurred_on: '2030-06-27', reported_on: '2030-06-21' };
    let res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ reported_on: ['replacement_time_not_over'] });
    await setClock(ctx, new Date('2030-06-27T21:30:00Z'));
    res = await post({ ...body, occurred_on: '2030-06-28' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ replace_by: '2030-06-27', reported_on: '2030-06-21' });
  });

  it('a supplier reads its own register only', async () => {
    const own = await breachesOf(ctx.supplierCo2.id, 'supplier2');
    expect(own.statusCode).toBe(200);
    expect(own.json().length).toBe(2);
    expect((await breachesOf(ctx.supplierCo2.id, 'supplier')).statusCode).toBe(404);
    expect((await breachesOf(ctx.supplierCo2.id, 'master')).statusCode).toBe(403);
    const mine = await ctx.as('supplier2', { method: 'GET', url: '/api/breaches/?page_size=0' });
    expect(mine.json().every((b: { supplier: number }) => b.supplier === ctx.supplierCo2.id)).toBe(true);
  });
});

describe('exclusion after two breaches', () => {
  const exclude = (supplierId: number, role: 'admin' | 'contractor' = 'admin') =>
    ctx.as(role, {
      method: 'POST',
      url: `/api/suppliers/${supplierId}/exclude/`,
      payload: { reason: 'Refused two awards in June' },
    });

  it('needs two breaches that are not waived and an administrator', async () => {
    const other = await ctx.as('admin', {
      method: 'GET',
      url: `/api/breaches/?supplier=${ctx.supplierCo.id}&page_size=0`,
    });
    expect(other.json()).toHaveLength(2);
    expect((await exclude(ctx.supplierCo.id, 'contractor')).statusCode).toBe(403);
    const [first] = other.json();
    await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/breaches/${first.id}/`,
      payload: { status: 'WAIVED' },
    });
    const res = await exclude(ctx.supplierCo.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['exclusion_needs_breaches'] });
    await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/breaches/${first.id}/`,
      payload: { status: 'OPEN' },
    });
  });

  it('deactivates the company, ends its sessions and tells its users why, in their language', async () => {
    smtp.clear();
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/tenders/' })).statusCode).toBe(200);
    const res = await exclude(ctx.supplierCo.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/tenders/' })).statusCode).toBe(401);
    const en = await mailsTo(ctx.users.supplier.email);
    expect(en.map((m) => m.subject)).toEqual([
      expect.stringMatching(/has been excluded from the procurement portal$/),
    ]);
    expect(en[0].text).toContain('Refused two awards in June');
    const et = await mailsTo(ctx.users.employee.email);
    expect(et.map((m) => m.subject)).toEqual([expect.stringMatching(/on hankeportaalist välja arvatud$/)]);
    const again = await exclude(ctx.supplierCo.id);
    expect(again.json()).toEqual({ non_field_errors: ['supplier_already_inactive'] });
  });
});
