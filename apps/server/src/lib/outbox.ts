// Outbox: side effects are rows written in the same transaction as their cause, delivered here.
// A worker claims due rows with FOR UPDATE SKIP LOCKED in a short transaction that takes a lease on them (the
// attempt is counted and the row is not due again until the lease ends), then delivers each row outside that
// transaction with a time-out, and records the outcome only while its lease is still the row's latest attempt.
// Each kind (e-mail, Directo, Business Central) has its own lane, so a hung SMTP server does not hold up an
// export. A worker that dies mid-delivery leaves the row leased: another worker tries it again when the lease
// ends (at-least-once; the handlers make a repeat harmless: e-mails carry a stable Message-ID, exports skip
// orders the other side has accepted).
import type { OutboxKind } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { now } from './clock.ts';
import { queryPrepared, queryRows } from './sql.ts';

export type OutboxRow = typeof outbox.$inferSelect;
/**
 * Delivers one row, outside any transaction of the worker's: a handler that writes opens its own. `signal` aborts
 * when the delivery's time is up; the worker then moves on and the row is tried again after its backoff.
 */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  ctx: { id: number; db: Db; attempt: number; signal: AbortSignal },
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

export interface OutboxWorkerOptions {
  /** Rows claimed per round and lane. */
  batch?: number;
  /** How long one delivery may take before it counts as failed (ms). */
  timeoutMs?: number;
}

interface ClaimedRow {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly db: Db;
  private readonly handlers: OutboxHandlers;
  private readonly log?: FastifyBaseLogger;
  private readonly batch: number;
  private readonly timeoutMs: number;
  constructor(
    db: Db,
    handlers: OutboxHandlers,
    log?: FastifyBaseLogger,
    opts: OutboxWorkerOptions | number = {},
  ) {
    const o = typeof opts === 'number' ? { batch: opts } : opts;
    this.db = db;
    this.handlers = handlers;
    this.log = log;
    this.batch = o.batch ?? 20;
    this.timeoutMs = o.timeoutMs ?? 30_000;
  }

  /** Delivers what is due; returns how many rows were handled (delivered or rescheduled). */
  runOnce(): Promise<number> {
    this.running ??= this.deliver().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * One lane per kind with a handler, and one for rows no handler takes (they fail visibly). An idle round is one
   * look at the pending rows' index instead of a claim per lane: the worker runs every second on every replica.
   */
  private async deliver(): Promise<number> {
    const [due] = await queryPrepared<{ due: boolean }>(
      this.db,
      sql`select exists (select 1 from outbox where status = 'pending' and next_attempt_at <= ${now()}) as due`,
    );
    if (!due?.due) return 0;
    const kinds = Object.keys(this.handlers) as OutboxKind[];
    const lanes = [...kinds.map((k) => this.lane([k], false)), this.lane(kinds, true)];
    const counts = await Promise.all(lanes);
    return counts.reduce((a, b) => a + b, 0);
  }

  private async lane(kinds: OutboxKind[], others: boolean): Promise<number> {
    let handled = 0;
    for (;;) {
      const rows = await this.claim(kinds, others);
      for (const r of rows) await this.deliverRow(r);
      handled += rows.length;
      if (rows.length < this.batch) return handled;
    }
  }

  /** Takes a lease on up to `batch` due rows of the lane: attempts + 1, not due again until the lease ends. */
  private async claim(kinds: OutboxKind[], others: boolean): Promise<ClaimedRow[]> {
    if (!others && !kinds.length) return [];
    const at = now();
    const leaseEnd = new Date(at.getTime() + this.timeoutMs + 60_000);
    const kindFilter = others
      ? kinds.length
        ? sql`and kind not in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
      : sql`and kind = ${kinds[0]}`;
    const rows = await queryRows<{
      id: number | string;
      kind: OutboxKind;
      payload: Record<string, unknown>;
      attempts: number;
    }>(
      this.db,
      sql`update outbox set attempts = attempts + 1, next_attempt_at = ${leaseEnd}
        where id in (select id from outbox where status = 'pending' and next_attempt_at <= ${at} ${kindFilter}
          order by id limit ${this.batch} for update skip locked)
        returning id, kind, payload, attempts`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
  }

  private async deliverRow(r: ClaimedRow) {
    const handler = this.handlers[r.kind];
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      if (!handler) throw new Error(`no handler for ${r.kind}`);
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error(`delivery timed out after ${this.timeoutMs} ms`));
        }, this.timeoutMs);
      });
      await Promise.race([
        handler(r.payload, { id: r.id, db: this.db, attempt: r.attempts, signal: controller.signal }),
        timedOut,
      ]);
      clearTimeout(timer);
      // Only while this attempt is still the row's latest (a lease that ran out may have been taken over).
      await this.db.execute(sql`update outbox set status = 'done', delivered_at = ${now()}, last_error = null
        where id = ${r.id} and attempts = ${r.attempts} and status = 'pending'`);
    } catch (err) {
      clearTimeout(timer);
      const failed = r.attempts >= MAX_ATTEMPTS;
      this.log?.warn({ err, outboxId: r.id, kind: r.kind, attempt: r.attempts }, 'outbox delivery failed');
      await this.db.execute(sql`update outbox set last_error = ${String((err as Error).message ?? err).slice(0, 2000)},
        status = ${failed ? 'failed' : 'pending'},
        next_attempt_at = ${new Date(now().getTime() + backoffSeconds(r.attempts) * 1000)}
        where id = ${r.id} and attempts = ${r.attempts} and status = 'pending'`);
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
