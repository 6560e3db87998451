// Typed raw SQL: the one place that knows how node-postgres and PGlite hand back the rows of `db.execute`, and the
// one place a transaction is given the `Db` type that services take (a transaction is used wherever a Db is).

import { isDeepStrictEqual } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { type AnyColumn, Column, Name, Param, SQL, StringChunk, sql, Table } from 'drizzle-orm';
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

/** drizzle's mark of an aliased table (`alias(users, 'creator')`), whose columns are named by the alias alone. */
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
/** drizzle's symbols for a table's name and schema (`Table.Symbol`, not in its types). */
const TABLE = (Table as unknown as { Symbol: { Name: symbol; Schema: symbol } }).Symbol;
const casing = (dialect as unknown as { casing: { getColumnCasing(column: Column): string } }).casing;
/** Whether drizzle inlines the parameters of a query (`sql.inlineParams()`, private in its types). */
const inlines = (query: SQL) => (query as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
/** drizzle's test for a wrapper of SQL (placeholders, subqueries, views, aliased fields have `getSQL`). */
const wrapsSql = (value: unknown) =>
  value !== null && typeof value === 'object' && typeof (value as { getSQL?: unknown }).getSQL === 'function';
const quoteName = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A table as drizzle names it: by its alias alone, else with its schema when it has one. */
function tableName(table: Table): string {
  const t = table as unknown as Record<symbol, unknown>;
  const name = quoteName(t[TABLE.Name] as string);
  const schema = t[TABLE.Schema] as string | undefined;
  return schema === undefined || t[IS_ALIAS] ? name : `${quoteName(schema)}.${name}`;
}

/**
 * The text and parameters of a query, as drizzle's `PgDialect.sqlToQuery` builds them, for the kinds of pieces the
 * hot statements are made of: text, nested queries, parameters, columns, tables, identifiers and lists. drizzle
 * tells each piece's kind by walking its class chain against up to a dozen kinds, which on the tender list cost
 * about a seventh of the server's time per page; `instanceof` on these few kinds costs a fraction of that. Null
 * for anything else (placeholders, subqueries, views, aliased fields, inlined parameters, enums, other wrappers of
 * SQL), which drizzle then builds itself. Under vitest every query is built both ways and must come out the same.
 */
export function fastQuery(query: SQL): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof SQL) {
        if (inlines(chunk) || !walk(chunk.queryChunks)) return false;
      } else if (chunk instanceof Param) {
        if (wrapsSql(chunk.value)) return false; // a placeholder
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) return false;
        params.push(value);
        text += `$${params.length}`;
      } else if (chunk instanceof Column)
        text += `${tableName(chunk.table)}.${quoteName(casing.getColumnCasing(chunk))}`;
      else if (chunk instanceof Table) text += tableName(chunk);
      else if (chunk instanceof Name) text += quoteName(chunk.value);
      else if (chunk === undefined) continue;
      else if (Array.isArray(chunk)) {
        text += '(';
        for (let i = 0; i < chunk.length; i++) {
          if (i > 0) text += ', ';
          if (!walk([chunk[i]])) return false;
        }
        text += ')';
      } else if (typeof chunk !== 'function' && !wrapsSql(chunk)) {
        // a value: drizzle makes it a parameter unless it is a wrapper of SQL (getSQL) or an enum (a function)
        params.push(chunk);
        text += `$${params.length}`;
      } else return false;
    }
    return true;
  };
  return !inlines(query) && walk(query.queryChunks) ? { sql: text, params } : null;
}

const checkFastQuery = !!process.env.VITEST;

/** A query's text and parameters (`fastQuery`, else drizzle's own build). */
export function buildQuery(query: SQL): { sql: string; params: unknown[] } {
  const fast = fastQuery(query);
  if (!checkFastQuery) return fast ?? dialect.sqlToQuery(query);
  const built = dialect.sqlToQuery(query);
  if (fast && (fast.sql !== built.sql || !isDeepStrictEqual(fast.params, built.params)))
    throw new Error(`buildQuery differs from drizzle's:\n${fast.sql}\n${built.sql}`);
  return built;
}

