// Outbox: side effects are rows written in the same transaction as their cause, delivered here.
// Each kind (e-mail, Directo, Business Central) has its own lane, so a hung SMTP server does not hold up an export.
// A lane claims ONE due row at a time with FOR UPDATE SKIP LOCKED in a short transaction that takes a lease on it
// (attempts + 1, a fresh lease token, not due again until the lease ends), then delivers it outside that
// transaction. While the delivery runs, a heartbeat renews the lease every third of its length; a renewal that
// finds the lease no longer the row's (it ran out and another worker took the row) aborts the delivery. The outcome
// is recorded only while the lease token is still the row's. So however slow a peer is, a row is worked on by one
// worker at a time, and nothing is claimed that the worker is not about to deliver: a slow batch can no longer
// outlive its lease and be claimed again by another replica (issue 31: 10 of 24 mails twice).
// A worker that dies mid-delivery leaves the row leased: another worker tries it again when the lease ends
// (at-least-once for a crash; the handlers make a repeat harmless: e-mails keep one Message-ID across retries,
// exports are idempotent per order). stop() claims nothing more, lets a running delivery finish within a bound and
// releases the claim of one it will not finish, so another replica takes it at once.
import type { OutboxKind } from '@portal/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';
import { now } from './clock.ts';
import { queryPrepared, queryRow, queryRows } from './sql.ts';

export type OutboxRow = typeof outbox.$inferSelect;
/**
 * Delivers one row, outside any transaction of the worker's: a handler that writes opens its own. `signal` aborts
 * when the delivery's time is up, its lease is lost or the worker stops; the worker then moves on.
 */
export type OutboxHandler = (
  payload: Record<string, unknown>,
  ctx: { id: number; db: Db; attempt: number; signal: AbortSignal; messageUuid: string },
) => Promise<void>;
export type OutboxHandlers = Partial<Record<OutboxKind, OutboxHandler>>;

export const MAX_ATTEMPTS = 8;

/**
 * Thrown by a handler when the peer refused the message for good (trying again would be refused again): the row
 * becomes 'failed' at once, with the message, for an operator to see, retry or discard.
 */
export class DeliveryRefused extends Error {}
export const backoffSeconds = (attempt: number) => Math.min(3600, 5 * 2 ** (attempt - 1));
export const DEFAULT_LEASE_MS = 60_000;

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

/** Many rows of one kind at once (an announcement to every user), in chunks; each row as `enqueue` writes it. */
export async function enqueueMany(
  db: Db,
  kind: OutboxKind,
  rows: { payload: Record<string, unknown>; dedupeKey?: string }[],
) {
  const t = now();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insert(outbox)
      .values(
        rows.slice(i, i + 500).map((r) => ({
          kind,
          payload: r.payload,
          dedupeKey: r.dedupeKey ?? null,
          created: t,
          nextAttemptAt: t,
        })),
      )
      .onConflictDoNothing();
}

/**
 * Takes up again the latest failed row of `kind` that `match` picks (a condition on the row's columns): pending, due
 * now, with a fresh attempts budget. Answers its id, or null when there is none.
 */
export async function reviveFailed(db: Db, kind: OutboxKind, match: SQL) {
  const t = now();
  return queryRow<{ id: number }>(
    db,
    sql`update outbox set status = 'pending', attempts = 0, next_attempt_at = ${t}, lease = null, updated = ${t}
      where id = (select id from outbox where kind = ${kind} and status = 'failed' and ${match}
        order by id desc limit 1)
      returning id`,
  );
}

/** Discards the failed rows of `kind` that `match` picks (superseded by a new row); they are kept. */
export async function discardFailed(db: Db, kind: OutboxKind, match: SQL, at: Date = now()) {
  await db.execute(sql`update outbox set status = 'discarded', updated = ${at}
    where kind = ${kind} and status = 'failed' and ${match}`);
}

/** An administrator's retry of a row: due now with a fresh attempts budget. */
export async function retryRow(db: Db, id: number, at: Date = now()) {
  await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, lease: null, updated: at })
    .where(eq(outbox.id, id));
}

