// Typed raw SQL: the one place that knows how node-postgres and PGlite hand back the rows of `db.execute`, and the
// one place a transaction is given the `Db` type that services take (a transaction is used wherever a Db is).
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Runs a raw query and returns its rows typed as the caller declares them (the SQL decides their shape). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a raw query, or undefined. */
export async function queryRow<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

/** A transaction whose callback receives a `Db`, so services can be called with it unchanged. */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
