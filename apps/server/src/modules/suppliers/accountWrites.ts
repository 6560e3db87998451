// The supplier company rows that the auth module's account rules change (registration, (de)activation), handed to
// auth by the registry (modules/index.ts, auth/writers.ts): auth cannot import this module, which imports it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplierGroups, suppliers } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';

/** Inserts a self-registered supplier company and its groups, in the registration's transaction. */
export async function insertRegisteredSupplier(
  tx: Db,
  values: typeof suppliers.$inferInsert,
  groupIds: number[],
) {
  const [supplier] = await tx.insert(suppliers).values(values).returning();
  await tx.insert(supplierGroups).values(groupIds.map((groupId) => ({ supplierId: supplier.id, groupId })));
  return supplier;
}

/**
 * Sets the company's active flag (the first activation's time is kept); false when it already had that value. In
 * the caller's transaction.
 */
export async function switchSupplierActive(tx: Db, supplierId: number, active: boolean) {
  const changed = await tx
    .update(suppliers)
    .set({
      isActive: active,
      ...(active ? { activatedAt: sql`coalesce(${suppliers.activatedAt}, ${now()})` } : {}),
      updated: now(),
    })
    .where(and(eq(suppliers.id, supplierId), sql`${suppliers.isActive} <> ${active}`))
    .returning({ id: suppliers.id });
  return changed.length > 0;
}
