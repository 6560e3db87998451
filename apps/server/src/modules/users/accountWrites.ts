// The user rows that the auth module's account rules change (registration, password reset, (de)activation, sign-in),
// handed to auth by the registry (modules/index.ts, auth/writers.ts): auth cannot import this module, which imports it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';

/** Inserts the main user of a self-registered supplier company, in the registration's transaction. */
export async function insertRegisteredUser(tx: Db, values: typeof users.$inferInsert) {
  const [user] = await tx.insert(users).values(values).returning();
  return user;
}

/** Stores a new password hash (a reset with a set-password key), in the caller's transaction. */
export async function setUserPasswordHash(tx: Db, userId: number, hash: string) {
  await tx.update(users).set({ passwordHash: hash, updated: now() }).where(eq(users.id, userId));
}

/** Sets the user's active flag; false when it already had that value. */
export async function switchUserActive(tx: Db, userId: number, active: boolean) {
  const changed = await tx
    .update(users)
    .set({ isActive: active, updated: now() })
    .where(and(eq(users.id, userId), sql`${users.isActive} <> ${active}`))
    .returning({ id: users.id });
  return changed.length > 0;
}

/** Records the time of a sign-in. */
export async function recordLogin(db: Db, userId: number) {
  await db.update(users).set({ lastLogin: now() }).where(eq(users.id, userId));
}
