// A fresh database per test file: a clone of the migrated template on PostgreSQL, an in-memory PGlite otherwise.
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';

export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
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
  const database = await openDatabase({ url: u.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}