/** An administrator gave a row up: discarded, kept. */
export async function discardRow(db: Db, id: number, at: Date = now()) {
  await db.update(outbox).set({ status: 'discarded', lease: null, updated: at }).where(eq(outbox.id, id));
}

/**
 * Changes rows no worker has claimed yet (status pending, no attempt, no lease) that `match` picks: `set` is the
 * SQL of the update's set list. Answers the changed rows' ids (none when a worker took them meanwhile).
 */
export async function amendUnclaimed(db: Db, match: SQL, set: SQL) {
  return queryRows<{ id: number }>(
    db,
    sql`update outbox set ${set} where status = 'pending' and attempts = 0 and lease is null and ${match} returning id`,
  );
}

export interface OutboxWorkerOptions {
  /** How long one delivery may take before it counts as failed (ms). */
  timeoutMs?: number;
  /** How long a claim holds a row without a renewal (ms); renewed every third of it while the delivery runs. */
  leaseMs?: number;
  /** How long stop() lets a running delivery finish before it releases the claim (ms). */
  stopGraceMs?: number;
}

interface ClaimedRow {
  id: number;
  kind: OutboxKind;
  payload: Record<string, unknown>;
  attempts: number;
  lease: string;
  messageUuid: string;
}

class LeaseLost extends Error {}
class Stopping extends Error {}

interface InFlight {
  row: ClaimedRow;
  controller: AbortController;
  /** Rejects the delivery's race at once (time-out, lost lease, stop). */
  fail: (err: Error) => void;
}

