// A line declined with a reason (issue 34, point 5; docs/decisions.md "Declined lines"). While the tender is ACTIVE
// a supplier user with the company's offer rights marks a line "no offer" (not in stock, discontinued, cannot meet
// the date, other with a text) or undoes it; a line the company offers on cannot be declined, and an offer sent
// later on a declined line drops the mark (receipts.ts offerSetChanged). Buyers see per line how many companies
// declined and why once the tender is opened (the table's 'see_declines'); before that nothing, not even a count.
import {
  DECLINE_REASONS,
  type DeclineReason,
  type DeclineWrite,
  type LineDeclineSummary,
  type TenderDeclines,
} from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineDeclines, proposals, tenders } from '../../db/schema/index.ts';
import { forbidden, nonField, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { actorOf, clean, requireLine, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';
import { auditMany, tenderOfDetail } from './core.ts';
import { lockForOffer } from './offers.ts';

/** PUT /details/{id}/decline/: sets (or changes) the company's "no offer" on a line. */
export async function setDecline(db: Db, viewer: Viewer, detailId: number, body: DeclineWrite) {
  return db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    // The company's offer lock, the tender ACTIVE and before its finish (the same rules as an offer line).
    const { at, status } = await lockForOffer(tx, viewer, d.tenderId);
    requireLine(actorOf(viewer), 'decline', { status });
    const sup = viewer.supplierId as number;
    const [offered] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.detailId, detailId), eq(proposals.supplierId, sup)))
      .limit(1);
    if (offered) throw nonField('line_has_offer');
    const text = body.reason === 'OTHER' ? clean(body.text ?? '').trim() : '';
    const [row] = await tx
      .insert(lineDeclines)
      .values({
        tenderId: d.tenderId,
        detailId,
        supplierId: sup,
        userId: viewer.user.id,
        reason: body.reason,
        text,
        created: at,
      })
      .onConflictDoUpdate({
        target: [lineDeclines.detailId, lineDeclines.supplierId],
        set: { reason: body.reason, text, userId: viewer.user.id, created: at },
      })
      .returning();
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'decline',
          entityId: row.id,
          tenderId: d.tenderId,
          action: 'set',
          data: { supplier_id: sup, detail: detailId, reason: body.reason },
        },
      ],
      at,
    );
    return { detail: detailId, reason: row.reason, text: row.text, created: row.created.toISOString() };
  });
}

/** DELETE /details/{id}/decline/: undoes the company's "no offer" on a line (nothing to undo is fine). */
export async function removeDecline(db: Db, viewer: Viewer, detailId: number) {
  await db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    const { at, status } = await lockForOffer(tx, viewer, d.tenderId);
    requireLine(actorOf(viewer), 'decline', { status });
    const sup = viewer.supplierId as number;
    const gone = await tx
      .delete(lineDeclines)
      .where(and(eq(lineDeclines.detailId, detailId), eq(lineDeclines.supplierId, sup)))
      .returning({ id: lineDeclines.id });
    await auditMany(
      tx,
      viewer.user,
      gone.map((g) => ({
        entity: 'decline',
        entityId: g.id,
        tenderId: d.tenderId,
        action: 'removed',
        data: { supplier_id: sup, detail: detailId },
      })),
      at,
    );
  });
}

type SummaryRow = {
  detail: number;
  offers: number;
  total: number;
  reasons: Record<DeclineReason, number> | null;
  texts: string[] | null;
};

/**
 * GET /tenders/{id}/declines/. A supplier user with the company's offer rights: its company's own marks. A buyer:
 * once the tender is opened, per line the number of companies that declined it by reason and the texts of "other"
 * (never the company), and the tender's totals; before that the table refuses (400 wrong_tender_state).
 */
export async function tenderDeclines(db: Db, viewer: Viewer, tenderId: number): Promise<TenderDeclines> {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  if (viewer.supplierId != null) {
    if (!viewer.seesCompanyOffers) throw forbidden();
    const mine = await db
      .select()
      .from(lineDeclines)
      .where(and(eq(lineDeclines.tenderId, t.id), eq(lineDeclines.supplierId, viewer.supplierId)))
      .orderBy(lineDeclines.detailId);
    return {
      mine: mine.map((r) => ({
        detail: r.detailId,
        reason: r.reason,
        text: r.text,
        created: r.created.toISOString(),
      })),
      lines: [],
      declined_lines: 0,
      lines_without_offer: 0,
    };
  }
  requireTender(actorOf(viewer), 'see_declines', { status: t.status });
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select d.id as detail,
        (select count(distinct p.supplier_id)::int from ${proposals} p where p.detail_id = d.id) as offers,
        (select count(*)::int from line_declines x where x.detail_id = d.id) as total,
        (select json_object_agg(r.reason, r.n) from (select x.reason, count(*)::int as n from line_declines x
           where x.detail_id = d.id group by x.reason) r) as reasons,
        (select json_agg(x.text order by x.id) from line_declines x where x.detail_id = d.id and x.reason = 'OTHER') as texts
      from details d
      where d.tender_id = ${t.id} and not d.is_deleted
      order by d.id`,
  );
  const lines: LineDeclineSummary[] = rows
    .filter((r) => r.total > 0)
    .map((r) => ({
      detail: r.detail,
      total: r.total,
      offers: r.offers,
      reasons: Object.fromEntries(DECLINE_REASONS.map((k) => [k, r.reasons?.[k] ?? 0])) as Record<
        DeclineReason,
        number
      >,
      texts: r.texts ?? [],
    }));
  return {
    mine: [],
    lines,
    declined_lines: lines.length,
    lines_without_offer: rows.filter((r) => r.offers === 0).length,
  };
}
