// Reading one tender line as the viewer may see it (sealed output from serialize.ts); used by the line routes of
// this module and by the details module.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details } from '../../db/schema/index.ts';
import { isSupplier } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { buyerLinesWhere, supplierMaySee, type Viewer } from './access.ts';
import { detailSelect, serializeDetails } from './serialize.ts';

export async function getDetail(db: Db, viewer: Viewer, id: number) {
  const user = viewer.user;
  const rows = await detailSelect(db).where(
    and(
      eq(details.id, id),
      eq(details.isDeleted, false),
      isSupplier(user) ? undefined : buyerLinesWhere(user),
    ),
  );
  const r = rows[0];
  if (!r) throw notFound();
  if (isSupplier(user) && (r.tenderId == null || !(await supplierMaySee(db, user, r.tenderId))))
    throw notFound();
  const [out] = await serializeDetails(db, viewer, rows);
  return out;
}
