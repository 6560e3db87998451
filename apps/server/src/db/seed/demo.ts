import type { Db } from '../client.ts';

/** The demo data set of ARCHITECTURE.md. Idempotent: re-running it on a seeded database changes nothing. */
export async function seedDemo(_db: Db) {}
