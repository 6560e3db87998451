// The system contract: liveness and readiness answers, and the test clock (test mode only).
import { z } from 'zod';

const dbKind = z.enum(['pglite', 'postgres']);

/** GET /health/ answer. */
export const healthAnswer = z.object({ status: z.literal('ok'), db: dbKind, version: z.string() });
export type HealthAnswer = z.infer<typeof healthAnswer>;
/** GET /health/ready/ answer (200 ready, 503 otherwise). */
export const readinessAnswer = z.object({
  status: z.enum(['ready', 'unavailable', 'stopping']),
  db: dbKind,
  version: z.string(),
});
export type ReadinessAnswer = z.infer<typeof readinessAnswer>;

/** POST /_test/clock/ body: move the clock by seconds or to a moment. */
export const testClockMove = z
  .object({
    advance_seconds: z.number().int().min(-10_000_000).max(10_000_000).optional(),
    now: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
/** POST /_test/clock/ answer: the clock and what the scheduler tick did. */
export const testClockTick = z.object({
  now: z.string(),
  activated: z.array(z.number()),
  finished: z.array(z.number()),
  delivered: z.number(),
});
/** GET /_test/clock/ answer. */
export const testClockNow = z.object({ now: z.string() });
