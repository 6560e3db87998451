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
import { queryRow } from '../lib/sql.ts';
import { pipelinedDatabase } from './pipelined.ts';

/**
 * A database or a transaction: services take either. Without Drizzle's relational schema (nothing here uses
 * `db.query.*`): with it, every transaction built a relational query builder for each of the schema's tables, about
 * 4 % of the server's CPU on an offer set.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start other databases from. */
  snapshot?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

/** PostgreSQL when a URL is given, otherwise PGlite under dataDir (or in memory with dataDir 'memory://'). */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this data directory snapshot (a tarball from `snapshot()`), e.g. a migrated one. */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.url) {
    // Connections up to `min` stay open when idle (a fresh backend plans each statement anew and has cold caches, so
    // reopening them after every lull puts its cost on the next burst's requests); the others close after 30 s.
    const max = opts.poolSize ?? 20;
    const pool = new pg.Pool({
      connectionString: opts.url,
      max,
      min: Math.min(4, max),
      idleTimeoutMillis: 30_000,
      // begin and commit travel with a transaction's statements (db/pipelined.ts)
      pipeline: true,
    });
    // numeric and timestamps stay strings/Dates as node-postgres gives them; bigint counts come as strings.
    const db = pipelinedDatabase(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // Several replicas may start at once: one migrates, the others wait.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727274)');
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('select pg_advisory_unlock(727274)').catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
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
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await queryRow<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return Number(row?.n ?? 0) === 0;
}
