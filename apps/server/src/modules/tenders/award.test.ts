// Issue 32, points 1, 4 and 8: the 48-hour choosing clock with its reminders (test clock, SMTP catcher), large orders
// that need a written contract (tender answer, order files, winner mail), winner amounts within the offer.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { emailSettings } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { tick } from '../../lib/scheduler.ts';
import { queryRows } from '../../lib/sql.ts';
import { testContext } from '../../test/context.ts';
import { pdfText } from '../../test/tenderExports.ts';
import {
  advance,
  buildLines,
  buildProducers,
  buildTender,
  createDraft,
  getLines,
  getTender,
  offer,
  offerLine,
  patchTender,
} from '../../test/tenders.ts';
import { schedulerHooks } from '../index.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
// Sessions outlast the days the clock is moved here.
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  WEB_DIST: '/nonexistent-web-dist',
  TOKEN_IDLE_HOURS: 24 * 30,
});
await ctx.db.insert(emailSettings).values({ id: 1, fromEmail: 'portal@example.test', fromName: 'Portaal' });
await ctx.db.execute(sql`update users set language = 'ru' where id = ${ctx.users.contractor.id}`);

const HOUR = 3600;

/** The reminder mails queued for a tender: "template → address", sorted. */
async function reminders(tenderCode: string) {
  const rows = await queryRows<{ template: string; to: string }>(
    ctx.db,
    sql`select payload->>'template' as template, payload->>'to' as to from outbox
      where kind = 'email' and payload->>'template' like 'TENDER_CHOOSE_%'
      and payload->'context'->>'tender_code' = ${tenderCode} order by id`,
  );
  return rows.map((r) => `${r.template} → ${r.to}`).sort();
}

