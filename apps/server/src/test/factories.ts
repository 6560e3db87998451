// Factories with unique random values, so test files can run in parallel on one server.
import crypto from 'node:crypto';
import type { UserGroup } from '@portal/shared';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { hashPassword } from '../lib/auth.ts';

export const uid = () => crypto.randomBytes(4).toString('hex');
export const TEST_PASSWORD = 'Test2026parts';
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

export async function buildGroup(db: Db, v: Partial<typeof s.groups.$inferInsert> = {}) {
  const [g] = await db
    .insert(s.groups)
    .values({ name: `Group ${uid()}`, ...v })
    .returning();
  return g;
}

export async function buildWarehouse(
  db: Db,
  v: Partial<typeof s.warehouses.$inferInsert> & { groupId: number },
) {
  const u = uid();
  const [w] = await db
    .insert(s.warehouses)
    .values({ name: `Warehouse ${u}`, code: `W${u}`, address: `Street ${u}`, description: '', ...v })
    .returning();
  return w;
}

export async function buildSupplier(
  db: Db,
  v: Partial<typeof s.suppliers.$inferInsert> = {},
  groupIds: number[] = [],
) {
  const u = uid();
  const [sup] = await db
    .insert(s.suppliers)
    .values({
      name: `Supplier ${u} OÜ`,
      registrationCode: `1${Date.now() % 1e7}${u}`.slice(0, 12),
      email: `s${u}@example.test`,
      isNew: false,
      // an active company was activated once; an inactive one is as registration leaves it
      activatedAt: v.isActive === false ? null : new Date(0),
      ...v,
    })
    .returning();
  if (groupIds.length)
    await db.insert(s.supplierGroups).values(groupIds.map((groupId) => ({ supplierId: sup.id, groupId })));
  return sup;
}

export async function buildUser(
  db: Db,
  v: Partial<typeof s.users.$inferInsert> & { group: UserGroup; groupIds?: number[] },
) {
  const u = uid();
  const { groupIds = [], ...values } = v;
  const [user] = await db
    .insert(s.users)
    .values({
      email: `${values.group.toLowerCase()}.${u}@example.test`,
      firstName: 'Test',
      lastName: `${values.group[0]}${values.group.slice(1).toLowerCase()} ${u}`,
      passwordHash: await passwordHash(),
      supplierRole: values.group === 'SUPPLIER' ? 'ADVANCED' : null,
      ...values,
    })
    .returning();
  if (groupIds.length)
    await db.insert(s.userGroups).values(groupIds.map((groupId) => ({ userId: user.id, groupId })));
  return user;
}

export async function buildUnit(db: Db, v: Partial<typeof s.units.$inferInsert> = {}) {
  const [x] = await db
    .insert(s.units)
    .values({ code: `u${uid()}`, name: 'piece', ...v })
    .returning();
  return x;
}

export async function buildProducer(db: Db, v: Partial<typeof s.producers.$inferInsert> = {}) {
  const [x] = await db
    .insert(s.producers)
    .values({ name: `Producer ${uid()}`, ...v })
    .returning();
  return x;
}

export async function buildPart(db: Db, v: Partial<typeof s.parts.$inferInsert> = {}) {
  const [x] = await db
    .insert(s.parts)
    .values({ code: `P-${uid()}`, name: `Part ${uid()}`, ...v })
    .returning();
  return x;
}

export async function buildDetail(
  db: Db,
  v: Partial<typeof s.details.$inferInsert> & { partId: number; warehouseId: number },
) {
  const [x] = await db
    .insert(s.details)
    .values({ replenishmentQty: '5', ...v })
    .returning();
  return x;
}
