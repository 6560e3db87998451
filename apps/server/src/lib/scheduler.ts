// Moves tenders WAITING→ACTIVE at start and ACTIVE→FINISHED at finish. Each move is a conditional
// UPDATE … WHERE status = … RETURNING, so several replicas may tick at once and each transition (and the
// side effects its hook writes in the same transaction) happens exactly once.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { now } from './clock.ts';
import { audit } from './history.ts';
import { queryPrepared, queryRows, transaction } from './sql.ts';

export interface TransitionHooks {
  /** Called inside the transaction that moved these tenders to ACTIVE. */
  activated?: (tx: Db, tenderIds: number[]) => Promise<void>;
  /** Called inside the transaction that moved these tenders to FINISHED. */
  finished?: (tx: Db, tenderIds: number[]) => Promise<void>;
  /** Called on every pass after the moves, outside their transactions (e.g. the choosing clock's reminders). */
  everyPass?: (db: Db) => Promise<unknown>;
}

async function move(
  db: Db,
  from: string,
  to: string,
  column: 'start' | 'finish',
  hook?: (tx: Db, ids: number[]) => Promise<void>,
) {
  return transaction(db, async (tx) => {
    const at = now();
    // Rows another replica is moving right now are skipped (it will commit them), so replicas never wait on
    // each other's row locks or deadlock; the outer status check keeps the move conditional.
    const moved = await queryRows<{ id: number }>(
      tx,
      sql`update tenders set status = ${to}, updated = ${at}
      where status = ${from} and id in (
        select id from tenders where status = ${from} and ${sql.identifier(column)} <= ${at}
        order by id for update skip locked)
      returning id`,
    );
    const ids = moved.map((r) => Number(r.id));
    for (const id of ids) {
      await audit(tx, {
        entity: 'tender',
        entityId: id,
        tenderId: id,
        action: 'status',
        data: { from, to, by: 'scheduler' },
      });
    }
    if (ids.length && hook) await hook(tx, ids);
    return ids;
  });
}

/** One scheduler pass. Returns the tenders it moved. */
export async function tick(db: Db, hooks: TransitionHooks = {}) {
  // Most passes find nothing to move: one statement on the status index says so, instead of two transactions.
  const at = now();
  const [due] = await queryPrepared<{ due: boolean }>(
    db,
    sql`select exists (select 1 from tenders where status = 'WAITING' and start <= ${at})
      or exists (select 1 from tenders where status = 'ACTIVE' and finish <= ${at}) as due`,
  );
  const activated = due?.due ? await move(db, 'WAITING', 'ACTIVE', 'start', hooks.activated) : [];
  const finished = due?.due ? await move(db, 'ACTIVE', 'FINISHED', 'finish', hooks.finished) : [];
  if (hooks.everyPass) await hooks.everyPass(db);
  return { activated, finished };
}

export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly db: Db;
  private readonly hooks: TransitionHooks;
  private readonly log?: FastifyBaseLogger;
  constructor(db: Db, hooks: TransitionHooks, log?: FastifyBaseLogger) {
    this.db = db;
    this.hooks = hooks;
    this.log = log;
  }
  runOnce() {
    this.running ??= tick(this.db, this.hooks).finally(() => {
      this.running = null;
    });
    return this.running as Promise<Awaited<ReturnType<typeof tick>>>;
  }
  start(intervalMs: number) {
    const loop = () => {
      this.runOnce()
        .catch((err) => this.log?.error({ err }, 'scheduler tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }
  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
