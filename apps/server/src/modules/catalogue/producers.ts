// Producers (spec 3 §3, §5, §7): list, read, add (also inline from the supplier's offer form), edit, soft delete.

import type { ProducerItem, producerCreate, producerPatch } from '@portal/shared';
import { and, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { producers } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { isSupplier } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { producerUses, refuseWhenInUse } from '../../lib/inUse.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';

// ---------------------------------------------------------------- service

const spec: ListSpec = {
  ordering: { name: producers.name, is_active: producers.isActive, id: producers.id },
  defaultOrdering: 'name',
  search: [producers.name],
  id: producers.id,
};

type Row = typeof producers.$inferSelect;
const out = (p: Row): ProducerItem => ({
  id: p.id,
  name: p.name,
  is_active: p.isActive,
  is_deleted: p.isDeleted,
});
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listProducers(db: Db, query: ListQuery & { is_active?: boolean; name__icontains?: string }) {
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ p: producers }).from(producers).$dynamic(),
    where: [
      eq(producers.isDeleted, false),
      query.is_active === undefined ? undefined : eq(producers.isActive, query.is_active),
      query.name__icontains ? ilike(producers.name, likePattern(query.name__icontains.trim())) : undefined,
    ],
    map: (rows) => rows.map((r) => out(r.p)),
  });
}

async function liveProducer(db: Db, id: number) {
  const [p] = await db
    .select()
    .from(producers)
    .where(and(eq(producers.id, id), eq(producers.isDeleted, false)))
    .limit(1);
  if (!p) throw notFound();
  return p;
}

export const getProducer = async (db: Db, id: number) => out(await liveProducer(db, id));

/** Names are unique case-insensitively over all producers (the database index includes deleted ones). */
async function assertNameFree(db: Db, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: producers.id })
    .from(producers)
    .where(
      and(sql`lower(${producers.name}) = lower(${name})`, exceptId ? ne(producers.id, exceptId) : undefined),
    )
    .limit(1);
  if (dup) throw invalid('name', 'producer_exists');
}

/** A concurrent insert of the same name loses on the unique index: answer it like the check does. */
async function uniqueGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw invalid('name', 'producer_exists');
    throw err;
  }
}

/** Suppliers add producers inline from the offer form: theirs are always active and never deleted. */
export async function createProducer(db: Db, user: SessionUser, body: z.output<typeof producerCreate>) {
  const supplier = isSupplier(user);
  return uniqueGuard(async () => {
    await assertNameFree(db, body.name);
    const deleted = !supplier && body.is_deleted === true;
    const [p] = await db
      .insert(producers)
      .values({
        name: body.name,
        isActive: supplier ? true : deleted ? false : (body.is_active ?? true),
        isDeleted: deleted,
        created: now(),
        updated: now(),
      })
      .returning();
    return out(p);
  });
}

/**
 * Edit, or soft delete with is_deleted true (which also disables). A deleted producer is gone (404); one named by an
 * offer or a blacklist entry is not deleted (400 saying where).
 */
export async function updateProducer(db: Db, id: number, body: z.output<typeof producerPatch>) {
  return uniqueGuard(() =>
    db.transaction(async (tx) => {
      const p = await liveProducer(tx as Db, id);
      if (body.name !== undefined && body.name !== p.name) await assertNameFree(tx as Db, body.name, id);
      const deleting = body.is_deleted === true;
      if (deleting) await refuseWhenInUse(tx as Db, producerUses(id));
      const [row] = await tx
        .update(producers)
        .set({
          name: body.name ?? p.name,
          isActive: deleting ? false : (body.is_active ?? p.isActive),
          isDeleted: deleting,
          updated: now(),
        })
        .where(eq(producers.id, id))
        .returning();
      return out(row);
    }),
  );
}