/** Distinct statement texts prepared so far (by name); past the cap, queries run unnamed (planned each time). */
const preparedNames = new Map<string, string>();
const MAX_PREPARED = 500;

/** `statementName` of a text, remembered for the first MAX_PREPARED texts (a map lookup costs less than the hash
 * of a statement of a few thousand characters); undefined past the cap. */
function nameOf(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (!name && preparedNames.size < MAX_PREPARED) {
    name = statementName(text);
    preparedNames.set(text, name);
  }
  return name;
}

/** A query as a named statement (see `statementName`) of the session of `db`, and its built text and parameters. */
function named(db: Db, query: SQL) {
  const built = buildQuery(query);
  return { built, prepared: db._.session.prepareQuery(built, undefined, nameOf(built.sql), false) };
}

/** Like `queryRows`, as a named statement (see `statementName`). */
export async function queryRowsNamed<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await named(db, query).prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;
const DASH = 45;
const COLON = 58;
const DOT = 46;

/**
 * PostgreSQL's text of a `timestamptz` as `Date#toISOString()` writes it (`2026-09-30T21:00:00.123Z`), without a
 * Date: for a session in UTC (the database's default here, and the text then ends in `+00`) and a year of four
 * digits, only the characters move. Anything else (another zone's offset, a year before 1000 or after 9999, BC,
 * ±infinity) goes through the driver's own parser and comes back as it would have: a Date, or a number for infinity.
 * The milliseconds are truncated from the microseconds as that parser does (`1000 × 0.xxxxxx`, then the Date drops
 * the fraction), so both paths give the same instant to the millisecond (lib/sql.test.ts compares them).
 */
