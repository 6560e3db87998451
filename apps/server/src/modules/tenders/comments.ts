import { commentError } from '@portal/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, details, tenders } from '../../db/schema/index.ts';
import { fullName } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { actorOf, clean, requireLine, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';
import { lockTender, supplierTender, tenderOfDetail } from './core.ts';

export async function setCompanyComment(
  tx: Db,
  viewer: Viewer,
  target: { kind: 'TENDER' | 'DETAIL_SUPPLIER'; tenderId: number; detailId?: number },
  text: string,
  at: Date,
): Promise<{ id: number | null; existed: boolean }> {
  const { kind, tenderId, detailId } = target;
  const supplierId = viewer.supplierId as number;
  const [prev] = await tx
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.tenderId, tenderId),
        detailId ? eq(comments.detailId, detailId) : isNull(comments.detailId),
        eq(comments.kind, kind),
        eq(comments.supplierId, supplierId),
      ),
    )
    .orderBy(comments.id)
    .limit(1);
  const log = (entityId: number, action: 'created' | 'changed' | 'deleted') =>
    audit(tx, {
      entity: 'comment',
      entityId,
      tenderId,
      action,
      user: viewer.user,
      data: detailId ? { kind, detail: detailId } : { kind },
    });
  if (!text) {
    if (prev) {
      await tx.delete(comments).where(eq(comments.id, prev.id));
      await log(prev.id, 'deleted');
    }
    return { id: null, existed: !!prev };
  }
  if (prev) {
    if (prev.content !== text) {
      await tx
        .update(comments)
        .set({ content: text, userId: viewer.user.id, updated: at })
        .where(eq(comments.id, prev.id));
      await log(prev.id, 'changed');
    }
    return { id: prev.id, existed: true };
  }
  const [c] = await tx
    .insert(comments)
    .values({
      kind,
      tenderId,
      detailId: detailId ?? null,
      supplierId,
      userId: viewer.user.id,
      content: text,
      created: at,
      updated: at,
    })
    .returning({ id: comments.id });
  await log(c.id, 'created');
  return { id: c.id, existed: false };
}

// ---------- comments (/comments/) ----------

export interface CommentOut {
  id: number;
  creator: string | null;
  created: string;
  content: string;
}

/** POST /comments/: a supplier's tender or line comment, or a buyer's approver comment on a tender. */
export async function createComment(
  db: Db,
  viewer: Viewer,
  body: { content: string; tender?: number; detail?: number },
) {
  const text = clean(body.content).trim();
  const error = commentError(text, true);
  if (error) throw invalid('content', error);
  return db.transaction(async (tx) => {
    let tenderId = body.tender;
    if (body.detail !== undefined) {
      const [d] = await tx
        .select({ tenderId: details.tenderId })
        .from(details)
        .where(eq(details.id, body.detail));
      if (!d?.tenderId) throw invalid('detail', 'invalid_choice');
      tenderId = d.tenderId;
    }
    if (tenderId === undefined) throw invalid('tender', 'required');
    const supplier = viewer.supplierId != null;
    const t = supplier
      ? await supplierTender(tx, viewer.user, tenderId)
      : await lockTender(tx, viewer.user, tenderId);
    if (supplier) {
      if (body.detail !== undefined) requireLine(actorOf(viewer), 'comment_line', { status: t.status });
      else requireTender(actorOf(viewer), 'comment', { status: t.status });
    } else {
      requireTender(actorOf(viewer), 'approver_comment', { status: t.status });
      if (body.detail !== undefined) throw invalid('detail', 'invalid_choice');
    }
    const kind = supplier ? (body.detail !== undefined ? 'DETAIL_SUPPLIER' : 'TENDER') : 'APPROVER';
    const at = now();
    const [c] = await tx
      .insert(comments)
      .values({
        kind,
        tenderId: t.id,
        detailId: body.detail ?? null,
        supplierId: viewer.supplierId,
        userId: viewer.user.id,
        content: text,
        created: at,
        updated: at,
      })
      .returning();
    await audit(tx, {
      entity: 'comment',
      entityId: c.id,
      tenderId: t.id,
      action: 'created',
      user: viewer.user,
      data: { kind },
    });
    return {
      id: c.id,
      creator: fullName(viewer.user),
      created: at.toISOString(),
      content: text,
    } satisfies CommentOut;
  });
}

