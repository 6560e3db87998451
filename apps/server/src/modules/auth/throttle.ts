// Attempt counters every replica shares (table `throttles`): one row per (scope, key) and fixed window. A hit is one
// atomic upsert that starts a new window when the old one has ended and answers the count, so two replicas (or two
// requests) never read a count and then write it back. Used by the logins, the account routes and, as its store, by
// @fastify/rate-limit.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';

export interface Limit {
  /** What is counted, e.g. `login_account`. */
  scope: string;
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export interface Count {
  count: number;
  windowEnd: Date;
}

export interface Hit extends Count {
  limit: Limit;
  key: string;
  /** The count is above the limit's max. */
  over: boolean;
}

const MINUTE = 60_000;
export const minutes = (n: number) => n * MINUTE;

/**
 * Counts one attempt against each (limit, key) in one statement and answers the counts. Rows are written in one
 * order (scope, key), so two statements on the same rows never wait on each other in a circle.
 */
export async function hit(db: Db, entries: Array<{ limit: Limit; key: string }>): Promise<Hit[]> {
  if (!entries.length) return [];
  // By code unit, not locale: every replica must sort alike.
  const order = (e: { limit: Limit; key: string }) => `${e.limit.scope}\u0000${e.key}`;
  const sorted = [...entries].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const t = now();
  const values = sql.join(
    sorted.map(
      (e) => sql`(${e.limit.scope}, ${e.key}, 1, ${new Date(t.getTime() + e.limit.windowMs)}::timestamptz)`,
    ),
    sql`, `,
  );
  // A window is over when it has ended, or when it ends further ahead than a window is long (the clock was set back:
  // the test clock; a minute allows for replicas' clocks that differ a little).
  const over = sql`(t.window_end <= ${t} or t.window_end > excluded.window_end + interval '1 minute')`;
  const rows = await queryRows<{ scope: string; key: string; count: number; window_end: Date | string }>(
    db,
    sql`insert into throttles as t (scope, key, count, window_end) values ${values}
      on conflict (scope, key) do update set
        count = case when ${over} then 1 else t.count + 1 end,
        window_end = case when ${over} then excluded.window_end else t.window_end end
      returning scope, key, count, window_end`,
  );
  return entries.map((e) => {
    const r = rows.find((x) => x.scope === e.limit.scope && x.key === e.key);
    const count = Number(r?.count ?? 0);
    return {
      limit: e.limit,
      key: e.key,
      count,
      windowEnd: new Date(r?.window_end ?? t),
      over: count > e.limit.max,
    };
  });
}

/** Takes back one attempt of each (an attempt that turned out not to be a failure, or that was refused). */
export async function undo(db: Db, entries: Array<{ limit: Limit; key: string }>) {
  for (const e of entries)
    await db.execute(sql`update throttles set count = greatest(count - 1, 0)
      where scope = ${e.limit.scope} and key = ${e.key} and window_end > ${now()}`);
}

/** Forgets the attempts of one key (its owner proved who they are). */
export async function clear(db: Db, scope: string, key: string) {
  await db.execute(sql`delete from throttles where scope = ${scope} and key = ${key}`);
}

/** Whole seconds until the window ends (at least 1): the Retry-After of a 429. */
const retryAfterSeconds = (windowEnd: Date) =>
  Math.max(1, Math.ceil((windowEnd.getTime() - now().getTime()) / 1000));

/** 429 too_many_requests with Retry-After: the latest window end among the hits over their limit. */
export function tooMany(reply: FastifyReply | undefined, over: Array<Pick<Hit, 'windowEnd'>>) {
  const end = new Date(Math.max(now().getTime(), ...over.map((h) => h.windowEnd.getTime())));
  reply?.header('retry-after', String(retryAfterSeconds(end)));
  return new AppError(429, { detail: 'too_many_requests' });
}

/**
 * Counts an attempt against every limit; when any is used up the attempt is taken back (a refused attempt does not
 * eat into the others' windows) and a 429 is thrown.
 */
export async function takeOrThrow(
  db: Db,
  reply: FastifyReply | undefined,
  entries: Array<{ limit: Limit; key: string }>,
) {
  await sweepNow(db, now());
  const hits = await hit(db, entries);
  const over = hits.filter((h) => h.over);
  if (over.length) {
    await undo(db, entries);
    throw tooMany(reply, over);
  }
  return hits;
}

// ---- clean-up ----

/**
 * Rows of ended windows and of finished eID logins are deleted at most this often per process, by the request that
 * finds the time has come (outside any transaction: a sweeper may open its own).
 */
const SWEEP_EVERY_MS = minutes(5);
let lastSweep = 0;
const sweepers: Array<(db: Db, at: Date) => Promise<unknown>> = [];

/** Other tables of short-lived shared state add their clean-up here (eID logins, nonces, recovery requests). */
export function addSweeper(fn: (db: Db, at: Date) => Promise<unknown>) {
  if (!sweepers.includes(fn)) sweepers.push(fn);
}

async function sweepNow(db: Db, t: Date) {
  if (Math.abs(t.getTime() - lastSweep) < SWEEP_EVERY_MS) return;
  lastSweep = t.getTime();
  await sweep(db, t);
}

/** Deletes the counters of ended windows and whatever the sweepers clean up. */
export async function sweep(db: Db, at: Date = now()) {
  await db.execute(sql`delete from throttles where window_end <= ${at}`);
  for (const fn of sweepers) await fn(db, at);
}

// ---- @fastify/rate-limit store ----

interface StoreResult {
  current: number;
  ttl: number;
}
/** What the plugin passes to `child` (typed as route options; at run time the route's merged limit settings). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in `throttles` (scope `rate:<method> <url>`, key the client
 * address), so a per-route limit holds across replicas.
 */
export function rateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: string;
    constructor(params: unknown = {}) {
      const r = (params as RouteParams).routeInfo;
      this.scope = r?.url ? `rate:${[r.method].flat().join(',')} ${r.url}` : 'rate:global';
    }
    incr(key: string, cb: (err: Error | null, res?: StoreResult) => void, timeWindow: number, max: number) {
      sweepNow(db, now())
        .then(() => hit(db, [{ limit: { scope: this.scope, max, windowMs: timeWindow }, key }]))
        .then(
          ([h]) => cb(null, { current: h.count, ttl: Math.max(0, h.windowEnd.getTime() - now().getTime()) }),
          (err) => cb(err as Error),
        );
    }
    child(params: unknown) {
      return new PgRateLimitStore(params);
    }
  };
}
