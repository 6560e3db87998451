// A supplier company's offer draft (issue 34 point 2) and its last offers for the parts of a tender (point 3).
// The draft is what the company's users typed in the offer form and have not sent: kept per company and tender, read
// only by the company's users with the offer rights while the tender is ACTIVE, never by buyers, never by the offer
// or the deadline; deleted when the company sends or withdraws its offer and when the tender leaves ACTIVE.
import type { LastOffer, OfferDraft, OfferDraftWrite } from '@portal/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerDrafts, tenders } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, type FieldErrors } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { clean, type Viewer } from './access.ts';
import { type OfferTender, offerTender, visibleOfferTender } from './offerTender.ts';

const EMPTY: OfferDraft = { lines: [], comment: null, agreed: false, updated: null, user_name: null };

/** GET /tenders/{id}/offer_draft/: the company's draft (an empty one when there is none). */
export async function readDraft(db: Db, viewer: Viewer, tenderId: number, known?: OfferTender) {
  const t = known ?? (await offerTender(db, viewer, tenderId));
  const [row] = await queryRows<{ data: OfferDraftWrite; updated: Date; user_name: string | null }>(
    db,
    sql`select d.data, d.updated, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name
      from offer_drafts d left join users u on u.id = d.user_id
      where d.tender_id = ${t.id} and d.supplier_id = ${t.supplierId}`,
  );
  if (!row) return EMPTY;
  // Only the tender's current lines come back (a line removed from a WAITING tender cannot be in an ACTIVE one, but
  // the draft is read as data, never trusted).
  const ids = new Set(
    (
      await queryRows<{ id: number }>(
        db,
        sql`select id from details where tender_id = ${t.id} and not is_deleted`,
      )
    ).map((r) => r.id),
  );
  return {
    lines: (row.data.lines ?? []).filter((l) => ids.has(l.detail)),
    comment: row.data.comment ?? null,
    agreed: !!row.data.agreed,
    updated: new Date(row.updated).toISOString(),
    user_name: row.user_name,
  } satisfies OfferDraft;
}

const isEmptyDraft = (d: OfferDraftWrite) => !d.lines.length && !d.comment?.trim() && !d.agreed;

/** PUT /tenders/{id}/offer_draft/: replaces the company's draft (an empty one deletes it). */
export async function saveDraft(db: Db, viewer: Viewer, tenderId: number, body: OfferDraftWrite) {
  return db.transaction(async (tx) => {
    // The tender row share-locked: the scheduler's ACTIVE → FINISHED (which deletes the drafts) waits for this
    // write, so no draft outlives its tender's ACTIVE state.
    await tx.select({ id: tenders.id }).from(tenders).where(eq(tenders.id, tenderId)).for('share');
    const t = await offerTender(tx, viewer, tenderId);
    const lines = await queryRows<{ id: number }>(
      tx,
      sql`select id from details where tender_id = ${t.id} and not is_deleted`,
    );
    const ids = new Set(lines.map((l) => l.id));
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    body.lines.forEach((l, i) => {
      if (!ids.has(l.detail) || seen.has(l.detail)) errors[`lines.${i}.detail`] = ['invalid_choice'];
      seen.add(l.detail);
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const at = now();
    const where = and(eq(offerDrafts.tenderId, t.id), eq(offerDrafts.supplierId, t.supplierId));
    if (isEmptyDraft(body)) {
      await tx.delete(offerDrafts).where(where);
      return { updated: null };
    }
    // Text as stored: NUL characters removed, lone surrogates made whole (PostgreSQL's jsonb refuses both).
    const data = JSON.parse(clean(JSON.stringify(body)).toWellFormed()) as OfferDraftWrite;
    await tx
      .insert(offerDrafts)
      .values({ tenderId: t.id, supplierId: t.supplierId, userId: viewer.user.id, data, updated: at })
      .onConflictDoUpdate({
        target: [offerDrafts.tenderId, offerDrafts.supplierId],
        set: { data, userId: viewer.user.id, updated: at },
      });
    return { updated: at.toISOString() };
  });
}

/**
 * DELETE /tenders/{id}/offer_draft/: in any state (a stale draft is always safe to drop). Sending or withdrawing the
 * offer deletes the draft in the offer's own transaction (receipts.ts `receiptSql`, its `dropDraft`).
 */
export async function discardDraft(db: Db, viewer: Viewer, tenderId: number) {
  await visibleOfferTender(db, viewer, tenderId);
  if (viewer.supplierId == null) return;
  await db
    .delete(offerDrafts)
    .where(and(eq(offerDrafts.tenderId, tenderId), eq(offerDrafts.supplierId, viewer.supplierId)));
}

/** Every company's draft of these tenders (they left ACTIVE: finished or cancelled). */
export async function dropTenderDrafts(db: Db, tenderIds: number[]) {
  if (tenderIds.length) await db.delete(offerDrafts).where(inArray(offerDrafts.tenderId, tenderIds));
}

type LastRow = {
  detail: number;
  tender_code: string;
  offered: Date;
  offers: {
    producer_id: number | null;
    producer_name: string | null;
    usable: boolean | null;
    price: string;
    product_code: string;
    ean_code: string;
  }[];
};

const trimZeros = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

/**
 * GET /tenders/{id}/last_offers/: for each part of the tender the company has offered in another tender, its offer
 * lines of the latest such tender (by the offer's last change). Only the caller's company's own proposals are read.
 */
export async function lastOffers(db: Db, viewer: Viewer, tenderId: number): Promise<LastOffer[]> {
  const t = await offerTender(db, viewer, tenderId);
  const rows = await queryRows<LastRow>(
    db,
    sql`select d.id as detail, t2.tender_code, last.updated as offered,
        json_agg(json_build_object('producer_id', p.producer_id, 'producer_name', pr.name,
          'usable', pr.is_active and not pr.is_deleted, 'price', p.price::text, 'product_code', p.product_code,
          'ean_code', p.ean_code) order by p.id) as offers
      from details d
      cross join lateral (
        select p2.tender_id, p2.updated from details d2
          join proposals p2 on p2.detail_id = d2.id and p2.supplier_id = ${t.supplierId}
        where d2.part_id = d.part_id and d2.tender_id <> ${t.id}
        order by p2.updated desc, p2.id desc limit 1) last
      join tenders t2 on t2.id = last.tender_id
      join proposals p on p.tender_id = last.tender_id and p.supplier_id = ${t.supplierId}
      join details d3 on d3.id = p.detail_id and d3.part_id = d.part_id
      left join producers pr on pr.id = p.producer_id
      where d.tender_id = ${t.id} and not d.is_deleted
      group by d.id, t2.tender_code, last.updated
      order by d.id`,
  );
  return rows.map((r) => ({
    detail: r.detail,
    tender_code: r.tender_code,
    offered: new Date(r.offered).toISOString(),
    offers: r.offers.map((o) => ({
      // A producer since disabled is left for the supplier to choose again.
      producer: o.producer_id != null && o.usable ? { id: o.producer_id, name: o.producer_name ?? '' } : null,
      price: trimZeros(o.price),
      product_code: o.product_code,
      ean_code: o.ean_code,
    })),
  }));
}