export function timestamptzIso(text: string): unknown {
  const n = text.length;
  if (
    n >= 22 &&
    n <= 29 &&
    n !== 23 &&
    text.charCodeAt(n - 3) === 43 && // +
    text.charCodeAt(n - 2) === 48 && // 0
    text.charCodeAt(n - 1) === 48 && // 0
    text.charCodeAt(0) !== 48 && // year ≥ 1000
    text.charCodeAt(4) === DASH &&
    text.charCodeAt(7) === DASH &&
    text.charCodeAt(10) === 32 &&
    text.charCodeAt(13) === COLON &&
    text.charCodeAt(16) === COLON &&
    (n === 22 || text.charCodeAt(19) === DOT)
  ) {
    const ms = n === 22 ? 0 : Math.trunc(1000 * Number.parseFloat(text.slice(19, n - 3)));
    const mss = ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : `${ms}`;
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${mss}Z`;
  }
  return parseTimestamptz(text);
}

/** Whether a string has the shape `Date#toISOString()` gives a year of four digits (what `timestamptzIso` returns). */
export function isIsoInstant(v: string): boolean {
  return (
    v.length === 24 &&
    v.charCodeAt(23) === 90 && // Z
    v.charCodeAt(10) === 84 && // T
    v.charCodeAt(4) === DASH &&
    v.charCodeAt(7) === DASH &&
    v.charCodeAt(13) === COLON &&
    v.charCodeAt(16) === COLON &&
    v.charCodeAt(19) === DOT
  );
}

/** The driver's parsers, but `timestamptz` as an ISO string (`timestamptzIso`). */
const isoTimeTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? timestamptzIso
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * Runs a raw query on a hot path outside a transaction and returns its rows with the driver's own types (timestamps as Date, int as
 * number, json parsed): on PostgreSQL as a named prepared statement, so each pooled connection parses and plans a
 * statement text once (then PostgreSQL may keep a generic plan) instead of on every call; on PGlite directly on its
 * client. Only for the database itself, not a transaction (its connection is not the pool's).
 *
 * `isoTimes`: on PostgreSQL, `timestamptz` columns come as ISO strings (`timestamptzIso`) rather than Dates, for rows
 * that are only written out as JSON; PGlite still gives Dates, so the caller must take both (`Date | string`).
 */
export async function queryPrepared<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
  opts: { isoTimes?: boolean } = {},
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  const { sql: text, params } = buildQuery(query);
  if (client instanceof pg.Pool) {
    const name = nameOf(text);
    const types = opts.isoTimes ? isoTimeTypes : undefined;
    return (
      await client.query<T>(name ? { name, text, values: params, types } : { text, values: params, types })
    ).rows;
  }
  if (client instanceof PGlite) return (await client.query<T>(text, params)).rows;
  return queryRows<T>(db, query);
}

/** A drizzle select as `selectRows` takes it: its statement, and the fields it selects by name. */
type SelectQuery<T> = PromiseLike<T[]> & { getSQL(): SQL; _: { selectedFields: Record<string, unknown> } };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
const identity = (Column.prototype as unknown as Decoder).mapFromDriverValue;

/**
 * The decoder of each selected field (null where the driver's value is kept as it is), or null when a field is not
 * a column or an expression (a nested object, a subquery): those selects are left to drizzle.
 */
function decodersOf(fields: Record<string, unknown>): (Decoder | null)[] | null {
  const out: (Decoder | null)[] = [];
  for (const name in fields) {
    const f = fields[name];
    const d =
      f instanceof Column
        ? (f as unknown as Decoder)
        : f instanceof SQL
          ? (f as unknown as { decoder: Decoder }).decoder
          : f instanceof SQL.Aliased
            ? (f.sql as unknown as { decoder: Decoder }).decoder
            : null;
    if (!d) return null;
    out.push(d.mapFromDriverValue === identity ? null : d);
  }
  return out;
}

type RowMapper = (rows: unknown[][], decoders: (Decoder | null)[]) => Record<string, unknown>[];
const rowMappers = new Map<string, RowMapper>();

/**
 * A function that turns the driver's rows (arrays) into objects with the given keys, each value through its decoder
 * where it has one: one object literal per row, so every row object has the same shape from the start (built per set
 * of keys and decoded fields, and kept).
 */
function rowMapper(names: string[], decoders: (Decoder | null)[]): RowMapper {
  const key = `${names.join('\u0000')}\u0001${decoders.map((d) => (d ? 1 : 0)).join('')}`;
  let mapper = rowMappers.get(key);
  if (!mapper) {
    const props = names.map((name, i) => {
      const v = `row[${i}]`;
      return `${JSON.stringify(name)}: ${decoders[i] ? `${v} === null ? null : d[${i}].mapFromDriverValue(${v})` : v}`;
    });
    mapper = new Function(
      'rows',
      'd',
      `const out = new Array(rows.length);
      for (let r = 0; r < rows.length; r++) { const row = rows[r]; out[r] = { ${props.join(', ')} }; }
      return out;`,
    ) as RowMapper;
    rowMappers.set(key, mapper);
  }
  return mapper;
}

const checkSelectRows = !!process.env.VITEST;

/**
 * Runs a drizzle select of plain fields and returns the same rows drizzle would, with each field's decoder worked
 * out once for the statement: drizzle finds it again for every field of every row by walking the field's class
 * chain (`is`), which for a tender view's 1,000 lines and 3,000 offer lines cost about a quarter of the answer's
 * server time. Other selects (nested objects, subqueries as fields) run as drizzle runs them. Under vitest every
 * select also runs through drizzle and must come out the same.
 */
export async function selectRows<T>(db: Db, query: SelectQuery<T>): Promise<T[]> {
  const fields = query._.selectedFields;
  const decoders = decodersOf(fields);
  if (!decoders) return query;
  const built = buildQuery(query.getSQL());
  const map = rowMapper(Object.keys(fields), decoders);
  const rows = (await db._.session
    .prepareQuery(built, undefined, undefined, true, (rows: unknown[][]) => map(rows, decoders))
    .execute()) as T[];
  if (checkSelectRows) {
    const theirs = await query;
    if (!isDeepStrictEqual(rows, theirs))
      throw new Error(`selectRows differs from drizzle's for:\n${built.sql}`);
  }
  return rows;
}
