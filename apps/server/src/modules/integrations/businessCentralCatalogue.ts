// The parts sync (POST /setup/bc-sync, spec 3 §4 "Sync of parts: starting returns either running or started"):
// one run at a time (a unique index on the running row, so two replicas never run two), carried out in the
// background of the server that started it: units, item references, items (parts and their code tags), parts the
// ERP no longer lists, then pre-orders. While it runs, its server renews the run's heartbeat every 15 seconds (and
// after every page). A run whose heartbeat is older than a minute (its server was killed) is interrupted: the next
// start or look at the state ends it 'failed' with the reason 'sync_lost', and a new start begins a new run. A run
// that finds its own row ended that way (its server stalled for a minute) stops instead of carrying on beside the
// new one. The outcome (counts or the error) is kept for GET /setup/bc-sync, which the parts screen polls to show
// its success or failure toast.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { queryRow, queryRows } from '../../lib/sql.ts';
import {
  type BcItem,
  type BcUnit,
  importUnits,
  retireMissingItems,
  upsertItems,
} from '../catalogue/index.ts';
import { type BcPreOrder, importPreOrders } from '../details/index.ts';
import { bcClient, notConfigured } from './businessCentral.ts';
import type { BusinessCentralClient } from './businessCentralClient.ts';

/** A running sync whose heartbeat is older than this counts as interrupted. */
export const LOST_AFTER_MS = 60_000;
/** How often a running sync renews its heartbeat (real time, independent of the ERP's pace). */
export const HEARTBEAT_MS = 15_000;

/** Ends the running sync whose heartbeat stopped (its server died) as failed, with the reason. */
async function endInterrupted(db: Db) {
  const at = now();
  await db.execute(sql`update bc_sync_runs set status = 'failed', message = 'sync_lost', finished = ${at}
    where status = 'running' and heartbeat < ${new Date(at.getTime() - LOST_AFTER_MS)}`);
}

class RunEnded extends Error {}

export interface SyncCounts {
  units_created: number;
  items: number;
  pages: number;
  parts_created: number;
  parts_updated: number;
  parts_deactivated: number;
  parts_deleted: number;
  pre_orders: number;
  pre_orders_created: number;
  pre_orders_updated: number;
  pre_orders_skipped: number;
}

/** The runs in progress per database (tests and shutdown wait for them). */
const running = new Map<Db, Set<Promise<void>>>();
export const catalogueSyncFinished = async (db: Db) => {
  await Promise.all([...(running.get(db) ?? [])]);
};

export async function startCatalogueSync(
  app: FastifyInstance,
  user: SessionUser,
): Promise<{ status: 'running' | 'started'; run_id: number | null }> {
  const client = bcClient(app.config);
  if (!client) throw notConfigured();
  await endInterrupted(app.db);
  const at = now();
  const row = await queryRow<{ id: number }>(
    app.db,
    sql`insert into bc_sync_runs (status, user_id, started, heartbeat) values ('running', ${user.id}, ${at}, ${at})
      on conflict (status) where status = 'running' do nothing returning id`,
  );
  if (!row) {
    const r = await queryRow<{ id: number }>(
      app.db,
      sql`select id from bc_sync_runs where status = 'running'`,
    );
    return { status: 'running', run_id: r?.id ?? null };
  }
  const jobs = running.get(app.db) ?? new Set<Promise<void>>();
  running.set(app.db, jobs);
  const job = runCatalogueSync(app.db, client, row.id, user.id, app.log).finally(() => {
    jobs.delete(job);
  });
  jobs.add(job);
  return { status: 'started', run_id: row.id };
}

