// Outbox: side effects are rows written in the same transaction as their cause, delivered here.
// Rows are claimed with FOR UPDATE SKIP LOCKED inside a transaction that also marks them done, so several
// workers (replicas) never deliver one row twice, and a crash before the commit leaves the row pending.
import type { OutboxKind } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { now } from './clock.ts';

export type OutboxRow = typeof outbox.$inferSelect;
/** Delivers one row. `tx` is the claiming transaction: writes made with it commit together with "done". */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  ctx: { id: number; tx: Db; attempt: number },
) => Promise<void>;
export type OutboxHandlers = Partial<Record<OutboxKind, OutboxHandler>>;

export const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempt: number) => Math.min(3600, 5 * 2 ** (attempt - 1));

/** Writes a side effect. With a dedupe key the same effect is written once however often this is called. */
export async function enqueue(
  db: Db,
  kind: OutboxKind,
  payload: Record<string, unknown>,
  dedupeKey?: string,
) {
  await db
    .insert(outbox)
    .values({ kind, payload, dedupeKey: dedupeKey ?? null, created: now(), nextAttemptAt: now() })
    .onConflictDoNothing();
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly db: Db;
  private readonly handlers: OutboxHandlers;
  private readonly log?: FastifyBaseLogger;
  private readonly batch: number;
  constructor(db: Db, handlers: OutboxHandlers, log?: FastifyBaseLogger, batch = 20) {
    this.db = db;
    this.handlers = handlers;
    this.log = log;
    this.batch = batch;
  }

  /** Delivers what is due; returns how many rows were handled (delivered or rescheduled). */
  runOnce(): Promise<number> {
    this.running ??= this.deliver().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async deliver(): Promise<number> {
    let handled = 0;
    for (;;) {
      const n = await this.db.transaction(async (tx) => {
        const rows = (await tx.execute(sql`
          select id, kind, payload, attempts from outbox
          where status = 'pending' and next_attempt_at <= ${now()}
          order by id limit ${this.batch} for update skip locked`)) as unknown as {
          rows: {
            id: number | string;
            kind: OutboxKind;
            payload: Record<string, unknown>;
            attempts: number;
          }[];
        };
        for (const r of rows.rows) {
          const id = Number(r.id);
          const attempt = r.attempts + 1;
          const handler = this.handlers[r.kind];
          // The savepoint comes first: rolling back to one that does not exist would abort the whole batch.
          await tx.execute(sql`savepoint outbox_row`);
          try {
            if (!handler) throw new Error(`no handler for ${r.kind}`);
            await handler(r.payload, { id, tx: tx as unknown as Db, attempt });
            await tx.execute(sql`release savepoint outbox_row`);
            await tx.execute(sql`update outbox set status = 'done', attempts = ${attempt}, delivered_at = ${now()},
              last_error = null where id = ${id}`);
          } catch (err) {
            await tx.execute(sql`rollback to savepoint outbox_row`);
            const failed = attempt >= MAX_ATTEMPTS;
            this.log?.warn({ err, outboxId: id, kind: r.kind, attempt }, 'outbox delivery failed');
            await tx.execute(sql`update outbox set attempts = ${attempt}, last_error = ${String((err as Error).message ?? err).slice(0, 2000)},
              status = ${failed ? 'failed' : 'pending'},
              next_attempt_at = ${new Date(now().getTime() + backoffSeconds(attempt) * 1000)} where id = ${id}`);
          }
        }
        return rows.rows.length;
      });
      handled += n;
      if (n < this.batch) return handled;
    }
  }

  start(intervalMs: number) {
    const tick = () => {
      this.runOnce()
        .catch((err) => this.log?.error({ err }, 'outbox tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
