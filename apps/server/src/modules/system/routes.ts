// Health (liveness and readiness), Prometheus metrics, and the test clock (only with PORTAL_TEST_CLOCK=1).
import crypto from 'node:crypto';
import {
  healthAnswer,
  type ReadinessAnswer,
  readinessAnswer,
  testClockMove,
  testClockNow,
  testClockTick,
} from '@portal/shared';
import { advance, now, setNow } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';

const version = '1.0.1';

export default async function routes(app: ZApp) {
  // Liveness: the process answers. It does not touch the database, so a database outage or a held lock never makes
  // an orchestrator restart healthy processes (they serve again by themselves when the database returns).
  app.get(
    '/health/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: the server process answers (no database statement)',
        tags: ['system'],
        response: { 200: healthAnswer },
      },
    },
    async () => ({ status: 'ok' as const, db: app.dbKind, version }),
  );

  // Readiness: whether this process should get requests: the database answers (on a connection of its own, within
  // READINESS_TIMEOUT_MS) and the process is not stopping. A load balancer sends traffic by this one.
  app.get(
    '/health/ready/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: the database answers and the server is not stopping',
        tags: ['system'],
        response: { 200: readinessAnswer, 503: readinessAnswer },
      },
    },
    async (_request, reply) => {
      const body = (status: ReadinessAnswer['status']) => ({ status, db: app.dbKind, version });
      if (app.lifecycle.stopping) return reply.code(503).send(body('stopping'));
      try {
        await app.database.ping(app.config.READINESS_TIMEOUT_MS);
        return body('ready');
      } catch (err) {
        app.log.warn({ err }, 'readiness: the database does not answer');
        return reply.code(503).header('retry-after', '5').send(body('unavailable'));
      }
    },
  );

  // Prometheus metrics, behind a bearer token of the operator's choice (METRICS_TOKEN); without one the route is
  // not there (404), so nothing about the service is public by default.
  const metricsToken = app.config.METRICS_TOKEN;
  const expected = metricsToken
    ? crypto.createHash('sha256').update(`Bearer ${metricsToken}`).digest()
    : null;
  app.get(
    '/metrics/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Prometheus metrics (needs `Authorization: Bearer <METRICS_TOKEN>`)',
        tags: ['system'],
        hide: true,
      },
    },
    async (request, reply) => {
      if (!expected) return reply.code(404).send({ detail: 'not_found' });
      const given = crypto
        .createHash('sha256')
        .update(request.headers.authorization ?? '')
        .digest();
      if (!crypto.timingSafeEqual(given, expected))
        return reply.code(401).header('www-authenticate', 'Bearer').send({ detail: 'not_authenticated' });
      return reply.type(app.metrics.register.contentType).send(await app.metrics.text());
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
        body: testClockMove,
        response: { 200: testClockTick },
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
        response: { 200: testClockNow },
      },
    },
    async () => ({ now: now().toISOString() }),
  );
}
