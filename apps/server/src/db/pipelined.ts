// Transactions on PostgreSQL with fewer round trips: the pool's connections are in node-postgres's pipeline mode
// (a statement is written to the connection without waiting for the answer to the one before; PostgreSQL still runs
// them one after another, in order), so `begin` travels with the transaction's first statement, and a transaction
// that knows its last statement sends `commit` right behind it (`queryThenCommit`). A request's statements are
// still awaited one by one; only begin and commit stop costing a round trip of their own.
import type { SQL } from 'drizzle-orm';
import { NodePgDatabase, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type Tx = NodePgTransaction<Record<string, never>, Record<string, never>>;

/** The connection of each open pipelined transaction, and its commit once `queryThenCommit` has sent it. */
const open = new WeakMap<object, { client: pg.PoolClient; commit?: Promise<unknown> }>();

const transactionConfig = (config: PgTransactionConfig | undefined) =>
  [
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
    const tx = new NodePgTransaction(
      this.pgDialect,
      new NodePgSession(client, this.pgDialect, undefined),
      undefined,
    ) as Tx;
    const state: { client: pg.PoolClient; commit?: Promise<unknown> } = { client };
    open.set(tx, state);
    // Written now; the callback's first statement follows it on the wire before its answer is back. Its failure
    // (a lost connection) fails that statement too, and is awaited before any commit.
    const begin = client.query(`begin ${transactionConfig(config)}`);
    begin.catch(() => {});
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      await begin;
      await (state.commit ?? client.query('commit'));
      return result;
    } catch (error) {
      // After a statement that failed behind a sent commit, PostgreSQL has already rolled back and this only
      // warns that no transaction is open.
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
 * In a pipelined transaction: writes the statement and `commit` behind it in one round trip, and returns the
 * statement's rows (with Drizzle's raw types: timestamps and dates as PostgreSQL's text). The transaction then ends
 * with that commit; if the statement fails, PostgreSQL answers the commit with a rollback. Null outside a pipelined
 * transaction (PGlite), where the caller runs the statement as usual.
 */
export function queryThenCommit<T>(
  tx: unknown,
  built: { sql: string; params: unknown[] },
  config: pg.QueryConfig,
): Promise<T[]> | null {
  const state = open.get(tx as object);
  if (!state || state.commit) return null;
  const rows = state.client.query(config, built.params).then((r) => r.rows as T[]);
  state.commit = state.client.query('commit');
  state.commit.catch(() => {});
  return rows;
}
