// Transactions on PostgreSQL with fewer round trips: the pool's connections are in node-postgres's pipeline mode
// (a statement is written to the connection without waiting for the answer to the one before; PostgreSQL still runs
// them one after another, in order), so `begin` travels with the transaction's first statement, and a transaction
// that knows its last statement sends `commit` right behind it (`queryThenCommit`). A request's statements are
// still awaited one by one; only begin and commit stop costing a round trip of their own.

import { createRequire } from 'node:module';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

type Tx = NodePgTransaction<Record<string, never>, Record<string, never>>;

// node-postgres's own conversion of a parameter to its text form (the form it sends in Bind).
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue(value: unknown): string | Buffer | null;
};

type Config = pg.QueryConfig & { rowMode?: 'array'; types?: unknown };

/** `pg.escapeLiteral` (which walks the text character by character in JavaScript): a text without a quote or a
 * backslash, as most parameters are, is only quoted. */
const literal = (text: string) =>
  text.includes("'") || text.includes('\\') ? pg.escapeLiteral(text) : `'${text}'`;

/**
 * The connection of one transaction. Its session's statements come here: the first one takes `begin` along, and
 * `thenCommit` takes `commit` along. A named statement this connection has already prepared travels in the same
 * message as them (the simple protocol's `begin; execute q(…)`, one answer for both); any other statement is
 * written right behind them (pipeline mode), which saves the wait but not PostgreSQL's separate answer.
 */
class TxConnection {
  readonly client: pg.PoolClient;
  private beginSql: string | null;
  /** Whether begin has been sent: if not, the callback ran no statement and there is nothing to end. */
  began = false;
  begin?: Promise<unknown>;
  commit?: Promise<unknown>;

  constructor(client: pg.PoolClient, beginSql: string) {
    this.client = client;
    this.beginSql = beginSql;
  }

  /** `execute "name"(…)` for a named statement already prepared on this connection, else null. */
  private asExecute(config: Config, values: unknown[] | undefined): string | null {
    const parsed = (this.client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
      .connection?.parsedStatements;
    if (!config.name || parsed?.[config.name] !== config.text) return null;
    const literals: string[] = [];
    for (const v of values ?? []) {
      const text = v == null ? null : prepareValue(v);
      if (Buffer.isBuffer(text)) return null;
      literals.push(text == null ? 'null' : literal(text));
    }
    return `execute ${pg.escapeIdentifier(config.name)}${literals.length ? `(${literals.join(', ')})` : ''}`;
  }

  /** Several statements in one simple-protocol message; resolves with the result of the one at `index`. */
  private script(config: Config, statements: string[], index: number): Promise<pg.QueryResult> {
    return this.client
      .query({ text: statements.join('; '), rowMode: config.rowMode, types: config.types } as pg.QueryConfig)
      .then((results) => (results as unknown as pg.QueryResult[])[index]);
  }

  /** `[begin]` before the transaction's first statement, `[]` after; refuses a statement after the commit. */
  private takeBegin(): string[] {
    // It would run on its own, outside the transaction, once the commit is sent.
    if (this.commit) throw new Error('a statement after the transaction was committed');
    if (!this.beginSql) return [];
    const sql = this.beginSql;
    this.beginSql = null;
    this.began = true;
    return [sql];
  }

  /** Writes `begin` on its own, the statement right behind it. Its failure (a lost connection) fails that statement
   * too, and is awaited before any commit. */
  private writeBegin(head: string[]) {
    if (!head.length) return;
    this.begin = this.client.query(head[0]);
    this.begin.catch(() => {});
  }

  query(config: Config, values?: unknown[]): Promise<pg.QueryResult> {
    const head = this.takeBegin();
    const execute = head.length ? this.asExecute(config, values) : null;
    if (execute) return this.script(config, [...head, execute], 1);
    this.writeBegin(head);
    return this.client.query(config, values);
  }

  thenCommit(config: Config, values: unknown[]): Promise<pg.QueryResult> {
    const head = this.takeBegin();
    const execute = this.asExecute(config, values);
    if (execute) {
      const result = this.script(config, [...head, execute, 'commit'], head.length);
      this.commit = result;
      return result;
    }
    this.writeBegin(head);
    const result = this.client.query(config, values);
    // If the statement fails, PostgreSQL answers this commit with a rollback.
    this.commit = this.client.query('commit');
    this.commit.catch(() => {});
    return result;
  }
}

/** The connection of each open pipelined transaction. */
const open = new WeakMap<object, TxConnection>();

const transactionConfig = (config: PgTransactionConfig | undefined) =>
  [
    'begin',
    config?.isolationLevel && `isolation level ${config.isolationLevel}`,
    config?.accessMode,
    config?.deferrable === undefined ? undefined : config.deferrable ? 'deferrable' : 'not deferrable',
  ]
    .filter(Boolean)
    .join(' ');

class PipelinedSession extends NodePgSession<Record<string, never>, Record<string, never>> {
  private readonly pool: pg.Pool;
  private readonly pgDialect: PgDialect;

  constructor(pool: pg.Pool, dialect: PgDialect) {
    super(pool, dialect, undefined);
    this.pool = pool;
    this.pgDialect = dialect;
  }

  override async transaction<T>(fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
    const client = await this.pool.connect();
    const conn = new TxConnection(client, transactionConfig(config));
    // The session sees the connection's query only, so every statement of the transaction passes through it.
    const tx = new NodePgTransaction(
      this.pgDialect,
      new NodePgSession(conn as unknown as pg.PoolClient, this.pgDialect, undefined),
      undefined,
    ) as Tx;
    open.set(tx, conn);
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      if (conn.began) {
        await conn.begin;
        await (conn.commit ?? client.query('commit'));
      }
      return result;
    } catch (error) {
      // After a statement that failed with a commit behind it, PostgreSQL has already rolled back and this only
      // warns that no transaction is open.
      if (conn.began)
        await client.query('rollback').catch((e: Error) => {
          broken = e;
        });
      throw error;
    } finally {
      open.delete(tx);
      client.release(broken);
    }
  }
}

/** A Drizzle database on a node-postgres pool whose transactions pipeline begin and commit. */
export function pipelinedDatabase(
  pool: pg.Pool,
): NodePgDatabase<Record<string, never>> & { $client: pg.Pool } {
  const dialect = new PgDialect();
  const db = new NodePgDatabase(dialect, new PipelinedSession(pool, dialect), undefined) as NodePgDatabase<
    Record<string, never>
  > & { $client: pg.Pool };
  db.$client = pool;
  return db;
}

/**
 * In a pipelined transaction: sends the statement with `commit` behind it (in one message once the connection has
 * prepared it) and returns its rows (with Drizzle's raw types: timestamps and dates as PostgreSQL's text). The
 * transaction then ends with that commit; if the statement fails, nothing is committed. Null outside a pipelined
 * transaction (PGlite), where the caller runs the statement as usual.
 */
export function queryThenCommit<T>(
  tx: unknown,
  built: { sql: string; params: unknown[] },
  config: pg.QueryConfig,
): Promise<T[]> | null {
  const conn = open.get(tx as object);
  if (!conn) return null;
  return conn.thenCommit(config, built.params).then((r) => r.rows as T[]);
}
