import { and, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { details, tenders, users } from '../db/schema/index.ts';
import { tenderVisibleWhere } from '../modules/tenders/access.ts';
import { tenderRowSql } from '../modules/tenders/list.ts';
import { iso } from '../modules/tenders/serialize.ts';
import { freshDatabase } from '../test/db.ts';
import { buildDetail, buildGroup, buildPart, buildUser, buildWarehouse } from '../test/factories.ts';
import { fastQuery, inIds, isIsoInstant, queryPrepared, selectRows, timestamptzIso } from './sql.ts';

const dialect = new PgDialect();
const creator = alias(users, 'creator');
const supplier = {
  id: 7,
  email: 's@example.ee',
  firstName: 'A',
  lastName: 'B',
  group: 'SUPPLIER',
  supplierId: 12,
  supplierRole: 'ADVANCED',
  isAdmin: false,
  canBlacklist: false,
  language: 'et',
  groupIds: [],
  tokenId: 1,
} as const;
const viewer = (seesCompanyOffers: boolean, supplierId: number | null) =>
  ({ user: { ...supplier, supplierId }, supplierId, seesCompanyOffers, sharingEnabled: false }) as never;

describe('fastQuery: the hot statements built as drizzle builds them', () => {
  const same: [string, SQL][] = [
    ['text, numbers, text values, null, booleans', sql`select ${1}, ${"it's"}, ${null}, ${true} from x`],
    [
      'columns, tables, an aliased table',
      sql`select ${tenders.status}, ${creator.firstName} from ${tenders} join ${creator} on true`,
    ],
    ['identifiers and raw text', sql`select ${sql.identifier('a"b')} ${sql.raw('from y')}`],
    [
      'a Date and a column encoder (timestamp)',
      sql`select 1 where ${gte(tenders.start, new Date('2026-11-26T10:00:00Z'))} and c > ${new Date(0)}`,
    ],
    [
      'operators with parameters',
      sql`select 1 where ${and(eq(tenders.id, 5), ne(tenders.status, 'DRAFT'), inArray(tenders.groupId, [1, 2, 3]))}`,
    ],
    ['a list in the template', sql`select 1 where a in ${[1, 'x', null]}`],
    [
      'a JSON value and an array value',
      sql`select ${JSON.stringify({ a: "it's" })}::jsonb, ${[1, 2]}::int[]`,
    ],
    ['ids as one parameter', sql`select 1 where ${inIds(tenders.id, [3, 4, 5])}`],
    ['an undefined piece', sql`select 1 ${undefined}`],
    [
      'the tender row of a supplier, with and without sharing',
      sql`select ${tenderRowSql(viewer(true, 12), 9)} where ${tenderVisibleWhere(supplier as never)}`,
    ],
    [
      'the tender row of a buyer',
      sql`select ${tenderRowSql(viewer(false, null), 9)} where tenders.id = ${9}`,
    ],
  ];
  for (const [what, query] of same)
    it(what, () => {
      const fast = fastQuery(query);
      expect(fast).not.toBeNull();
      const drizzle = dialect.sqlToQuery(query);
      expect(fast?.sql).toBe(drizzle.sql);
      expect(fast?.params).toEqual(drizzle.params);
    });

  it('leaves to drizzle what it does not know: placeholders, inlined parameters, subqueries, aliased fields', () => {
    expect(fastQuery(sql`select ${sql.placeholder('id')}`)).toBeNull();
    expect(fastQuery(sql`select ${eq(tenders.id, sql.placeholder('id'))}`)).toBeNull();
    expect(fastQuery(sql`select ${5}`.inlineParams())).toBeNull();
    expect(fastQuery(sql`select ${sql`${5}`.inlineParams()}`)).toBeNull();
    expect(fastQuery(sql`select ${sql`1`.as('one')}`)).toBeNull();
  });
});

/** What the API wrote before `timestamptzIso`: the driver's Date, then `toISOString()` (or the value itself). */
const viaDate = (text: string) => iso(pg.types.getTypeParser(1184, 'text')(text));

describe("timestamptzIso: the list's instants without a Date, as the Date path writes them", () => {
  it('gives the same text as parse-then-toISOString for whole seconds and every length of fraction', () => {
    const texts = [
      '2026-09-30 21:00:00+00',
      '2026-11-26 10:15:42.1+00',
      '2026-11-26 10:15:42.12+00',
      '2026-11-26 10:15:42.123+00',
      '2026-11-26 10:15:42.1234+00',
      '2026-11-26 10:15:42.12345+00',
      '2026-11-26 10:15:42.123456+00',
      '2026-02-28 23:59:59.999999+00',
      '2024-02-29 00:00:00.000001+00',
      '1000-01-01 00:00:00+00',
      '9999-12-31 23:59:59.9995+00',
    ];
    // Every fraction of three digits, and a spread of six-digit ones (the parser's float arithmetic decides the
    // millisecond; the fast path must decide it the same way).
    for (let ms = 0; ms < 1000; ms++) texts.push(`2026-03-29 01:02:03.${String(ms).padStart(3, '0')}+00`);
    for (let us = 0; us < 1_000_000; us += 997)
      texts.push(`2026-10-25 00:59:59.${String(us).padStart(6, '0')}+00`);
    for (const text of texts) {
      const fast = timestamptzIso(text);
      expect(typeof fast, text).toBe('string');
      expect(fast, text).toBe(viaDate(text));
      expect(isIsoInstant(fast as string), text).toBe(true);
      expect(iso(fast), text).toBe(fast);
    }
  });

  it('leaves to the driver what it does not write: other zones, early and BC years, infinity', () => {
    for (const text of [
      '2026-11-26 12:15:42.5+02',
      '2026-11-26 12:15:42+05:30',
      '0999-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      'infinity',
      '-infinity',
    ]) {
      const fast = timestamptzIso(text);
      expect(typeof fast, text).not.toBe('string');
      expect(iso(fast), text).toBe(viaDate(text));
    }
  });

  it('passes through only the exact shape of an ISO instant', () => {
    expect(isIsoInstant('2026-11-26T10:15:42.123Z')).toBe(true);
    for (const v of [
      '2026-11-26T10:15:42Z',
      '2026-11-26 10:15:42.123Z',
      '2026-11-26T10:15:42.123+',
      '+012026-11-26T10:15:42.123Z',
    ])
      expect(isIsoInstant(v), v).toBe(false);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('queryPrepared with isoTimes on PostgreSQL', () => {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle({ client: pool }) as unknown as Db;
  afterAll(() => pool.end());

  it('reads timestamptz as the ISO text the Date path gives, in a UTC session and in Tallinn', async () => {
    const q = sql`select ts, ts::text as text from (values
        ('2026-11-26 10:15:42.123456+00'::timestamptz), ('2026-03-29 00:59:59.9999+00'::timestamptz),
        ('2026-10-25 01:00:00+00'::timestamptz), (null::timestamptz), ('infinity'::timestamptz)) v(ts)`;
    for (const zone of ['UTC', 'Europe/Tallinn']) {
      await pool.query(`set timezone = '${zone}'`);
      const asDates = await queryPrepared<{ ts: unknown }>(db, q);
      const asText = await queryPrepared<{ ts: unknown; text: string }>(db, q, { isoTimes: true });
      expect(
        asText.map((r) => (r.ts == null ? null : iso(r.ts))),
        zone,
      ).toEqual(asDates.map((r) => (r.ts == null ? null : iso(r.ts))));
      // In UTC the fast path gave strings; elsewhere the driver's Dates, through its parser.
      expect(typeof asText[0].ts, zone).toBe(zone === 'UTC' ? 'string' : 'object');
      expect(iso(asText[0].ts), zone).toBe('2026-11-26T10:15:42.123Z');
      expect(asDates[0].ts, zone).toBeInstanceOf(Date);
    }
    await pool.query('reset timezone');
  });
});

describe('selectRows: the rows drizzle gives, with the decoders worked out once', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: Db;
  let tenderId: number;
  beforeAll(async () => {
    database = await freshDatabase();
    db = database.db;
    const g = await buildGroup(db);
    const w = await buildWarehouse(db, { groupId: g.id });
    const u = await buildUser(db, { group: 'CONTRACTOR', groupIds: [g.id] });
    const [t] = await db
      .insert(tenders)
      .values({
        tenderCode: 'T-SELECT-1',
        start: new Date('2026-11-26T08:00:00.123Z'),
        finish: new Date('2026-12-01T14:00:00Z'),
        status: 'DRAFT',
        warehouseId: w.id,
        groupId: g.id,
        creatorId: u.id,
      })
      .returning();
    tenderId = t.id;
    const part = await buildPart(db);
    await buildDetail(db, { partId: part.id, warehouseId: w.id, tenderId, replenishmentQty: '2.5000' });
    await buildDetail(db, { partId: part.id, warehouseId: w.id, tenderId, replenishmentQty: '10' });
  });
  afterAll(() => database?.close());

  it('decodes timestamps, numerics, expressions with their own decoder and left-joined nulls as drizzle does', async () => {
    const query = () =>
      db
        .select({
          id: details.id,
          qty: details.replenishmentQty,
          start: tenders.start,
          code: tenders.tenderCode,
          approver: creator.lastName,
          lines: sql<number>`(select count(*) from details d where d.tender_id = ${tenders.id})`.mapWith(
            Number,
          ),
          twice: sql<string>`(${details.replenishmentQty} * 2)::text`.as('twice'),
        })
        .from(details)
        .innerJoin(tenders, eq(tenders.id, details.tenderId))
        .leftJoin(creator, eq(creator.id, tenders.approverId))
        .where(eq(details.tenderId, tenderId))
        .orderBy(details.id);
    const rows = await selectRows(db, query());
    expect(rows).toEqual(await query());
    expect(rows.map((r) => r.qty)).toEqual(['2.5000', '10.0000']);
    expect(rows[0].start).toEqual(new Date('2026-11-26T08:00:00.123Z'));
    expect(rows[0].lines).toBe(2);
    expect(rows[1].twice).toBe('20.0000');
    expect(rows[0].approver).toBeNull();
  });

  it('leaves a select with nested fields to drizzle, with the same answer', async () => {
    const query = () =>
      db
        .select({ id: tenders.id, times: { start: tenders.start, finish: tenders.finish } })
        .from(tenders)
        .where(eq(tenders.id, tenderId));
    const rows = await selectRows(db, query());
    expect(rows).toEqual([
      {
        id: tenderId,
        times: { start: new Date('2026-11-26T08:00:00.123Z'), finish: new Date('2026-12-01T14:00:00Z') },
      },
    ]);
  });
});
