// Typed raw SQL: the one place that knows how node-postgres and PGlite hand back the rows of `db.execute`, and the
// one place a transaction is given the `Db` type that services take (a transaction is used wherever a Db is).

import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/**
 * `column = any('{1,2,…}'::int[])`: a list of ids as one parameter. drizzle's `inArray` sends one parameter per id
 * and builds each of them through its query builder, which for a tender view's 1,000 lines cost more server time
 * than PostgreSQL took to run the statements. Ids only (integers from the database or a validated query).
 */
export function inIds(column: AnyColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}

/** A transaction whose callback receives a `Db`, so services can be called with it unchanged. */
export function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * The name of a named (server-side prepared) statement for a query text: the same text gets the same name, so
 * node-postgres parses it once per connection and PostgreSQL may keep its plan instead of planning every call
 * (PGlite ignores the name). For hot queries whose planning costs more than their execution.
 */
export function statementName(text: string): string {
  // Two 32-bit FNV-1a hashes with different offsets: a name per text without a registry (a collision would make
  // node-postgres refuse the second text, not run the wrong statement).
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x0100019d);
  }
  return `q${(a >>> 0).toString(36)}${(b >>> 0).toString(36)}`;
}

const dialect = new PgDialect();

/** Distinct statement texts prepared so far (by name); past the cap, queries run unnamed (planned each time). */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 500;

/**
 * `statementName` of a text, remembered for the first MAX_PREPARED texts; undefined past the cap (the bound on what
 * every pooled connection and its PostgreSQL backend keep prepared). Used by `queryPrepared` and for every statement
 * with parameters inside a transaction on PostgreSQL (db/client.ts `nameStatementsInTransactions`).
 */
export function nameOf(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < MAX_PREPARED) {
    name = statementName(text);
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Runs a raw query on a hot path outside a transaction and returns its rows with the driver's own types: on
 * PostgreSQL as a named prepared statement (node-postgres's `{ name, text, values }`, the text and parameters built
 * by drizzle's `PgDialect.sqlToQuery`), so each pooled connection parses and plans a statement text once (then
 * PostgreSQL may keep a generic plan) instead of on every call; elsewhere (PGlite) as `db.execute`. Only for the
 * database itself, not a transaction (its connection is not the pool's).
 */
export async function queryPrepared<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as Db & { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(text);
  return (await client.query<T>(name ? { name, text, values: params } : { text, values: params })).rows;
}
