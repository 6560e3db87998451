// Two replicas of the server on one database deliver every e-mail exactly once through an SMTP server that answers
// each mail slowly, with a lease (OUTBOX_LEASE_MS) far shorter than the whole batch takes: the situation of issue 31,
// where a worker claimed 20 mails under one lease, sent them one by one, and the other replica claimed the rest
// again when the lease ran out (10 of 24 mails twice). Counted at the SMTP catcher, with each mail's Message-ID.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (each app then works through its own pool connections).
import { ne } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { emailSettings, outbox } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { queueEmail } from './mailer.ts';

const ANSWER_MS = 2_000;
const LEASE_MS = 3_000;
const MAILS = 6;

const smtp = await startSmtpCatcher({ port: 0, answerDelayMs: ANSWER_MS });
afterAll(() => smtp.close());
const config = {
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUBLIC_URL: 'https://hanked.example.test',
  WEB_DIST: '/nonexistent-web-dist',
  OUTBOX_LEASE_MS: LEASE_MS,
};
const ctx = await testContext(config);
await ctx.db.insert(emailSettings).values({ id: 1, fromEmail: 'portal@example.test', fromName: 'Portaal' });

describe('two replicas and a slow SMTP server', () => {
  it('deliver each mail once, each with its own Message-ID, though the batch takes longer than the lease', async () => {
    const replica = await buildApp({ config: testConfig(config), database: ctx.database });
    try {
      for (let i = 0; i < MAILS; i++)
        await queueEmail(ctx.db, {
          to: `supplier${i}@example.test`,
          template: 'TENDER_OPENED',
          type: 'EXTERNAL',
          language: 'EST',
          context: { tender_code: `T-${i}` },
        });
      // Both replicas' workers tick as in production (every 200 ms here) until every mail is delivered.
      const t0 = performance.now();
      ctx.app.outbox.start(200);
      replica.outbox.start(200);
      try {
        await vi.waitFor(
          async () => {
            const open = await ctx.db.select().from(outbox).where(ne(outbox.status, 'done'));
            expect(open).toEqual([]);
          },
          { timeout: 45_000, interval: 200 },
        );
      } finally {
        // stop() lets a delivery under way finish: anything sent twice would be counted below.
        await Promise.all([ctx.app.outbox.stop(), replica.outbox.stop()]);
      }
      const took = performance.now() - t0;
      // The whole batch took longer than one lease: with one lease over a claimed batch, the other replica would
      // have claimed the rest again when it ran out (12 mails for these 6 before this was fixed).
      expect(took).toBeGreaterThan(LEASE_MS);

      const rows = await ctx.db.select().from(outbox).orderBy(outbox.id);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(rows.map(() => ['done', 1]));
      const recipients = smtp.messages.flatMap((m) => m.envelopeTo).sort();
      expect(recipients).toEqual(Array.from({ length: MAILS }, (_, i) => `supplier${i}@example.test`).sort());
      const ids = smtp.messages.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(MAILS);
      expect(ids.sort()).toEqual(rows.map((r) => `<${r.messageUuid}@hanked.example.test>`).sort());
    } finally {
      await replica.close();
    }
  }, 60_000);
});
