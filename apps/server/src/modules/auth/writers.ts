// The account rules (registration, password reset, (de)activation, sign-in) change rows of the users and suppliers
// modules (modules/owners.ts). Both modules import auth, so auth cannot import them back without a module cycle: the
// registry (modules/index.ts) hands their write functions over when it loads, and auth calls them here, each in the
// transaction (or connection) auth passes.
import type { Db } from '../../db/client.ts';
import type { suppliers, users } from '../../db/schema/index.ts';

export interface AccountWriters {
  /** Inserts a registered supplier company and its groups; answers the company's row. */
  insertRegisteredSupplier(
    tx: Db,
    values: typeof suppliers.$inferInsert,
    groupIds: number[],
  ): Promise<typeof suppliers.$inferSelect>;
  /** Inserts the main user of a registered company; answers the user's row. */
  insertRegisteredUser(tx: Db, values: typeof users.$inferInsert): Promise<typeof users.$inferSelect>;
  /** Stores a user's new password hash. */
  setUserPasswordHash(tx: Db, userId: number, hash: string): Promise<void>;
  /** Sets a user's active flag; false when it already had that value. */
  switchUserActive(tx: Db, userId: number, active: boolean): Promise<boolean>;
  /** Sets a supplier company's active flag (the first activation's time kept); false when it already had that value. */
  switchSupplierActive(tx: Db, supplierId: number, active: boolean): Promise<boolean>;
  /** Records the time of a user's sign-in. */
  recordLogin(db: Db, userId: number): Promise<void>;
}

let handed: AccountWriters | null = null;

/** Called by the registry (modules/index.ts) with the users and suppliers modules' functions. */
export function setAccountWriters(writers: AccountWriters) {
  handed = writers;
}

export function accountWriters(): AccountWriters {
  if (!handed) throw new Error('account writers not set: modules/index.ts hands them to auth when it loads');
  return handed;
}
