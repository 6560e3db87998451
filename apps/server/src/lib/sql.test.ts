import { and, eq, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { tenders, users } from '../db/schema/index.ts';
import { tenderVisibleWhere } from '../modules/tenders/access.ts';
import { tenderRowSql } from '../modules/tenders/list.ts';
import { fastQuery, inIds } from './sql.ts';

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
