// Refusing to delete a group, unit or producer that something still uses (issue 35): a soft delete cannot be undone
// from the screens, so a row in use is kept and the answer says where it is used; deactivating stays possible.
import type { MessageKey } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { queryRow } from './sql.ts';

/** Where a row may be used: the message key naming the place and an `exists (…)` condition. */
export type Use = [MessageKey, SQL];

/**
 * Checks every place in one statement; when any uses the row, a 400 whose non_field_errors are `in_use` followed by
 * the keys of the places (the web joins them into one sentence).
 */
export async function refuseWhenInUse(db: Db, uses: Use[]) {
  const row = await queryRow<Record<string, boolean>>(
    db,
    sql`select ${sql.join(
      uses.map(([key, cond], i) => sql`(${cond}) as ${sql.identifier(`u${i}_${key}`)}`),
      sql`, `,
    )}`,
  );
  const places = uses.filter((_, i) => row?.[`u${i}_${uses[i][0]}`] === true).map(([key]) => key);
  if (places.length) throw new AppError(400, { non_field_errors: ['in_use', ...places] });
}

/** The places a group (department) is used. */
export const groupUses = (id: number): Use[] => [
  ['in_use_tenders', sql`exists (select 1 from tenders where group_id = ${id})`],
  ['in_use_warehouses', sql`exists (select 1 from warehouses where group_id = ${id})`],
  ['in_use_suppliers', sql`exists (select 1 from supplier_groups where group_id = ${id})`],
  [
    'in_use_users',
    sql`exists (select 1 from user_groups ug join users u on u.id = ug.user_id
      where ug.group_id = ${id} and not u.is_deleted)`,
  ],
  [
    'in_use_categories',
    sql`exists (select 1 from category_groups cg join categories c on c.id = cg.category_id
      where cg.group_id = ${id} and not c.is_deleted)`,
  ],
];

/** A worker for whom this group is the only active one: without it he could not create a tender. */
export const onlyGroupOfWorker = (id: number): Use[] => [
  [
    'only_group_of_worker',
    sql`exists (select 1 from user_groups ug join users u on u.id = ug.user_id
      where ug.group_id = ${id} and not u.is_deleted and u.is_active and u."group" <> 'SUPPLIER'
        and not exists (select 1 from user_groups o join groups g on g.id = o.group_id
          where o.user_id = u.id and o.group_id <> ${id} and g.is_active and not g.is_deleted))`,
  ],
];

/** The places a unit is used. */
export const unitUses = (id: number): Use[] => [
  ['in_use_parts', sql`exists (select 1 from parts where unit_id = ${id} and not is_deleted)`],
];

/** The places a producer is used. */
export const producerUses = (id: number): Use[] => [
  ['in_use_offers', sql`exists (select 1 from proposals where producer_id = ${id})`],
  [
    'in_use_blacklist',
    sql`exists (select 1 from blacklist_producers bp join blacklists b on b.id = bp.blacklist_id
      where bp.producer_id = ${id} and not b.is_deleted)`,
  ],
];
