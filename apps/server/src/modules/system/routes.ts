// Health, and the test clock (only with PORTAL_TEST_CLOCK=1).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { advance, now, setNow } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';

const version = '1.0.1';

export default async function routes(app: ZApp) {
  app.get(
    '/health/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Health of the server and its database',
        tags: ['system'],
        response: {
          200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, db: app.dbKind, version };
    },
  );

  if (!app.config.PORTAL_TEST_CLOCK) return;
  app.post(
    '/_test/clock/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Move the test clock and run one scheduler tick (test mode only)',
        tags: ['system'],
        body: z
          .object({
            advance_seconds: z.number().int().min(-10_000_000).max(10_000_000).optional(),
            now: z.iso.datetime({ offset: true }).optional(),
          })
          .strict(),
        response: {
          200: z.object({
            now: z.string(),
            activated: z.array(z.number()),
            finished: z.array(z.number()),
            delivered: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { advance_seconds, now: at } = request.body;
      if (advance_seconds == null && !at) throw invalid('non_field_errors', 'required');
      if (at) setNow(new Date(at));
      if (advance_seconds) advance(advance_seconds);
      const moved = await app.scheduler.runOnce();
      const delivered = await app.outbox.runOnce();
      return { now: now().toISOString(), ...moved, delivered };
    },
  );
  app.get(
    '/_test/clock/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Read the test clock (test mode only)',
        tags: ['system'],
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async () => ({ now: now().toISOString() }),
  );
}
