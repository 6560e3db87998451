// The administrators' deliveries screen's routes: a Directo export Directo refused and an e-mail that ran out of
// attempts are listed as failed with what they are about, their error, attempts and next try; a retry makes them
// due at once with a fresh attempts budget and the worker then delivers them (the export ends SUCCESS, the mail
// reaches the SMTP catcher with its one Message-ID); a discard keeps the row as discarded; a delivery being sent
// right now is left alone (409); filters, bad ids and parameters answer 400/404, and only administrators get in.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDirectoSimulator } from '../../../../../tools/simulators/directo.ts';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { emailSettings, history, moduleExportLogs, modules, outbox } from '../../db/schema/index.ts';
import { advance, freeze, now, resetClock } from '../../lib/clock.ts';
import { MAX_ATTEMPTS } from '../../lib/outbox.ts';
import { testContext } from '../../test/context.ts';
import { buildOrderedTender } from '../../test/tenderExports.ts';
import { queueEmail } from '../notifications/mailer.ts';

const smtp = await startSmtpCatcher({ port: 0 });
const sim = await startDirectoSimulator({ port: 0, key: 'directo-key', company: 'portal' });
afterAll(async () => {
  await smtp.close();
  await sim.close();
});
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUBLIC_URL: 'https://hanked.example.test',
  WEB_DIST: '/nonexistent-web-dist',
});
await ctx.db.insert(emailSettings).values({ id: 1, fromEmail: 'portal@example.test', fromName: 'Portaal' });
await ctx.db.insert(modules).values({ name: 'Directo', url: sim.url, key: 'directo-key', isActive: true });
const built = await buildOrderedTender(ctx.db, {
  groupId: ctx.group.id,
  warehouseId: ctx.warehouse.id,
  winnerA: ctx.supplierCo.id,
  winnerB: ctx.supplierCo2.id,
});

beforeEach(() => freeze());
afterEach(() => resetClock());

type Item = {
  id: number;
  kind: string;
  status: string;
  summary: Record<string, unknown>;
  last_error: string | null;
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  in_progress: boolean;
};
const list = async (query = '', role: 'admin' | 'contractor' = 'admin') =>
  ctx.as(role, { method: 'GET', url: `/api/deliveries/${query}` });
const items = async (query = '') => (await list(query)).json().results as Item[];
const act = (id: number | string, what: 'retry' | 'discard', role: 'admin' | 'contractor' = 'admin') =>
  ctx.as(role, { method: 'POST', url: `/api/deliveries/${id}/${what}/` });

/** An e-mail that has used up its attempts (its SMTP server was away all along). */
async function exhaustedMail(to: string) {
  await queueEmail(ctx.db, {
    to,
    template: 'TENDER_OPENED',
    type: 'EXTERNAL',
    language: 'EST',
    context: { tender_code: 'T-1' },
  });
  const [row] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  await ctx.db
    .update(outbox)
    .set({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'connect ECONNREFUSED 127.0.0.1:2525' })
    .where(eq(outbox.id, row.id));
  return row;
}