export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopping = false;
  private readonly inFlight = new Set<InFlight>();
  private readonly db: Db;
  private readonly handlers: OutboxHandlers;
  private readonly log?: FastifyBaseLogger;
  private readonly timeoutMs: number;
  readonly leaseMs: number;
  private readonly stopGraceMs: number;
  constructor(db: Db, handlers: OutboxHandlers, log?: FastifyBaseLogger, opts: OutboxWorkerOptions = {}) {
    this.db = db;
    this.handlers = handlers;
    this.log = log;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.stopGraceMs = opts.stopGraceMs ?? 10_000;
  }

  /** Delivers what is due; returns how many rows were handled (delivered, rescheduled or released). */
  runOnce(): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
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
    while (!this.stopping) {
      const row = await this.claim(kinds, others);
      if (!row) break;
      await this.deliverRow(row);
      handled++;
    }
    return handled;
  }

  /** Takes a lease on the lane's oldest due row: attempts + 1, a new lease token, not due again until it ends. */
  private async claim(kinds: OutboxKind[], others: boolean): Promise<ClaimedRow | null> {
    if (!others && !kinds.length) return null;
    const at = now();
    const leaseEnd = new Date(at.getTime() + this.leaseMs);
    const kindFilter = others
      ? kinds.length
        ? sql`and kind not in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})`
        : sql``
      : sql`and kind = ${kinds[0]}`;
    const [r] = await queryRows<{
      id: number | string;
      kind: OutboxKind;
      payload: Record<string, unknown>;
      attempts: number;
      lease: string;
      message_uuid: string;
    }>(
      this.db,
      sql`update outbox set attempts = attempts + 1, next_attempt_at = ${leaseEnd}, lease = gen_random_uuid()
        where id = (select id from outbox where status = 'pending' and next_attempt_at <= ${at} ${kindFilter}
          order by id limit 1 for update skip locked)
        returning id, kind, payload, attempts, lease, message_uuid`,
    );
    if (!r) return null;
    return {
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      lease: r.lease,
      messageUuid: r.message_uuid,
    };
  }

  /** Moves the lease's end on; false when the row is no longer held under this lease. */
  private async renew(r: ClaimedRow): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update outbox set next_attempt_at = ${new Date(now().getTime() + this.leaseMs)}
        where id = ${r.id} and lease = ${r.lease} and status = 'pending' returning id`,
    );
    return rows.length > 0;
  }

  private async deliverRow(r: ClaimedRow) {
    const handler = this.handlers[r.kind];
    const controller = new AbortController();
    let fail!: (err: Error) => void;
    const failed = new Promise<never>((_, reject) => {
      fail = reject;
    });
    failed.catch(() => {});
    const flight: InFlight = { row: r, controller, fail };
    this.inFlight.add(flight);
    const stopWith = (err: Error) => {
      controller.abort(err);
      fail(err);
    };
    const timer = setTimeout(
      () => stopWith(new Error(`delivery timed out after ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    // The heartbeat: renew every third of the lease. A lease that could not be renewed before it ran out (the
    // database was away) is taken as lost too: another worker may have the row by then.
    let heldUntil = performance.now() + this.leaseMs;
    let renewing = false;
    const heartbeat = setInterval(
      () => {
        if (renewing) return;
        if (performance.now() > heldUntil) {
          stopWith(new LeaseLost(`lease of outbox row ${r.id} ran out`));
          return;
        }
        renewing = true;
        const asked = performance.now();
        this.renew(r)
          .then((held) => {
            if (held) heldUntil = asked + this.leaseMs;
            else stopWith(new LeaseLost(`lease of outbox row ${r.id} was taken over`));
          })
          .catch((err) => this.log?.warn({ err, outboxId: r.id }, 'outbox lease renewal failed'))
          .finally(() => {
            renewing = false;
          });
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    try {
      if (!handler) throw new Error(`no handler for ${r.kind}`);
      await Promise.race([
        handler(r.payload, {
          id: r.id,
          db: this.db,
          attempt: r.attempts,
          signal: controller.signal,
          messageUuid: r.messageUuid,
        }),
        failed,
      ]);
      clearInterval(heartbeat);
      clearTimeout(timer);
      // Only while the lease is still the row's (one that ran out may have been taken over).
      await this.db.execute(sql`update outbox set status = 'done', delivered_at = ${now()}, last_error = null,
        lease = null where id = ${r.id} and lease = ${r.lease} and status = 'pending'`);
    } catch (err) {
      clearInterval(heartbeat);
      clearTimeout(timer);
      if (err instanceof LeaseLost) {
        this.log?.warn({ outboxId: r.id, kind: r.kind }, 'outbox delivery abandoned: lease lost');
        return;
      }
      if (err instanceof Stopping) return; // released by stop()
      const gaveUp = r.attempts >= MAX_ATTEMPTS || err instanceof DeliveryRefused;
      this.log?.warn({ err, outboxId: r.id, kind: r.kind, attempt: r.attempts }, 'outbox delivery failed');
      await this.db.execute(sql`update outbox set last_error = ${String((err as Error).message ?? err).slice(0, 2000)},
        status = ${gaveUp ? 'failed' : 'pending'}, lease = null,
        next_attempt_at = ${new Date(now().getTime() + backoffSeconds(r.attempts) * 1000)}
        where id = ${r.id} and lease = ${r.lease} and status = 'pending'`);
    } finally {
      this.inFlight.delete(flight);
    }
  }

  start(intervalMs: number) {
    this.stopping = false;
    const tick = () => {
      this.runOnce()
        .catch((err) => this.log?.error({ err }, 'outbox tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, intervalMs);
        });
    };
    this.timer = setTimeout(tick, intervalMs);
  }

  /**
   * Claims nothing more, lets a running delivery finish for up to `graceMs`, then aborts what still runs and
   * releases its claim: the row is due again at once (its attempt stays counted), for another replica to take.
   */
  async stop(graceMs = this.stopGraceMs) {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const running = this.running;
    if (!running) return;
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => {
        graceTimer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(graceTimer);
    if (finished) return;
    const left = [...this.inFlight];
    for (const f of left) {
      const err = new Stopping('the worker is stopping');
      f.controller.abort(err);
      f.fail(err);
    }
    await Promise.all(
      left.map((f) =>
        this.db
          .execute(sql`update outbox set lease = null, next_attempt_at = ${now()},
            last_error = ${'released by a stopping worker'}
            where id = ${f.row.id} and lease = ${f.row.lease} and status = 'pending'`)
          .catch((err) => this.log?.error({ err, outboxId: f.row.id }, 'outbox claim release failed')),
      ),
    );
    if (left.length) this.log?.info({ released: left.map((f) => f.row.id) }, 'outbox claims released');
    await running.catch(() => {});
  }
}
