// The Fastify instance type that route plugins receive, and the decorations buildApp() adds. It lives here, not
// in app.ts, so a module's routes never import the app that imports them (no import circle).
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { createMetrics } from './metrics.ts';
import type { OutboxWorker } from './outbox.ts';
import type { Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Reports and exports: a pool with a longer statement time-out (db/client.ts). */
    longDb: Db;
    dbKind: 'pglite' | 'postgres';
    database: Database;
    metrics: ReturnType<typeof createMetrics>;
    /** Set when the process is stopping (SIGTERM): readiness answers 503 so the load balancer moves away. */
    lifecycle: { stopping: boolean };
    config: Config;
    scheduler: Scheduler;
    outbox: OutboxWorker;
  }
}

/** The instance type module plugins receive: zod schemas type the handlers. */
export type ZApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
