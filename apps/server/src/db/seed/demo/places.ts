// The demo data set, groups and warehouses.

import { defined } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import * as s from '../../schema/index.ts';
import type { SeedContext } from './context.ts';

export async function seedPlaces(c: SeedContext) {
  const { db } = c;
  // ---- groups and warehouses ----
  await db
    .insert(s.groups)
    .values([{ name: 'Bussid' }, { name: 'Trammid' }])
    .onConflictDoNothing();
  const groupRows = await db
    .select()
    .from(s.groups)
    .where(sql`lower(${s.groups.name}) in ('bussid', 'trammid') and not ${s.groups.isDeleted}`);
  const groupId = (name: string) =>
    defined(
      groupRows.find((g) => g.name.toLowerCase() === name.toLowerCase()),
      `group ${name}`,
    ).id;
  const BUS = groupId('Bussid');
  const TRAM = groupId('Trammid');

  const WAREHOUSES = [
    {
      code: 'B01',
      name: 'Kadaka bussidepoo',
      address: 'Kadaka tee 62, 12618 Tallinn',
      groupId: BUS,
      description: 'Lääne-Tallinna liinide hooldus',
    },
    {
      code: 'B02',
      name: 'Lasnamäe bussidepoo',
      address: 'Punane 72, 13619 Tallinn',
      groupId: BUS,
      description: 'Ida-Tallinna liinide hooldus',
    },
    {
      code: 'B03',
      name: 'Mustamäe varuosaladu',
      address: 'Akadeemia tee 21, 12618 Tallinn',
      groupId: BUS,
      description: 'Bussivaruosade keskladu',
    },
    {
      code: 'T01',
      name: 'Kopli trammidepoo',
      address: 'Kopli 60, 10412 Tallinn',
      groupId: TRAM,
      description: 'Liinid 1 ja 2',
    },
    {
      code: 'T02',
      name: 'Kadrioru trammidepoo',
      address: 'Vase 10, 10125 Tallinn',
      groupId: TRAM,
      description: 'Liinid 3, 4 ja 5',
    },
  ];
  await db.insert(s.warehouses).values(WAREHOUSES).onConflictDoNothing();
  const whRows = await db
    .select()
    .from(s.warehouses)
    .where(
      inArray(
        s.warehouses.code,
        WAREHOUSES.map((w) => w.code),
      ),
    );
  const whByGroup = (g: number) => whRows.filter((w) => w.groupId === g);
  return { BUS, TRAM, whByGroup };
}
export type Places = Awaited<ReturnType<typeof seedPlaces>>;
