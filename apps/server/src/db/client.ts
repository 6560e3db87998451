import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { nameOf, queryRow } from '../lib/sql.ts';
import { dbFaultOf } from './faults.ts';

/**
 * A database or a transaction: services take either. Without Drizzle's relational schema (nothing here uses
 * `db.query.*`): with it, every transaction built a relational query builder for each of the schema's tables, about
 * 4 % of the server's CPU on an offer set.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What a connection may wait for, in milliseconds (docs/operations.md "Time-outs"). 0 turns one off. */
export interface DbTimeouts {
  /** A request's statement (PostgreSQL `statement_timeout`). */
  statementMs: number;
  /** A wait for a row or table lock (`lock_timeout`). */
  lockMs: number;
  /** A transaction left open without a statement (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
  /** A wait for a pooled connection, or for a new one to open (node-postgres `connectionTimeoutMillis`). */
  acquireMs: number;
  /** A statement of the long-work pool: reports and exports. */
  longStatementMs: number;
  /** A migration's statement (the migrating session only; its lock waits share it). */
  migrationMs: number;
}

export const DEFAULT_TIMEOUTS: DbTimeouts = {
  statementMs: 15_000,
  lockMs: 3_000,
  idleInTransactionMs: 30_000,
  acquireMs: 3_000,
  longStatementMs: 120_000,
  migrationMs: 600_000,
};

/** How a pool reports itself (for metrics). */
export interface PoolStats {
  pool: string;
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  /** Requests and background work: short statements under the request time-outs. */
  db: Db;
  /** Long reads (reports, exports): a small pool of its own with a longer statement time-out, so a slow report
   * neither times out as a request would nor takes the connections requests need. The same as `db` on PGlite. */
  longDb: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Whether the database answers a trivial statement within `timeoutMs`, on a connection of its own (not the pools',
   * which may all be busy waiting for a lock while the database itself is fine). Throws when it does not.
   */
  ping(timeoutMs: number): Promise<void>;
  /** The pools' connection counts (PostgreSQL; empty on PGlite). */
  poolStats(): PoolStats[];
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from. */
  snapshot?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/** A handler for errors of connections no statement is waiting on (the server logs them). */
export type ConnectionErrorListener = (err: Error, pool: string) => void;

/** PostgreSQL when a URL is given, otherwise PGlite under dataDir (or in memory with dataDir 'memory://'). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  timeouts?: Partial<DbTimeouts>;
  onConnectionError?: ConnectionErrorListener;
  /** PGlite only: start from this data directory snapshot (a tarball from `snapshot()`), e.g. a migrated one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts);
  const dir = opts.dataDir ?? './data';
  let client: PGlite;
  if (dir.startsWith('memory://'))
    client = new PGlite({
      extensions: { pg_trgm },
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  else {
    const pgDir = path.resolve(dir, 'pgdata');
    fs.mkdirSync(pgDir, { recursive: true });
    client = new PGlite(pgDir, { extensions: { pg_trgm } });
  }
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    longDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1');
    },
    poolStats: () => [],
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}

function openPostgres(
  url: string,
  opts: { poolSize?: number; timeouts?: Partial<DbTimeouts>; onConnectionError?: ConnectionErrorListener },
): Database {
  const t = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  const onError = opts.onConnectionError ?? (() => {});
  const connection = (statementMs: number): pg.ClientConfig => ({
    connectionString: url,
    // Sent with the start-up message, so they hold for every statement of every connection, also one a service
    // runs outside a transaction. 0 leaves PostgreSQL's own setting.
    statement_timeout: statementMs || undefined,
    lock_timeout: t.lockMs || undefined,
    idle_in_transaction_session_timeout: t.idleInTransactionMs || undefined,
    // The same bound on the client's side, a little later: a statement on a connection whose peer vanished without a
    // word (a failover, a cut network) fails instead of waiting for TCP to notice.
    query_timeout: statementMs ? statementMs + 5_000 : undefined,
    connectionTimeoutMillis: t.acquireMs || undefined,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  const makePool = (name: string, max: number, min: number, statementMs: number) => {
    // Connections up to `min` stay open when idle (a fresh backend plans each statement anew and has cold caches, so
    // reopening them after every lull puts its cost on the next burst's requests); the others close after 30 s.
    const pool = new pg.Pool({ ...connection(statementMs), max, min, idleTimeoutMillis: 30_000 });
    // node-postgres emits `error` on a pooled connection that PostgreSQL closed (a restart, a failover,
    // pg_terminate_backend, idle_session_timeout): on an idle one through the pool, on a checked-out one on the
    // client itself. Unheard, either ends the process. The pool drops the broken connection and opens a new one for
    // the next request; a statement that was running on it fails and its request answers 503.
    pool.on('error', (err) => onError(err, name));
    pool.on('connect', (client) => client.on('error', (err) => onError(err, name)));
    retryReads(pool);
    return pool;
  };
  const max = opts.poolSize ?? 20;
  const pool = makePool('main', max, Math.min(4, max), t.statementMs);
  const longMax = Math.max(1, Math.min(4, Math.floor(max / 4)));
  const longPool = makePool('long', longMax, 0, t.longStatementMs);
  // numeric and timestamps stay strings/Dates as node-postgres gives them; bigint counts come as strings.
  const db = retryTransactions(drizzlePg({ client: pool }) as unknown as Db, pool);
  const longDb = retryTransactions(drizzlePg({ client: longPool }) as unknown as Db, longPool);
  const stats = (name: string, p: pg.Pool, m: number): PoolStats => ({
    pool: name,
    total: p.totalCount,
    idle: p.idleCount,
    waiting: p.waitingCount,
    max: m,
  });
  return {
    db,
    longDb,
    kind: 'postgres',
    async migrate() {
      // Several replicas may start at once: one migrates, the others wait (the lock's wait is a statement too, so
      // it is bounded by the migration's time-out, not the request's lock time-out). The session's settings die
      // with the connection, which is closed afterwards rather than returned to a pool.
      const client = new pg.Client({
        ...connection(t.migrationMs),
        lock_timeout: t.migrationMs || undefined,
      });
      client.on('error', (err) => onError(err, 'migration'));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.end().catch(() => {});
      }
    },
    async ping(timeoutMs) {
      const client = new pg.Client({
        ...connection(timeoutMs),
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
        keepAlive: false,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
      } finally {
        await client.end().catch(() => {});
      }
    },
    poolStats: () => [stats('main', pool, max), stats('long', longPool, longMax)],
    close: async () => {
      await Promise.all([pool.end(), longPool.end()]);
    },
  };
}

/**
 * A connection PostgreSQL has just closed may still sit in the pool's idle list: node-postgres learns of the close
 * only when its socket's events are read, and a request may take the connection first. Work that provably did not
 * run is sent again on another connection (at most twice): a read outside a transaction (a `select`, or a `with`
 * that writes nothing), and a transaction whose `begin` failed (its callback never ran; `retryTransactions`). A write that failed on a
 * lost connection is not repeated (it may have been done); its request answers 503.
 */
const MAX_RETRIES = 2;
const READ_ONLY = /^\s*(select\b|with\b(?![\s\S]*\b(insert|update|delete|merge)\b))/i;

function retryReads(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  pool.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    // node-postgres's callback form is left as it is (nothing here uses it).
    if (typeof values === 'function' || typeof callback === 'function')
      return query(config, values, callback);
    const text = typeof config === 'string' ? config : ((config as { text?: unknown })?.text ?? '');
    if (typeof text !== 'string' || !READ_ONLY.test(text)) return query(config, values);
    const attempt = (n: number): Promise<pg.QueryResult> =>
      query(config, values).catch((err: unknown) =>
        n < MAX_RETRIES && dbFaultOf(err) === 'unavailable' ? attempt(n + 1) : Promise.reject(err),
      );
    return attempt(0);
  }) as typeof pool.query;
}

