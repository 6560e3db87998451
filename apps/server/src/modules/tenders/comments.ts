// The company's one comment on a tender (TENDER) or on a line (DETAIL_SUPPLIER): set, replaced, or deleted by
// blank content; every change audited in the same transaction.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments } from '../../db/schema/index.ts';
import { audit } from '../../lib/history.ts';
import type { Viewer } from './access.ts';

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
