// The demo data set, suppliers with their groups and categories, and the demo accounts.

import { defined } from '@portal/shared';
import { inArray, sql } from 'drizzle-orm';
import * as s from '../../schema/index.ts';
import { CATEGORY_TREE } from '../catalogue.ts';
import type { Catalogue } from './catalogue.ts';
import { personalCode, type SeedContext } from './context.ts';
import type { Places } from './places.ts';

type UserKey =
  | 'admin'
  | 'contractor'
  | 'master'
  | 'supplier'
  | 'employee'
  | 'employee2'
  | 'supplier2'
  | 'supplier3'
  | 'pending';

export async function seedPeople(c: SeedContext & Places & Catalogue, passwordHash: string) {
  const { db, past, BUS, TRAM, categoryId, categoryGroupRows } = c;
  // ---- suppliers and their groups ----
  const SUPPLIERS = [
    {
      name: 'Demo Parts OÜ',
      registrationCode: '14781234',
      email: 'info@demoparts.ee',
      address: 'Peterburi tee 46, 11415 Tallinn',
      phone: '+372 600 1234',
      isEmployeesCanViewProposal: true,
      notes: 'Bussi- ja trammivaruosad, kiirtarne Tallinnas.',
    },
    {
      name: 'Baltic Auto Supply AS',
      registrationCode: '10456789',
      email: 'sales@balticauto.ee',
      address: 'Tartu mnt 84a, 10112 Tallinn',
      phone: '+372 655 0400',
      isEmployeesCanViewProposal: false,
      notes: '',
    },
    {
      name: 'Nordic Bus Parts OÜ',
      registrationCode: '12233445',
      email: 'orders@nordicbusparts.ee',
      address: 'Pärnu mnt 139, 11317 Tallinn',
      phone: '+372 622 7788',
      isEmployeesCanViewProposal: false,
      notes: 'Scania ja Volvo originaalvaruosad.',
    },
  ];
  const PENDING_SUPPLIER = {
    name: 'Tallinna Veermikuosad OÜ',
    registrationCode: '16543210',
    email: 'info@veermikuosad.ee',
    address: 'Betooni 6, 11415 Tallinn',
    phone: '+372 5550 1122',
  };
  const supplierCreated = past(300, 200);
  await db
    .insert(s.suppliers)
    .values([
      ...SUPPLIERS.map((sup) => ({
        ...sup,
        isNew: false,
        isActive: true,
        activatedAt: supplierCreated,
        created: supplierCreated,
        updated: supplierCreated,
      })),
      { ...PENDING_SUPPLIER, isNew: true, isActive: false, created: past(2, 1) },
    ])
    .onConflictDoNothing();
  const supRows = await db
    .select()
    .from(s.suppliers)
    .where(
      inArray(
        s.suppliers.registrationCode,
        [...SUPPLIERS, PENDING_SUPPLIER].map((x) => x.registrationCode),
      ),
    );
  const supplierIds = SUPPLIERS.map(
    (x) =>
      defined(
        supRows.find((r) => r.registrationCode === x.registrationCode),
        `supplier ${x.registrationCode}`,
      ).id,
  );
  const pendingSupplierId = defined(
    supRows.find((r) => r.registrationCode === PENDING_SUPPLIER.registrationCode),
    'pending supplier',
  ).id;
  const supplierName = new Map(supRows.map((r) => [r.id, r.name]));
  await db
    .insert(s.supplierGroups)
    .values([
      ...supplierIds.flatMap((supplierId) => [BUS, TRAM].map((groupId) => ({ supplierId, groupId }))),
      { supplierId: pendingSupplierId, groupId: BUS },
    ])
    .onConflictDoNothing();
  await db
    .insert(s.supplierCategoryGroups)
    .values(
      supplierIds.flatMap((supplierId) =>
        categoryGroupRows
          .filter((cg) => CATEGORY_TREE.some((top) => categoryId.get(top.code) === cg.categoryId))
          .map((cg) => ({ supplierId, groupId: cg.groupId, categoryId: cg.categoryId })),
      ),
    )
    .onConflictDoNothing();

  // ---- users ----
  const USERS: Record<UserKey, typeof s.users.$inferInsert & { groups?: number[] }> = {
    admin: {
      email: 'admin@demo.ee',
      firstName: 'Mari',
      lastName: 'Tamm',
      group: 'ADMINISTRATOR',
      position: 'Hankejuht',
      phone: '+372 5123 4567',
      personalCode: '30303039914',
      canBlacklist: true,
      groups: [BUS, TRAM],
    },
    contractor: {
      email: 'contractor@demo.ee',
      firstName: 'Jaan',
      lastName: 'Kask',
      group: 'CONTRACTOR',
      position: 'Varustusspetsialist',
      phone: '+372 5234 5678',
      personalCode: '60001017869',
      canBlacklist: true,
      groups: [BUS, TRAM],
    },
    master: {
      email: 'master@demo.ee',
      firstName: 'Peeter',
      lastName: 'Saar',
      group: 'MASTER',
      position: 'Remondimeister',
      phone: '+372 5345 6789',
      personalCode: personalCode('3780512422'),
      groups: [BUS],
    },
    supplier: {
      email: 'supplier@demo.ee',
      firstName: 'Kristjan',
      lastName: 'Lepp',
      group: 'SUPPLIER',
      supplierId: supplierIds[0],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Juhatuse liige',
      phone: '+372 5456 7890',
      personalCode: personalCode('3850301027'),
    },
    employee: {
      email: 'employee@demo.ee',
      firstName: 'Liis',
      lastName: 'Mets',
      group: 'SUPPLIER',
      supplierId: supplierIds[0],
      supplierRole: 'PLAIN',
      position: 'Müügiesindaja',
      phone: '+372 5567 8901',
      personalCode: personalCode('4920715033'),
      groups: [BUS, TRAM],
    },
    supplier2: {
      email: 'supplier2@demo.ee',
      firstName: 'Andrei',
      lastName: 'Ivanov',
      group: 'SUPPLIER',
      supplierId: supplierIds[1],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Müügijuht',
      phone: '+372 5678 9012',
      language: 'ru',
      personalCode: personalCode('3800229421'),
    },
    // A PLAIN employee of a company that does not share its offers with employees (the read-only offer view).
    employee2: {
      email: 'employee2@demo.ee',
      firstName: 'Olga',
      lastName: 'Petrova',
      group: 'SUPPLIER',
      supplierId: supplierIds[1],
      supplierRole: 'PLAIN',
      position: 'Laohaldur',
      phone: '+372 5611 2233',
      personalCode: personalCode('4950412011'),
    },
    supplier3: {
      email: 'supplier3@demo.ee',
      firstName: 'Erik',
      lastName: 'Nilsson',
      group: 'SUPPLIER',
      supplierId: supplierIds[2],
      supplierRole: 'ADVANCED',
      isAdmin: true,
      position: 'Key account manager',
      phone: '+372 5789 0123',
      language: 'en',
    },
    pending: {
      email: 'registreerimine@veermikuosad.ee',
      firstName: 'Tiit',
      lastName: 'Kuusk',
      group: 'SUPPLIER',
      supplierId: pendingSupplierId,
      supplierRole: 'ADVANCED',
      isAdmin: true,
      // As registration creates it: the user is active, the company is not; activating the company lets it in.
      isActive: true,
      isAuthorized: false,
      phone: '+372 5550 1122',
      personalCode: personalCode('3910414567'),
    },
  };
  const userCreated = past(300, 200);
  await db
    .insert(s.users)
    .values(
      Object.entries(USERS).map(([key, { groups: _g, ...u }]) => ({
        isAuthorized: key !== 'pending',
        ...u,
        passwordHash,
        created: key === 'pending' ? past(2, 1) : userCreated,
        updated: userCreated,
      })),
    )
    .onConflictDoNothing();
  const userRows = await db
    .select()
    .from(s.users)
    .where(sql`lower(${s.users.email}) in ${Object.values(USERS).map((u) => u.email.toLowerCase())}`);
  const user = Object.fromEntries(
    Object.entries(USERS).map(([key, u]) => [
      key,
      defined(
        userRows.find((r) => r.email.toLowerCase() === u.email.toLowerCase()),
        `user ${u.email}`,
      ),
    ]),
  ) as Record<UserKey, typeof s.users.$inferSelect>;
  await db
    .insert(s.userGroups)
    .values(
      (Object.keys(USERS) as UserKey[]).flatMap((k) =>
        (USERS[k].groups ?? []).map((groupId) => ({ userId: user[k].id, groupId })),
      ),
    )
    .onConflictDoNothing();
  const supplierUsers = [[user.supplier, user.employee], [user.supplier2], [user.supplier3]];
  const userById = new Map(userRows.map((u) => [u.id, u]));
  return { supplierIds, supplierName, user, userById, supplierUsers };
}
export type People = Awaited<ReturnType<typeof seedPeople>>;