/** Carries out a run; ends it 'done' with its counts or 'failed' with the message. Never throws. */
export async function runCatalogueSync(
  db: Db,
  client: BusinessCentralClient,
  runId: number,
  userId: number | null,
  log?: FastifyBaseLogger,
) {
  const counts: SyncCounts = {
    units_created: 0,
    items: 0,
    pages: 0,
    parts_created: 0,
    parts_updated: 0,
    parts_deactivated: 0,
    parts_deleted: 0,
    pre_orders: 0,
    pre_orders_created: 0,
    pre_orders_updated: 0,
    pre_orders_skipped: 0,
  };
  // The heartbeat: renewed by a timer while the run is under way, and after every page. A renewal that finds the
  // run no longer running (declared interrupted while this server stalled) stops the run.
  const controller = new AbortController();
  const beat = async () => {
    const held = await queryRows(
      db,
      sql`update bc_sync_runs set heartbeat = ${now()}, counts = ${JSON.stringify(counts)}::jsonb
        where id = ${runId} and status = 'running' returning id`,
    );
    if (!held.length) {
      const err = new RunEnded(`sync run ${runId} was ended as interrupted`);
      controller.abort(err);
      throw err;
    }
  };
  const timer = setInterval(() => {
    beat().catch((err) => {
      if (!(err instanceof RunEnded)) log?.warn({ err, runId }, 'business central sync heartbeat failed');
    });
  }, HEARTBEAT_MS);
  const signal = controller.signal;
  try {
    const units: BcUnit[] = [];
    await client.readAll<BcUnit>(
      await client.api('unitsOfMeasure', signal),
      (rows) => void units.push(...rows),
      signal,
    );
    await beat();
    counts.units_created = await importUnits(db, units);
    const refs = new Map<string, string[]>();
    await client.readAll<{ itemNumber: string; referenceNumber: string }>(
      await client.portalApi('itemReferences', signal),
      (rows) => {
        for (const r of rows) {
          if (!r.itemNumber || !r.referenceNumber) continue;
          const list = refs.get(r.itemNumber) ?? [];
          list.push(String(r.referenceNumber).slice(0, 35));
          refs.set(r.itemNumber, list);
        }
      },
      signal,
    );
    const seen: string[] = [];
    await client.readAll<BcItem>(
      await client.api('items', signal),
      async (rows) => {
        await beat(); // before each write: a run ended as interrupted writes nothing more
        const r = await upsertItems(db, rows, refs);
        for (const i of rows) if (i.id) seen.push(i.id);
        counts.items += rows.length;
        counts.pages++;
        counts.parts_created += r.created;
        counts.parts_updated += r.updated;
      },
      signal,
    );
    // An empty answer is taken as a fault of the ERP's, not as "every part is gone".
    if (seen.length) {
      await beat();
      const r = await retireMissingItems(db, seen);
      counts.parts_deactivated = r.deactivated;
      counts.parts_deleted = r.deleted;
    }
    await client.readAll<BcPreOrder>(
      await client.portalApi('preOrders', signal),
      async (rows) => {
        await beat();
        const r = await importPreOrders(db, rows, userId);
        counts.pre_orders += rows.length;
        counts.pre_orders_created += r.created;
        counts.pre_orders_updated += r.updated;
        counts.pre_orders_skipped += r.skipped;
      },
      signal,
    );
    await db.execute(sql`update bc_sync_runs set status = 'done', finished = ${now()}, heartbeat = ${now()},
      counts = ${JSON.stringify(counts)}::jsonb where id = ${runId} and status = 'running'`);
  } catch (err) {
    if (signal.aborted) {
      log?.warn({ runId }, 'business central sync stopped: the run was ended as interrupted');
      return;
    }
    log?.warn({ err, runId }, 'business central sync failed');
    await db
      .execute(sql`update bc_sync_runs set status = 'failed', finished = ${now()},
        message = ${String((err as Error).message ?? err).slice(0, 2000)}, counts = ${JSON.stringify(counts)}::jsonb
        where id = ${runId} and status = 'running'`)
      .catch(() => {});
  } finally {
    clearInterval(timer);
  }
}

export interface SyncState {
  configured: boolean;
  status: 'idle' | 'running' | 'done' | 'failed';
  run_id: number | null;
  started: string | null;
  finished: string | null;
  message: string | null;
  counts: Partial<SyncCounts>;
}

/** GET /setup/bc-sync: whether a business system is configured and the latest run. */
export async function catalogueSyncState(app: FastifyInstance): Promise<SyncState> {
  const configured = !!bcClient(app.config);
  await endInterrupted(app.db);
  const [r] = await queryRows<{
    id: number;
    status: 'running' | 'done' | 'failed';
    started: Date;
    finished: Date | null;
    message: string | null;
    counts: Partial<SyncCounts>;
  }>(
    app.db,
    sql`select id, status, started, finished, message, counts from bc_sync_runs order by id desc limit 1`,
  );
  const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
  return {
    configured,
    status: r?.status ?? 'idle',
    run_id: r?.id ?? null,
    started: iso(r?.started ?? null),
    finished: iso(r?.finished ?? null),
    message: r?.message ?? null,
    counts: (typeof r?.counts === 'string' ? JSON.parse(r.counts) : r?.counts) ?? {},
  };
}