describe('deliveries', () => {
  it('lists a refused Directo export as failed; a retry sends it again and the export ends SUCCESS', async () => {
    sim.failNext(1);
    const started = await ctx.as('contractor', {
      method: 'POST',
      url: `/api/directo_export_manual/?tender_id=${built.tender.id}`,
    });
    const logId = started.json().module_export_log_id as number;
    await ctx.app.outbox.runOnce();

    const [failed] = await items('?kind=directo_export');
    expect(failed).toMatchObject({
      kind: 'directo_export',
      status: 'failed',
      attempts: 1,
      max_attempts: MAX_ATTEMPTS,
      last_error: 'Simulated failure (Type 1)',
      next_attempt_at: null,
      in_progress: false,
      summary: { tender_id: built.tender.id, tender_code: built.tender.tenderCode, recipients: null },
    });

    const res = await act(failed.id, 'retry');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now().toISOString(),
      last_error: 'Simulated failure (Type 1)',
    });
    const [log] = await ctx.db.select().from(moduleExportLogs).where(eq(moduleExportLogs.id, logId));
    expect(log.status).toBe('PROGRESS');
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    const [after] = await ctx.db.select().from(moduleExportLogs).where(eq(moduleExportLogs.id, logId));
    expect(after.status).toBe('SUCCESS');
    expect(sim.received).toHaveLength(1);
    expect(await items('?kind=directo_export')).toEqual([]);
    const audit = await ctx.db.select().from(history).where(eq(history.entity, 'delivery'));
    expect(audit.map((h) => [h.entityId, h.action, h.userId])).toEqual([
      [failed.id, 'delivery_retried', expect.any(Number)],
    ]);
  });

  it('lists an e-mail out of attempts with its recipient and template; a retry delivers it with its Message-ID', async () => {
    const row = await exhaustedMail('late@example.test');
    const [mail] = await items('?kind=email&status=failed');
    expect(mail).toMatchObject({
      id: row.id,
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: 'connect ECONNREFUSED 127.0.0.1:2525',
      summary: { recipients: ['late@example.test'], template: 'TENDER_OPENED', tender_code: null },
    });
    expect(await ctx.app.outbox.runOnce()).toBe(0); // failed: never tried again by itself
    expect((await act(row.id, 'retry')).statusCode).toBe(200);
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    const [m] = await smtp.waitFor(1);
    expect(m.envelopeTo).toEqual(['late@example.test']);
    expect(m.messageId).toBe(`<${row.messageUuid}@hanked.example.test>`);
    const [done] = await ctx.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lastError: null });
  });

  it('discards a delivery: kept as discarded, out of the default list, not retried or discarded again', async () => {
    const row = await exhaustedMail('nobody@example.test');
    const res = await act(row.id, 'discard');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, status: 'discarded', next_attempt_at: null });
    expect((await items()).map((i) => i.id)).not.toContain(row.id);
    expect((await items('?status=discarded')).map((i) => i.id)).toEqual([row.id]);
    for (const what of ['retry', 'discard'] as const) {
      const again = await act(row.id, what);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ non_field_errors: ['delivery_not_open'] });
    }
    advance(86_400);
    expect(await ctx.app.outbox.runOnce()).toBe(0);
  });

  it('shows pending ones with their next try, and leaves one being delivered right now alone', async () => {
    await queueEmail(ctx.db, {
      to: ['a@example.test', 'b@example.test'],
      template: 'TENDER_OPENED',
      type: 'EXTERNAL',
      language: 'RUS',
      context: {},
    });
    const [row] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    const [pending] = await items('?status=pending&kind=email');
    expect(pending).toMatchObject({
      id: row.id,
      next_attempt_at: now().toISOString(),
      in_progress: false,
      summary: { recipients: ['a@example.test', 'b@example.test'] },
    });
    // A worker holds it (its lease runs a minute on).
    await ctx.db
      .update(outbox)
      .set({ lease: crypto.randomUUID(), attempts: 1, nextAttemptAt: new Date(now().getTime() + 60_000) })
      .where(eq(outbox.id, row.id));
    expect((await items('?status=pending&kind=email'))[0]).toMatchObject({ in_progress: true });
    for (const what of ['retry', 'discard'] as const) {
      const res = await act(row.id, what);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'delivery_in_progress' });
    }
    // Once the lease ran out (the worker died), it may be retried at once.
    advance(61);
    expect((await act(row.id, 'retry')).json()).toMatchObject({ status: 'pending', attempts: 0 });
    await ctx.app.outbox.runOnce();
  });

  it('answers 400 to bad parameters and ids, 404 to unknown ones, and changes nothing', async () => {
    for (const q of ['?kind=fax', '?status=lost', '?ordering=payload', '?page=0', '?page_size=x']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
    }
    for (const id of ['abc', '0', '1e3', '-1']) {
      expect((await act(id, 'retry')).statusCode, id).toBe(400);
      expect((await act(id, 'discard')).statusCode, id).toBe(400);
    }
    expect((await act(999_999, 'retry')).statusCode).toBe(404);
    expect((await act(999_999, 'discard')).json()).toEqual({ detail: 'not_found' });
    const sorted = await items('?status=done&ordering=-attempts,id&page_size=50');
    expect(sorted.length).toBeGreaterThan(0);
  });

  it('is for administrators only', async () => {
    const row = await exhaustedMail('guarded@example.test');
    expect((await list('', 'contractor')).statusCode).toBe(403);
    for (const role of ['contractor', 'master', 'supplier'] as const) {
      const res = await ctx.as(role, { method: 'POST', url: `/api/deliveries/${row.id}/retry/` });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.as(null, { method: 'GET', url: '/api/deliveries/' })).statusCode).toBe(401);
    const [still] = await ctx.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(still.status).toBe('failed');
  });
});
