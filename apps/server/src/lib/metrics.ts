// Prometheus metrics (prom-client): request durations by route, the database pools, the outbox's backlog and the
// scheduler's lag. One registry per app instance (tests build several apps in one process). The outbox and
// scheduler figures are read from PostgreSQL when scraped, so every replica reports the same shared backlog.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import type { Database } from '../db/client.ts';
import { now } from './clock.ts';
import { queryRows } from './sql.ts';

export function createMetrics(app: FastifyInstance, database: Database) {
  const register = new client.Registry();
  client.collectDefaultMetrics({ register });

  const requestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // The route's pattern (`/api/tenders/:id/`), never the raw URL, so the label set stays bounded; unmatched
    // requests (404s, the web app's files) share one label.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database connections of this process by pool and state (in use, idle, requests waiting for one)',
    labelNames: ['pool', 'state'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const p of database.poolStats()) {
        this.set({ pool: p.pool, state: 'in_use' }, p.total - p.idle);
        this.set({ pool: p.pool, state: 'idle' }, p.idle);
        this.set({ pool: p.pool, state: 'waiting' }, p.waiting);
        this.set({ pool: p.pool, state: 'max' }, p.max);
      }
    },
  });

  const backlog = new client.Gauge({
    name: 'outbox_messages',
    help: 'Deliveries (mail, Directo, Business Central) not yet done, by kind and status',
    labelNames: ['kind', 'status'] as const,
    registers: [register],
  });
  const oldest = new client.Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest pending delivery, by kind',
    labelNames: ['kind'] as const,
    registers: [register],
  });
  const schedulerLag = new client.Gauge({
    name: 'scheduler_lag_seconds',
    help: 'How long the most overdue tender start or finish has waited for the scheduler (0: none overdue)',
    registers: [register],
  });
  const scrapeErrors = new client.Counter({
    name: 'metrics_database_read_errors_total',
    help: 'Scrapes whose outbox and scheduler figures could not be read from the database',
    registers: [register],
  });

  /** Reads the shared figures from the database (the scrape's own statements; a failure leaves them unset). */
  async function readShared() {
    const at = now();
    try {
      const rows = await queryRows<{ kind: string; status: string; n: number; oldest: string | Date | null }>(
        database.db,
        sql`select kind, status, count(*)::int as n, min(created) filter (where status = 'pending') as oldest
          from outbox where status in ('pending', 'failed') group by kind, status`,
      );
      backlog.reset();
      oldest.reset();
      for (const r of rows) {
        backlog.set({ kind: r.kind, status: r.status }, Number(r.n));
        if (r.oldest)
          oldest.set({ kind: r.kind }, Math.max(0, (at.getTime() - new Date(r.oldest).getTime()) / 1000));
      }
      const [lag] = await queryRows<{ since: string | Date | null }>(
        database.db,
        sql`select least(
            (select min(start) from tenders where status = 'WAITING' and start <= ${at}),
            (select min(finish) from tenders where status = 'ACTIVE' and finish <= ${at})) as since`,
      );
      schedulerLag.set(lag?.since ? Math.max(0, (at.getTime() - new Date(lag.since).getTime()) / 1000) : 0);
    } catch (err) {
      scrapeErrors.inc();
      app.log.warn({ err }, 'metrics: the database figures could not be read');
    }
  }

  return {
    register,
    async text() {
      await readShared();
      return register.metrics();
    },
  };
}
