// Units (spec 3 "Units", §4 "Unit removal", §7): a sortable, searchable list; removal (soft delete) after
// confirmation. The screen is for Administrator and Supplier; the list is read by every signed-in user because
// the part and pre-order screens of contractors show units too. Only an Administrator removes.
import { type UnitItem, unitItem, unitListQuery, unitPatch } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { units } from '../../db/schema/index.ts';
import { ADMIN } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import type { ZApp } from '../../lib/http.ts';
import { refuseWhenInUse, unitUses } from '../../lib/inUse.ts';
import { idParams, type ListQuery, type ListSpec, paged, paginate } from '../../lib/list.ts';

const spec: ListSpec = {
  ordering: { name: units.name, code: units.code, is_active: units.isActive, id: units.id },
  defaultOrdering: 'name',
  search: [units.code, units.name],
  id: units.id,
};

type Row = typeof units.$inferSelect;
const out = (u: Row): UnitItem => ({
  id: u.id,
  code: u.code,
  name: u.name,
  is_active: u.isActive,
  is_deleted: u.isDeleted,
});

export function listUnits(db: Db, query: ListQuery & { is_active?: boolean }) {
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ u: units }).from(units).$dynamic(),
    where: [
      eq(units.isDeleted, false),
      query.is_active === undefined ? undefined : eq(units.isActive, query.is_active),
    ],
    map: (rows) => rows.map((r) => out(r.u)),
  });
}

/**
 * Removal: is_deleted true (and then is_active false); otherwise the active flag. A removed unit is gone (404); a unit
 * of a part is not removed (400 saying where).
 */
export async function updateUnit(db: Db, id: number, body: z.output<typeof unitPatch>) {
  const [u] = await db
    .select()
    .from(units)
    .where(and(eq(units.id, id), eq(units.isDeleted, false)))
    .limit(1);
  if (!u) throw notFound();
  const deleting = body.is_deleted === true;
  if (deleting) await refuseWhenInUse(db, unitUses(id));
  const [row] = await db
    .update(units)
    .set({ isDeleted: deleting, isActive: deleting ? false : (body.is_active ?? u.isActive), updated: now() })
    .where(eq(units.id, id))
    .returning();
  return out(row);
}

export default async function unitRoutes(app: ZApp) {
  const tags = ['catalogue'];
  app.get(
    '/units/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'List units (not removed), paged or as a plain array with page_size 0.',
        operationId: 'listUnits',
        querystring: unitListQuery,
        response: { 200: paged(unitItem) },
      },
    },
    (request) => listUnits(app.db, request.query),
  );
  app.patch(
    '/units/:id/',
    {
      config: { access: ADMIN },
      schema: {
        tags,
        summary: 'Remove a unit (is_deleted true) or change its active flag.',
        operationId: 'updateUnit',
        params: idParams,
        body: unitPatch,
        response: { 200: unitItem },
      },
    },
    (request) => updateUnit(app.db, request.params.id, request.body),
  );
}
