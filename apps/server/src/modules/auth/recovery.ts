// Password recovery off the request path. The request writes one row to `recovery_requests` whether or not the
// e-mail has an account, and answers; the look-up, the new key and the mail follow after the answer, claimed by one
// replica (FOR UPDATE SKIP LOCKED) in the transaction that queues the mail. So the answer takes the same time and does
// the same work for a known and an unknown e-mail (issue 31). Requests a stopped replica left are picked up by the
// next drain on any replica (every recovery request, and the periodic sweep of throttle.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { sendRecovery } from './accounts.ts';
import { addSweeper } from './throttle.ts';

const BATCH = 20;

/**
 * Handles the waiting requests: a PASSWORD_RECOVERY mail with a new key for an e-mail of an active account, nothing
 * otherwise. Each request is handled once across replicas. `wait` waits for requests another drain holds instead of
 * skipping them (so afterwards every request written before the call is handled). Returns how many it handled.
 */
export async function drainRecoveries(db: Db, opts: { wait?: boolean } = {}): Promise<number> {
  let handled = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; email: string }>(
        tx,
        sql`delete from recovery_requests where id in (
          select id from recovery_requests order by id limit ${BATCH} for update ${opts.wait ? sql`` : sql`skip locked`})
          returning id, email`,
      );
      for (const r of rows) {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              sql`lower(${users.email}) = lower(${r.email})`,
              eq(users.isDeleted, false),
              eq(users.isActive, true),
            ),
          )
          .limit(1);
        if (u) await sendRecovery(tx, u.id);
      }
      return rows.length;
    });
    handled += n;
    if (n < BATCH) return handled;
  }
}

interface DrainState {
  running: Promise<void> | null;
  again: boolean;
}
const states = new WeakMap<Db, DrainState>();

/** Starts a drain after the answer (not awaited); one at a time per process, again when more came meanwhile. */
export function kickRecoveries(db: Db, log?: Pick<FastifyBaseLogger, 'error'>) {
  let s = states.get(db);
  if (!s) {
    s = { running: null, again: false };
    states.set(db, s);
  }
  const state = s;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    do {
      state.again = false;
      await drainRecoveries(db);
    } while (state.again);
  })()
    .catch((err) => log?.error({ err }, 'password recovery requests failed; they are tried again'))
    .finally(() => {
      state.running = null;
    });
}

/** Waits for this process's drain and handles whatever is still waiting (server shutdown, tests). */
export async function recoveriesSettled(db: Db) {
  await states.get(db)?.running;
  await drainRecoveries(db, { wait: true });
}

addSweeper((db) => drainRecoveries(db));
