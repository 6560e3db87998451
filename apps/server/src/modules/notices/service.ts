// Maintenance notices (issue 35): an administrator schedules a notice of a maintenance window; everyone, signed in
// or not, sees it in their language from `show_from` until the window ends. Every change is audited.
import type { NoticeItem, noticeWrite } from '@portal/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { maintenanceNotices, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { ErrorBag, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, paginate } from '../../lib/list.ts';
import { transaction } from '../../lib/sql.ts';

type Row = typeof maintenanceNotices.$inferSelect;
type Write = z.output<typeof noticeWrite>;

const out = (n: Row, creator: { firstName: string; lastName: string } | null): NoticeItem => ({
  id: n.id,
  show_from: n.showFrom.toISOString(),
  starts: n.starts.toISOString(),
  ends: n.ends.toISOString(),
  text_et: n.textEt,
  text_ru: n.textRu,
  text_en: n.textEn,
  creator_name: creator ? `${creator.firstName} ${creator.lastName}` : null,
  created: n.created.toISOString(),
});

/** The notices shown now (show_from ≤ now < ends), soonest window first. Public. */
export async function currentNotices(db: Db) {
  const t = now();
  const rows = await db
    .select()
    .from(maintenanceNotices)
    .where(and(lte(maintenanceNotices.showFrom, t), gt(maintenanceNotices.ends, t)))
    .orderBy(maintenanceNotices.starts, maintenanceNotices.id)
    .limit(5);
  return rows.map((n) => ({
    id: n.id,
    starts: n.starts.toISOString(),
    ends: n.ends.toISOString(),
    text_et: n.textEt,
    text_ru: n.textRu,
    text_en: n.textEn,
  }));
}

/** Every notice for the administrators' screen, latest window first. */
export function listNotices(db: Db, query: ListQuery) {
  return paginate({
    db,
    query,
    spec: {
      ordering: {
        starts: maintenanceNotices.starts,
        ends: maintenanceNotices.ends,
        id: maintenanceNotices.id,
      },
      defaultOrdering: '-starts',
      search: [maintenanceNotices.textEt, maintenanceNotices.textRu, maintenanceNotices.textEn],
      id: maintenanceNotices.id,
    },
    select: () =>
      db
        .select({ n: maintenanceNotices, firstName: users.firstName, lastName: users.lastName })
        .from(maintenanceNotices)
        .leftJoin(users, eq(users.id, maintenanceNotices.creatorId))
        .$dynamic(),
    map: (rows) =>
      rows.map((r) =>
        out(r.n, r.firstName != null ? { firstName: r.firstName, lastName: r.lastName ?? '' } : null),
      ),
  });
}

/** The window's rules: it ends after it starts, shows no later than it starts, and is not over yet. */
function checkWindow(body: Write) {
  const bag = new ErrorBag();
  const showFrom = new Date(body.show_from);
  const starts = new Date(body.starts);
  const ends = new Date(body.ends);
  if (ends <= starts) bag.add('ends', 'notice_window_invalid');
  if (showFrom > starts) bag.add('show_from', 'notice_show_after_start');
  if (ends <= now()) bag.add('ends', 'notice_already_over');
  bag.throwIfAny();
  return { showFrom, starts, ends };
}

const values = (body: Write, w: ReturnType<typeof checkWindow>) => ({
  showFrom: w.showFrom,
  starts: w.starts,
  ends: w.ends,
  textEt: body.text_et,
  textRu: body.text_ru,
  textEn: body.text_en,
});

const auditData = (n: Row) => ({
  show_from: n.showFrom.toISOString(),
  starts: n.starts.toISOString(),
  ends: n.ends.toISOString(),
  text_et: n.textEt,
  text_ru: n.textRu,
  text_en: n.textEn,
});

export async function createNotice(db: Db, user: SessionUser, body: Write) {
  const w = checkWindow(body);
  return transaction(db, async (tx) => {
    const t = now();
    const [n] = await tx
      .insert(maintenanceNotices)
      .values({ ...values(body, w), creatorId: user.id, created: t, updated: t })
      .returning();
    await audit(tx, { entity: 'notice', entityId: n.id, action: 'created', user, data: auditData(n) });
    return out(n, user);
  });
}

export async function updateNotice(db: Db, user: SessionUser, id: number, body: Write) {
  const w = checkWindow(body);
  return transaction(db, async (tx) => {
    const [n] = await tx
      .update(maintenanceNotices)
      .set({ ...values(body, w), updated: now() })
      .where(eq(maintenanceNotices.id, id))
      .returning();
    if (!n) throw notFound();
    await audit(tx, { entity: 'notice', entityId: n.id, action: 'changed', user, data: auditData(n) });
    const [c] = n.creatorId ? await tx.select().from(users).where(eq(users.id, n.creatorId)) : [null];
    return out(n, c ?? null);
  });
}

export async function deleteNotice(db: Db, user: SessionUser, id: number) {
  await transaction(db, async (tx) => {
    const [n] = await tx.delete(maintenanceNotices).where(eq(maintenanceNotices.id, id)).returning();
    if (!n) throw notFound();
    await audit(tx, { entity: 'notice', entityId: id, action: 'deleted', user, data: auditData(n) });
  });
}