async function tenderOf(id: number, role: Parameters<typeof ctx.as>[0] = 'admin') {
  const res = await getTender(ctx, id, role);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function overdueList(role: Parameters<typeof ctx.as>[0] = 'admin') {
  const res = await ctx.as(role, { method: 'GET', url: '/api/tenders/?filter_overdue=true&page_size=0' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }[]).map((t) => t.id);
}

describe('the 48-hour choosing clock', () => {
  it('counts 48 hours from the end, reminds at 24 hours left and when overdue, each once, and lists the overdue', async () => {
    const built = await buildTender(ctx, 'FINISHED');
    let t = await tenderOf(built.id);
    expect(t.choose_by).toBe(new Date(new Date(t.finish).getTime() + 48 * HOUR * 1000).toISOString());
    expect(t.choose_overdue).toBe(false);
    // The supplier sees the same promise; ACTIVE and ORDERED tenders have no clock.
    expect((await tenderOf(built.id, 'supplier')).choose_by).toBe(t.choose_by);
    expect(await overdueList()).not.toContain(built.id);

    await advance(ctx, 23 * HOUR);
    expect(await reminders(t.tender_code)).toEqual([]);
    await advance(ctx, HOUR + 60);
    const soon = [
      `TENDER_CHOOSE_SOON → ${ctx.users.admin.email}`,
      `TENDER_CHOOSE_SOON → ${ctx.users.contractor.email}`,
    ].sort();
    // The creator (admin) and the managers of the group; not the master, not the suppliers.
    expect(await reminders(t.tender_code)).toEqual(soon);
    // Again and again, and by three replicas at once: still once.
    await advance(ctx, 60);
    const hooks = schedulerHooks(ctx.app);
    await Promise.all([tick(ctx.db, hooks), tick(ctx.db, hooks), tick(ctx.db, hooks)]);
    expect(await reminders(t.tender_code)).toEqual(soon);

    // Choosing (CHOOSING) does not stop the clock.
    expect((await patchTender(ctx, built.id, { status: 'CHOOSING' })).statusCode).toBe(200);
    await advance(ctx, 24 * HOUR);
    t = await tenderOf(built.id);
    expect(t.choose_overdue).toBe(true);
    const overdue = [
      `TENDER_CHOOSE_OVERDUE → ${ctx.users.admin.email}`,
      `TENDER_CHOOSE_OVERDUE → ${ctx.users.contractor.email}`,
    ];
    expect(await reminders(t.tender_code)).toEqual([...soon, ...overdue].sort());
    await Promise.all([tick(ctx.db, hooks), tick(ctx.db, hooks)]);
    expect(await reminders(t.tender_code)).toEqual([...soon, ...overdue].sort());

    expect(await overdueList()).toContain(built.id);
    expect(await overdueList('contractor')).toContain(built.id);
    // A supplier's list ignores the buyers' filter (it lists what the supplier sees anyway).
    const supplierList = await ctx.as('supplier', {
      method: 'GET',
      url: '/api/tenders/?filter_overdue=true',
    });
    expect(supplierList.statusCode).toBe(200);
    expect(
      (await ctx.as('admin', { method: 'GET', url: '/api/tenders/?filter_overdue=maybe' })).statusCode,
    ).toBe(400);

    // The mails, through SMTP, in the reader's language with Tallinn times.
    while ((await ctx.app.outbox.runOnce()) > 0) {
      // deliver everything queued
    }
    const mails = smtp.messages.filter((m) => /CHOOSE/.test(m.headers['x-portal-template'] ?? ''));
    expect(mails).toHaveLength(4);
    const ru = mails.find((m) => m.headers['x-portal-template'] === 'TENDER_CHOOSE_OVERDUE/INTERNAL/RUS');
    expect(ru?.to).toEqual([ctx.users.contractor.email]);
    expect(ru?.subject).toContain(t.tender_code);
    const tallinn = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tallinn',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(t.choose_by))
      .replace(/\//g, '.')
      .replace(',', '');
    expect(ru?.text).toContain(tallinn);
    expect(ru?.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);

    // Ordered: the clock stops, the tender leaves the overdue list.
    const lines = await getLines(ctx, built.id);
    for (const line of lines) {
      const cheapest = line.proposals.find((p) => p.price === '11.1111');
      const res = await ctx.as('admin', {
        method: 'PATCH',
        url: `/api/details/${line.id}/add_winners/`,
        payload: { winners: [{ name: cheapest?.id, amount: null, reason: null }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await patchTender(ctx, built.id, { status: 'ORDERED' })).statusCode).toBe(200);
    t = await tenderOf(built.id);
    expect(t.choose_by).toBeNull();
    expect(t.choose_overdue).toBe(false);
    expect(await overdueList()).not.toContain(built.id);
  });

  it('sends a tender already overdue only the overdue reminder, and none to one chosen in time', async () => {
    const late = await buildTender(ctx, 'FINISHED');
    const inTime = await buildTender(ctx, 'ORDERED');
    await advance(ctx, 49 * HOUR);
    const lateCode = (await tenderOf(late.id)).tender_code;
    expect(await reminders(lateCode)).toEqual(
      [
        `TENDER_CHOOSE_OVERDUE → ${ctx.users.admin.email}`,
        `TENDER_CHOOSE_OVERDUE → ${ctx.users.contractor.email}`,
      ].sort(),
    );
    expect(await reminders((await tenderOf(inTime.id)).tender_code)).toEqual([]);
  });
});

/** A tender in CHOOSING whose one line (need 10) has offers of supplier (price, available) and supplier2. */
async function choosingTender(price: string, available: string | null) {
  const [line] = await buildLines(ctx, 1, { qty: '10' });
  const producers = (await buildProducers(ctx, 2)).map((p) => p.id);
  const id = await createDraft(ctx, { lines: [{ id: line.id, qty: '10' }] });
  expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
  await advance(ctx, 3601);
  const extra = available == null ? {} : { available_qty: available };
  let res = await offer(ctx, 'supplier', id, [
    { detail: line.id, offers: [offerLine(producers[0], price, extra)] },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  res = await offer(ctx, 'supplier2', id, [{ detail: line.id, offers: [offerLine(producers[1], '99999')] }]);
  expect(res.statusCode, res.body).toBe(200);
  await advance(ctx, 3600);
  expect((await patchTender(ctx, id, { status: 'CHOOSING' })).statusCode).toBe(200);
  const [shown] = await getLines(ctx, id);
  const mine = shown.proposals.find((p) => p.price === Number(price).toFixed(4));
  const other = shown.proposals.find((p) => p.price === '99999.0000');
  return { id, line: line.id, mine: mine?.id as number, other: other?.id as number };
}

const saveWinners = (line: number, payload: object) =>
  ctx.as('contractor', { method: 'PATCH', url: `/api/details/${line}/add_winners/`, payload });

describe('winner amounts within the offer', () => {
  it('refuses more than the offer has available unless the buyer confirms it, and records the confirmation', async () => {
    const t = await choosingTender('5', '1');
    // A lone winner gets the whole need (10) of an offer of 1.
    let res = await saveWinners(t.line, { winners: [{ name: t.mine, amount: null, reason: null }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'winners.0.amount': ['amount_above_available'] });
    expect((await getLines(ctx, t.id))[0].winners).toEqual([]);
    // Split: 1 within the offer, 9 from the other (no available quantity given: no limit).
    res = await saveWinners(t.line, {
      winners: [
        { name: t.mine, amount: '1', reason: null },
        { name: t.other, amount: '9', reason: 'DUE DATE' },
      ],
      comment: 'split between two offers',
    });
    expect(res.statusCode, res.body).toBe(200);
    // 6,5 from an offer of 1: refused, then confirmed.
    const above = {
      winners: [
        { name: t.mine, amount: '6.5', reason: null },
        { name: t.other, amount: '3.5', reason: 'DUE DATE' },
      ],
      comment: 'split between two offers',
    };
    res = await saveWinners(t.line, above);
    expect(res.json()).toEqual({ 'winners.0.amount': ['amount_above_available'] });
    res = await saveWinners(t.line, { ...above, confirm_above_available: true });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await getLines(ctx, t.id);
    expect(line.winners.map((w) => w.amount).sort()).toEqual(['3.5000', '6.5000']);
    const [audit] = await queryRows<{ data: { above_available?: boolean } }>(
      ctx.db,
      sql`select data from history where entity = 'winner' and action = 'created'
        and (data->>'proposal')::int = ${t.mine} order by id desc limit 1`,
    );
    expect(audit.data.above_available).toBe(true);
    // Bad input is a 400, never a 500.
    res = await saveWinners(t.line, { ...above, confirm_above_available: 'yes' });
    expect(res.statusCode).toBe(400);
  });
});

describe('large orders', () => {
  it('marks an order of 10 000 € or more as needing a written contract everywhere the order is shown', async () => {
    const big = await choosingTender('1000', null);
    const small = await choosingTender('999.99', null);
    for (const t of [big, small]) {
      const res = await saveWinners(t.line, { winners: [{ name: t.mine, amount: null, reason: null }] });
      expect(res.statusCode, res.body).toBe(200);
      expect((await patchTender(ctx, t.id, { status: 'ORDERED' })).statusCode).toBe(200);
    }
    const data = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${big.id}/export_data/` });
    expect(
      data
        .json()
        .orders.map((o: { grand_total: string; written_contract_needed: boolean }) => [
          o.grand_total,
          o.written_contract_needed,
        ]),
    ).toEqual([['10000.00', true]]);
    const view = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${small.id}/?export_data=true` });
    expect(view.json().export_data.orders[0]).toMatchObject({
      grand_total: '9999.90',
      written_contract_needed: false,
    });

    // The order spreadsheet and PDF in the reader's language.
    const xlsx = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${big.id}/export_excel/` });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0].eachRow((row) => {
      cells.push(...(row.values as unknown[]).map(String));
    });
    expect(cells).toContain('Tellimuse summa on 10\u00a0000 € või rohkem: vajalik on kirjalik leping');
    const pdf = await ctx.as('admin', { method: 'GET', url: `/api/tenders/${big.id}/export_pdf/` });
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('kirjalik leping');

    // The winner's mail says it; the smaller order's does not.
    const mails = await queryRows<{ code: string; list: string }>(
      ctx.db,
      sql`select payload->'context'->>'tender_code' as code, payload->'context'->>'advanced_details_list' as list
        from outbox where kind = 'email' and payload->>'template' = 'TENDER_WINNER'
        and payload->'context'->>'tender_id' in (${String(big.id)}, ${String(small.id)})`,
    );
    const bigCode = (await tenderOf(big.id)).tender_code;
    expect(
      mails
        .filter((m) => m.code === bigCode)
        .every((m) => /kirjalik leping|письменный договор|written contract/.test(m.list)),
    ).toBe(true);
    expect(mails.filter((m) => m.code !== bigCode).some((m) => /leping|договор|contract/.test(m.list))).toBe(
      false,
    );
    expect(mails.length).toBeGreaterThan(1);
    expect(now()).toBeInstanceOf(Date);
  });
});
