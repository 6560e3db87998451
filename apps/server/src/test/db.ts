// A fresh database per test file: a clone of the migrated template on PostgreSQL, an in-memory PGlite otherwise.
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type DbTimeouts, openDatabase } from '../db/client.ts';

export interface FreshDatabaseOptions {
  /** PostgreSQL only: the pool's time-outs. */
  timeouts?: Partial<DbTimeouts>;
  poolSize?: number;
  /** PostgreSQL only: connect through this port of 127.0.0.1 (a proxy in front of the database) instead. */
  port?: number;
}

/** `url`: PostgreSQL only, the database's own address (not the proxy's), for another process or session. */
export async function freshDatabase(opts: FreshDatabaseOptions = {}): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      const loadDataDir = new Blob([fs.readFileSync(snapshot)]);
      return openDatabase({ dataDir: 'memory://', loadDataDir });
    }
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return database;
  }
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const direct = u.toString();
  if (opts.port) {
    u.hostname = '127.0.0.1';
    u.port = String(opts.port);
  }
  const database = await openDatabase({
    url: u.toString(),
    poolSize: opts.poolSize ?? 10,
    timeouts: opts.timeouts,
  });
  return {
    ...database,
    url: direct,
    async close() {
      await database.close();
      // pool.end() resolves before its connections have said goodbye; a forced drop would kill them mid-way
      // (FATAL 57P01 as an unhandled error in the test run). Wait until they are gone first.
      for (let i = 0; i < 50; i++) {
        const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}