/** The pooled connections that are running a transaction of `retryTransactions` right now. */
const inTransaction = new WeakSet<pg.PoolClient>();

/**
 * Statements with parameters that a transaction sends on this connection go as named (server-side prepared)
 * statements, node-postgres's `{ name, text, values }` with the name of the text (lib/sql.ts `nameOf`): the
 * connection parses a text once and PostgreSQL may keep its plan instead of planning it on every call. drizzle's
 * `execute` and query builders send every statement unnamed, and a transaction's statements are the hot writes: the
 * offer set's one statement took 3.6 ms to plan and 1.3 ms to run (BENCHMARKS.md, "Offer burst"). Outside a
 * transaction the connection's statements stay unnamed unless a service asks (`queryPrepared`): a list's plan
 * depends on its filter values more than a write's does.
 */
function nameStatementsInTransactions(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (
      inTransaction.has(client) &&
      callback === undefined &&
      Array.isArray(values) &&
      values.length > 0 &&
      typeof config === 'object' &&
      config !== null &&
      !(config as { name?: unknown }).name &&
      typeof (config as { text?: unknown }).text === 'string'
    ) {
      const name = nameOf((config as { text: string }).text);
      if (name) return query({ ...config, name }, values);
    }
    return query(config, values, callback);
  }) as typeof client.query;
}

/**
 * Transactions on a connection this module takes from the pool and always gives back. drizzle's own pool transaction
 * (`NodePgSession.transaction`, drizzle-orm 0.45) sends `begin` before its `try`, so a `begin` that fails on a lost
 * connection never releases the connection: every such failure during an outage took one connection from the pool for
 * good. Here drizzle runs the transaction on the connection it is given (its public `drizzle({ client })`), and the
 * connection is released in any case, and dropped (not reused) when it failed with a connection fault.
 */
function retryTransactions(db: Db, pool: pg.Pool): Db {
  const onConnection = new WeakMap<pg.PoolClient, Db>();
  db.transaction = (async (fn, config) => {
    for (let n = 0; ; n++) {
      let began = false;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        let clientDb = onConnection.get(client);
        if (!clientDb) {
          nameStatementsInTransactions(client);
          clientDb = drizzlePg({ client }) as unknown as Db;
          onConnection.set(client, clientDb);
        }
        inTransaction.add(client);
        return await clientDb.transaction((tx) => {
          began = true;
          return fn(tx);
        }, config);
      } catch (err) {
        if (dbFaultOf(err) === 'unavailable') broken = err as Error;
        if (began || n >= MAX_RETRIES || !broken) throw err;
      } finally {
        inTransaction.delete(client);
        client.release(broken);
      }
    }
  }) as Db['transaction'];
  return db;
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await queryRow<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n ?? 0) === 0;
}
