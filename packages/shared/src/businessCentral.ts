// Business Central sync answers (spec 3 §4 and §7): the parts sync start and state, a line's retry.
import { z } from 'zod';

/** POST /setup/bc-sync: 'running' means a sync was already under way, 'started' that this call began one. */
export const bcSyncStarted = z.object({
  status: z.enum(['running', 'started']),
  run_id: z.number().nullable(),
});

/** GET /setup/bc-sync: whether a business system is configured, and the latest sync's state and counts. */
export const bcSyncState = z.object({
  configured: z.boolean(),
  status: z.enum(['idle', 'running', 'done', 'failed']),
  run_id: z.number().nullable(),
  started: z.string().nullable(),
  finished: z.string().nullable(),
  message: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
});
export type BcSyncStarted = z.infer<typeof bcSyncStarted>;
export type BcSyncState = z.infer<typeof bcSyncState>;

/** POST /details/{id}/bc-synchronize/: the line's flags after the retry was queued. */
export const bcSyncAnswer = z.object({
  bc_synced: z.boolean(),
  bc_sync_running: z.boolean(),
  /** The line's orders were already on their way: nothing new was queued. */
  already_running: z.boolean().optional(),
});
export type BcSyncAnswer = z.infer<typeof bcSyncAnswer>;