/** PATCH/DELETE /comments/{id}/: own comments only (a supplier: its company's; a buyer: approver comments). */
export async function changeComment(
  db: Db,
  viewer: Viewer,
  id: number,
  content: string | null,
): Promise<CommentOut | null> {
  return db.transaction(async (tx) => {
    const [c] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!c) throw notFound();
    const supplier = viewer.supplierId != null;
    if (
      supplier
        ? c.supplierId !== viewer.supplierId || !viewer.seesCompanyOffers
        : c.kind !== 'APPROVER' && c.kind !== 'WINNER'
    )
      throw notFound();
    const t = supplier
      ? await supplierTender(tx, viewer.user, c.tenderId)
      : await lockTender(tx, viewer.user, c.tenderId);
    // A supplier's comment follows the comment rule; a buyer's approver comment its own, a winner comment the
    // winner choice.
    const action = supplier ? 'comment' : c.kind === 'WINNER' ? 'choose_winners' : 'approver_comment';
    requireTender(actorOf(viewer), action, { status: t.status });
    const text = clean(content ?? '').trim();
    // A supplier's blank comment is removed; a buyer's comment keeps some text (null removes it).
    const error = content === null ? null : commentError(text, !supplier);
    if (error) throw invalid('content', error);
    if (!text) {
      await tx.delete(comments).where(eq(comments.id, id));
      await audit(tx, {
        entity: 'comment',
        entityId: id,
        tenderId: c.tenderId,
        action: 'deleted',
        user: viewer.user,
        data: { kind: c.kind },
      });
      return null;
    }
    const at = now();
    await tx.update(comments).set({ content: text, updated: at }).where(eq(comments.id, id));
    await audit(tx, {
      entity: 'comment',
      entityId: id,
      tenderId: c.tenderId,
      action: 'changed',
      user: viewer.user,
      data: { kind: c.kind },
    });
    return { id, creator: fullName(viewer.user), created: c.created.toISOString(), content: text };
  });
}

// ---------- supplier line comment ----------

/** PATCH /details/{id}/add_supplier_comment/: the company's one comment on a line; blank content deletes it. */
export async function setSupplierComment(
  db: Db,
  viewer: Viewer,
  detailId: number,
  content: string | null,
): Promise<number | null> {
  const actor = actorOf(viewer);
  requireLine(actor, 'comment_line', { status: 'ACTIVE' });
  return db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    const [t] = await tx
      .select()
      .from(tenders)
      .where(and(eq(tenders.id, d.tenderId), tenderVisibleWhere(viewer.user)))
      .for('update');
    if (!t) throw notFound();
    requireLine(actor, 'comment_line', { status: t.status });
    const text = clean(content ?? '').trim();
    const r = await setCompanyComment(
      tx,
      viewer,
      { kind: 'DETAIL_SUPPLIER', tenderId: t.id, detailId },
      text,
      now(),
    );
    // Blank content removes the company's comment; with nothing to remove a comment is required (400).
    const error = content === null ? null : commentError(text, !r.existed);
    if (error) throw invalid('comment', error);
    return r.id;
  });
}

/** PATCH /tenders/{id}/add_comment/: a supplier's tender comment (kind TENDER). */
export async function addTenderComment(db: Db, viewer: Viewer, id: number, content: string) {
  const actor = actorOf(viewer);
  requireTender(actor, 'comment', { status: 'ACTIVE' });
  const text = clean(content).trim();
  const error = commentError(text, true);
  if (error) throw invalid('comment', error);
  return db.transaction(async (tx) => {
    const t = await supplierTender(tx, viewer.user, id);
    requireTender(actor, 'comment', { status: t.status });
    const at = now();
    const [c] = await tx
      .insert(comments)
      .values({
        kind: 'TENDER',
        tenderId: id,
        supplierId: viewer.supplierId,
        userId: viewer.user.id,
        content: text,
        created: at,
        updated: at,
      })
      .returning({ id: comments.id });
    await audit(tx, {
      entity: 'comment',
      entityId: c.id,
      tenderId: id,
      action: 'created',
      user: viewer.user,
      data: { kind: 'TENDER', supplier_id: viewer.supplierId },
    });
    return c.id;
  });
}
