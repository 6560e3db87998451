// Two replicas of the server on one database deliver every e-mail exactly once through an SMTP server that answers
// each mail slowly, with a lease (OUTBOX_LEASE_MS) far shorter than the whole batch takes: the situation of issue 31,
// where a worker claimed 20 mails under one lease, sent them one by one, and the other replica claimed the rest
// again when the lease ran out (10 of 24 mails twice). Counted at the SMTP catcher, with each mail's Message-ID.
// Runs on PGlite and, with DATABASE_URL, on PostgreSQL (each app then works through its own pool connections).
import { afterAll, describe, expect, it } from 'vitest';
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
      const t0 = performance.now();
      const [a, b] = await Promise.all([ctx.app.outbox.runOnce(), replica.outbox.runOnce()]);
      const took = performance.now() - t0;
      // The whole batch took longer than one lease: with one lease over a claimed batch, the rest would have been
      // claimed again by the other replica.
      expect(took).toBeGreaterThan(LEASE_MS);
      expect(a + b).toBe(MAILS);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);

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
