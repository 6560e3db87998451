// Transactions on PostgreSQL's pipelined pool (db/pipelined.ts): begin and commit travel with a transaction's
// statements, a prepared statement as `execute "q…"(literals)` in the same message. What a user would notice if it
// went wrong: a value stored differently from what was sent, a failed offer half written, a connection left broken.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, queryRowsNamed, queryRowsNamedThenCommit } from '../lib/sql.ts';
import type { Db } from './client.ts';
import { pipelinedDatabase } from './pipelined.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('pipelined transactions on PostgreSQL', () => {
  // One connection, so that a statement prepared by one transaction is prepared for the next.
  const pool = new pg.Pool({ connectionString: url, max: 1, pipeline: true });
  const db = pipelinedDatabase(pool) as unknown as Db;
  const admin = new pg.Client({ connectionString: url });
  let pid = 0;

  beforeAll(async () => {
    await admin.connect();
    const { rows } = await pool.query('select pg_backend_pid() as pid');
    pid = rows[0].pid;
    await pool.query(
      'create temp table pipelined_t (id int primary key, s text, n numeric, at timestamptz, a int[], j jsonb)',
    );
  });
  afterAll(async () => {
    await pool.end();
    await admin.end();
  });

  const lastStatement = async () =>
    (await admin.query('select query from pg_stat_activity where pid = $1', [pid])).rows[0].query as string;
  const insert = (v: { id: number; s: string | null; n: string; at: Date; a: string; j: string }) =>
    sql`insert into pipelined_t (id, s, n, at, a, j) values (${v.id}, ${v.s}, ${v.n}, ${v.at}, ${v.a}::int[], ${v.j}::jsonb)
      returning id, s, n::text as n, at, a::text as a, j::text as j`;
  const awkward = [
    `it's`,
    'back\\slash \\x00',
    '$1 and $$ and $q$',
    'õäöüšž ünicode 😀',
    '',
    'line\nbreak\ttab',
    null,
  ];
  const value = (id: number, s: string | null) => ({
    id,
    s,
    n: '12.3400',
    at: new Date('2026-11-26T10:15:30.123Z'),
    a: '{1,2,3}',
    j: JSON.stringify({ quote: `it's`, slash: '\\', s }),
  });

  it('stores every value as sent, the first time (pipelined) and once prepared (in one message)', async () => {
    for (const [round, id0] of [
      [1, 100],
      [2, 200],
    ] as const) {
      for (const [k, s] of awkward.entries()) {
        const v = value(id0 + k, s);
        const [row] = await db.transaction((tx) =>
          queryRowsNamedThenCommit<Record<string, unknown>>(tx, insert(v)),
        );
        expect(row.s, `round ${round}`).toBe(s);
        expect(row.n).toBe('12.3400');
        expect(new Date(String(row.at)).toISOString()).toBe(v.at.toISOString());
        expect(row.a).toBe('{1,2,3}');
        expect(JSON.parse(String(row.j))).toEqual(JSON.parse(v.j));
      }
      if (round === 2) expect(await lastStatement()).toMatch(/^begin; execute "q[0-9a-z]+"\(.*\); commit$/s);
    }
    const { rows } = await pool.query('select count(*)::int as n from pipelined_t');
    expect(rows[0].n).toBe(awkward.length * 2);
  });

  it('reads in the same message as begin once the statement is prepared, and commits after', async () => {
    const read = sql`select s from pipelined_t where id = ${100}`;
    for (let i = 0; i < 2; i++) {
      const got = await db.transaction(async (tx) => {
        const [r] = await queryRowsNamed<{ s: string }>(tx, read);
        await tx.execute(sql`update pipelined_t set n = n + 1 where id = ${100}`);
        return r.s;
      });
      expect(got).toBe(`it's`);
    }
    const { rows } = await pool.query('select n::text as n from pipelined_t where id = 100');
    expect(rows[0].n).toBe('14.3400');
  });

  it('writes nothing when the last statement fails, and the connection goes on working', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update pipelined_t set s = 'changed' where id = ${101}`);
        return queryRowsNamedThenCommit(tx, insert(value(100, 'duplicate id')));
      }),
    ).rejects.toThrow();
    const { rows } = await pool.query('select s from pipelined_t where id = 101');
    expect(rows[0].s).toBe('back\\slash \\x00');
    expect(await db.transaction((tx) => queryRows<{ one: number }>(tx, sql`select 1 as one`))).toEqual([
      { one: 1 },
    ]);
  });

  it('refuses a statement after the commit was sent, instead of running it outside the transaction', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await queryRowsNamedThenCommit(tx, insert(value(400, 'committed')));
        await tx.execute(sql`update pipelined_t set s = 'outside' where id = ${400}`);
      })
      .then(
        () => null,
        (e: Error) => e,
      );
    // Drizzle reports the statement it could not run, with the refusal as the cause.
    expect((failure?.cause as Error | undefined)?.message).toBe(
      'a statement after the transaction was committed',
    );
    const { rows } = await pool.query('select s from pipelined_t where id = 400');
    expect(rows).toEqual([{ s: 'committed' }]);
  });

  it('rolls back when the callback fails after its statements', async () => {
    await expect(
      db.transaction(async (tx) => {
        await queryRowsNamed(tx, insert(value(300, 'rolled back')));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    const { rows } = await pool.query('select count(*)::int as n from pipelined_t where id = 300');
    expect(rows[0].n).toBe(0);
  });
});
