// The raw-query helpers against the database the suite runs on (PGlite, or PostgreSQL with DATABASE_URL).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { tenders } from '../db/schema/index.ts';
import { freshDatabase } from '../test/db.ts';
import { inIds, queryPrepared, queryRow, queryRows, statementName, transaction } from './sql.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
});
afterAll(() => database?.close());

describe('raw queries', () => {
  it('queryRows and queryRow give the rows with the driver types', async () => {
    const q = sql`select x::int as n, '2026-11-26 10:15:42.123+00'::timestamptz as ts from generate_series(1, 3) x`;
    const rows = await queryRows<{ n: number; ts: Date }>(db, q);
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(new Date(rows[0].ts).toISOString()).toBe('2026-11-26T10:15:42.123Z');
    expect(await queryRow<{ n: number }>(db, sql`select 7::int as n`)).toEqual({ n: 7 });
    expect(await queryRow(db, sql`select 1 where false`)).toBeUndefined();
  });

  it('queryPrepared gives the same rows as db.execute, also when the same text runs again', async () => {
    const q = (id: number) => sql`select x::int as n, ${id}::int as id from generate_series(1, 2) x`;
    for (const id of [1, 2, 1]) {
      const rows = await queryPrepared<{ n: number; id: number }>(db, q(id));
      expect(rows).toEqual(await queryRows(db, q(id)));
      expect(rows[0].id).toBe(id);
    }
  });

  it('inIds matches a list of ids as one parameter, the empty list matching nothing', async () => {
    const q = (ids: number[]) =>
      sql`select x::int as n from generate_series(1, 5) x where ${inIds(sql`x`, ids)} order by x`;
    expect((await queryRows<{ n: number }>(db, q([2, 4, 9]))).map((r) => r.n)).toEqual([2, 4]);
    expect(await queryRows(db, q([]))).toEqual([]);
    expect(sql`${inIds(tenders.id, [3])}`).toBeDefined();
  });

  it('transaction rolls back everything when its callback throws', async () => {
    await db.execute(sql`create table sql_test_t (n int)`);
    await expect(
      transaction(db, async (tx) => {
        await tx.execute(sql`insert into sql_test_t values (1)`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await transaction(db, (tx) => tx.execute(sql`insert into sql_test_t values (2)`));
    expect(await queryRows(db, sql`select n from sql_test_t`)).toEqual([{ n: 2 }]);
  });
});

describe.runIf(process.env.DATABASE_URL)('statements in a transaction on PostgreSQL', () => {
  it('are prepared once on the connection and give each call its own parameters', async () => {
    const probe = (v: number) => sql`select ${v}::int + 1 as n, 'tx-probe' as tag`;
    await transaction(db, async (tx) => {
      // more runs than PostgreSQL's five custom plans before it may keep a generic one
      for (const v of [1, 2, 3, 4, 5, 6, 7, 8])
        expect(await queryRow(tx, probe(v))).toEqual({ n: v + 1, tag: 'tx-probe' });
      const prepared = await queryRows<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements
            where statement like ${'%tx-probe%'} and statement not like ${'%pg_prepared_statements%'}`,
      );
      expect(prepared).toHaveLength(1);
    });
  });
});

describe('statementName', () => {
  it('names the same text the same way and different texts differently', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 1')).not.toBe(statementName('select 2'));
    expect(statementName('select 1')).toMatch(/^q[0-9a-z]+$/);
  });
});
