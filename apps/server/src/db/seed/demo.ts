// The demo data set of ARCHITECTURE.md ("Demo data set"): accounts, groups, warehouses, catalogue, pre-order
// lines, blacklist, e-mail templates and settings, the Directo module, and tenders in every status with
// offers, winners, orders, comments, logs and history.
//
// Idempotent: the admin account is the marker (present → nothing happens). Everything is written in one
// transaction under an advisory lock, so a half-seeded database never exists and two replicas starting at
// once seed once. Lookup rows (groups, units, producers, parts…) are insert-or-keep, so the seed also
// runs on a database that already has some of them. Dates are relative to lib/clock now().
//
// Each area is written by its own file under demo/ (places, catalogue, people, settings, blacklist, pre-orders,
// tenders), in that order: later areas use what earlier ones wrote, and they share one random sequence, so the
// order of the calls below is part of the data set.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { transaction } from '../../lib/sql.ts';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { seedBlacklist } from './demo/blacklist.ts';
import { seedCatalogue } from './demo/catalogue.ts';
import { seedContext } from './demo/context.ts';
import { seedPeople } from './demo/people.ts';
import { seedPlaces } from './demo/places.ts';
import { seedPreorders } from './demo/preorders.ts';
import { seedSettings } from './demo/settings.ts';
import { seedTenders } from './demo/tenders.ts';

export const DEMO_PASSWORD = 'Demo2026parts';
export const DEMO_MARKER_EMAIL = 'admin@demo.ee';
const SEED_LOCK = 727275;

/** Loads the demo data set unless it is already there. Returns whether it wrote anything. */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  if (await hasDemo(db)) return { seeded: false };
  const hash = await hashPassword(DEMO_PASSWORD); // once: scrypt is deliberately slow
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasDemo(tx)) return { seeded: false };
    await build(tx, hash);
    return { seeded: true };
  });
}

async function hasDemo(db: Db) {
  const rows = await db
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = ${DEMO_MARKER_EMAIL}`)
    .limit(1);
  return rows.length > 0;
}

async function build(db: Db, passwordHash: string) {
  const c0 = seedContext(db, now());
  const c1 = { ...c0, ...(await seedPlaces(c0)) };
  const c2 = { ...c1, ...(await seedCatalogue(c1)) };
  const c3 = { ...c2, ...(await seedPeople(c2, passwordHash)) };
  await seedSettings(c3);
  const c4 = { ...c3, ...(await seedBlacklist(c3)) };
  const c5 = { ...c4, ...(await seedPreorders(c4)) };
  await seedTenders(c5);

  // Insert history in chunks (it is the biggest table of the seed).
  const { historyRows } = c0;
  historyRows.sort((a, b) => (a.created as Date).getTime() - (b.created as Date).getTime());
  for (let i = 0; i < historyRows.length; i += 500)
    await db.insert(s.history).values(historyRows.slice(i, i + 500));
}
