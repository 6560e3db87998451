// A supplier's participation: WATCHED/AGREED flags, the whole offer set, the per-line offer calls.
import {
  type CanonicalOfferLine,
  compareDecimal,
  defined,
  fromScaled,
  isBlank,
  normalizeDecimal,
  type OfferWrite,
  type ProposalWrite,
  sumDecimals,
  type Tender,
  type TenderStatus,
  toScaled,
  validateOffer,
  validateOfferLine,
} from '@portal/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blacklistProducers,
  blacklists,
  details,
  producers,
  proposals,
  tenderLogs,
  tenders,
} from '../../db/schema/index.ts';
import { fullName } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, type FieldErrors, forbidden, nonField, notFound } from '../../lib/errors.ts';
import { audit, insertHistorySql } from '../../lib/history.ts';
import { queryRows } from '../../lib/sql.ts';
import { actorOf, clean, requireTender, tenderVisibleWhere, todayOf, type Viewer } from './access.ts';
import { setCompanyComment } from './comments.ts';
import {
  auditMany,
  deadlinePassed,
  supplierTender,
  type TenderRecord,
  type Tx,
  tenderOfDetail,
  wrongState,
} from './core.ts';
import { type ListRow, tenderRowSql, toTenders } from './list.ts';
import { offerSetChanged, receiptSql } from './receipts.ts';
import { needSql } from './serialize.ts';

// ---------- supplier: flags, comment, offer ----------

/** The table's action for a flag: WATCHED is any supplier user's, AGREED goes with the offer rights (ACTIVE). */
const flagAction = (action: 'WATCHED' | 'AGREED') => (action === 'WATCHED' ? 'watch' : 'agree');

/** The viewer's company. Only supplier users reach these calls (route access); one without a company is
 * refused. */
function supplierOf(viewer: Viewer): number {
  if (viewer.supplierId == null) throw forbidden();
  return viewer.supplierId;
}

export async function addLog(db: Db, viewer: Viewer, id: number, action: 'WATCHED' | 'AGREED') {
  const sup = supplierOf(viewer);
  return db.transaction(async (tx) => {
    const t = await supplierTender(tx, viewer.user, id);
    requireTender(actorOf(viewer), flagAction(action), { status: t.status });
    const added = await tx
      .insert(tenderLogs)
      .values({ tenderId: id, supplierId: sup, userId: viewer.user.id, action, created: now() })
      .onConflictDoNothing()
      .returning({ id: tenderLogs.id });
    const [l] = await tx
      .select()
      .from(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, action)));
    if (added.length)
      await audit(tx, {
        entity: 'tender',
        entityId: id,
        tenderId: id,
        action: 'log_added',
        user: viewer.user,
        data: { action, supplier_id: sup },
      });
    return l.created;
  });
}

export async function removeLog(db: Db, viewer: Viewer, id: number, action: 'WATCHED' | 'AGREED') {
  const sup = supplierOf(viewer);
  await db.transaction(async (tx) => {
    const t = await supplierTender(tx, viewer.user, id);
    requireTender(actorOf(viewer), flagAction(action), { status: t.status });
    const gone = await tx
      .delete(tenderLogs)
      .where(and(eq(tenderLogs.tenderId, id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, action)))
      .returning({ id: tenderLogs.id });
    if (gone.length)
      await audit(tx, {
        entity: 'tender',
        entityId: id,
        tenderId: id,
        action: 'log_removed',
        user: viewer.user,
        data: { action, supplier_id: sup },
      });
  });
}

/**
 * In the offer transaction: the tender locked, ACTIVE and before its finish by the server clock. Returns the
 * tender with `at`, the time of the check: every write of the offer is stamped with it.
 */
export async function lockForOffer(
  tx: Tx,
  viewer: Viewer,
  tenderId: number,
): Promise<TenderRecord & { at: Date }> {
  // The table's role rule first, whatever the tender: a user without the offer rights learns nothing more.
  const actor = actorOf(viewer);
  requireTender(actor, 'offer', { status: 'ACTIVE' });
  // One offer transaction per company and tender at a time (its proposal set is replaced as a whole), while
  // different companies write in parallel: the tender row is only share-locked, which still keeps its status
  // (and so the deadline check) from changing under us until we commit.
  await tx.execute(sql`select pg_advisory_xact_lock(${tenderId}::int, ${viewer.supplierId}::int)`);
  // A tender the supplier may not see (a DRAFT, another group's) is a 404 like on every other route.
  const [t] = await tx
    .select()
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(viewer.user)))
    .for('share');
  if (!t) throw notFound();
  return { ...t, at: offerTime(viewer, t) };
}

/**
 * The deadline rule on a tender read (and share-locked) in the offer transaction: returns the time of the check,
 * taken after the locks; before the start the state is wrong, at or after the finish the offer is late (also while
 * the scheduler has not moved the tender yet).
 */
function offerTime(viewer: Viewer, t: { status: TenderStatus; finish: Date }): Date {
  const at = now();
  requireTender(
    actorOf(viewer),
    'offer',
    { status: t.status },
    {
      state: t.status === 'DRAFT' || t.status === 'WAITING' ? wrongState : deadlinePassed,
    },
  );
  if (at.getTime() >= t.finish.getTime()) throw deadlinePassed();
  return at;
}

/** Active blacklisted producers per part. */
export async function blacklistedByPart(tx: Tx, partIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!partIds.length) return out;
  const rows = await tx
    .select({ partId: blacklists.partId, producerId: blacklistProducers.producerId })
    .from(blacklists)
    .innerJoin(blacklistProducers, eq(blacklistProducers.blacklistId, blacklists.id))
    .where(
      and(
        inArray(blacklists.partId, partIds),
        eq(blacklists.isActive, true),
        eq(blacklists.isDeleted, false),
      ),
    );
  for (const r of rows) out.set(r.partId, [...(out.get(r.partId) ?? []), r.producerId]);
  return out;
}

/** Producer ids of the list that exist, are active and not deleted. */
export async function usableProducers(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await tx
    .select({ id: producers.id })
    .from(producers)
    .where(and(inArray(producers.id, ids), eq(producers.isActive, true), eq(producers.isDeleted, false)));
  return new Set(rows.map((r) => r.id));
}

const qtyOrNull = (v: string | number | null | undefined) =>
  isBlank(v) ? null : fromScaled(defined(toScaled(v), 'checked quantity'));

/** What the offer transaction reads in its one statement after the locks. */
type OfferRead = {
  status: TenderStatus;
  finish: string | Date;
  /** [detail id, part id, need] per line of the tender. */
  lines: [number, number, string][] | null;
  /** [part id, producer id] per active blacklist entry of the tender's parts. */
  blacklisted: [number, number][] | null;
  /** The offered producers that exist, are active and not deleted. */
  producers: number[] | null;
  /** The company's comment on the tender (the one setCompanyComment replaces). */
  companyComment: string | null;
};

/**
 * POST /tenders/{id}/offer/: replaces the company's whole proposal set in one transaction. Two statements between
 * begin and commit: one takes the company's lock and the tender's share lock and reads what validation needs (the
 * tender's lines, their blacklists, the offered producers); one deletes the company's proposals, inserts the new
 * set, writes their audit rows and records AGREED, and reads the tender's row for the answer. Returns the answer (the
 * tender as GET /tenders/{id}/ gives it after the commit), or null when the request changes the company's comment
 * (written by later statements: the caller reads the tender then).
 */
export async function submitOffer(
  db: Db,
  viewer: Viewer,
  tenderId: number,
  body: OfferWrite,
): Promise<Tender | null> {
  const sup = supplierOf(viewer);
  requireTender(actorOf(viewer), 'offer', { status: 'ACTIVE' });
  const offeredProducers = [
    ...new Set(body.lines.flatMap((l) => l.offers.map((o) => o.producer).filter((p) => p != null))),
  ];
  return db.transaction(async (tx) => {
    // The company's lock is taken before the statement that reads the tender (a statement's snapshot is taken when
    // it starts, so the rows of a transaction that held the lock before us are visible to every later statement).
    // The tender row is share-locked: its status (and so the deadline check) cannot change until we commit.
    const [r] = await queryRows<OfferRead>(
      tx,
      sql`with company_lock as materialized (select pg_advisory_xact_lock(${tenderId}::int, ${sup}::int) as locked)
        select ${tenders.status} as status, ${tenders.finish} as finish,
          (select json_agg(json_build_array(${details.id}, ${details.partId}, (${needSql})::text) order by ${details.id})
             from ${details} where ${details.tenderId} = ${tenders.id}) as lines,
          (select json_agg(json_build_array(b.part_id, bp.producer_id))
             from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
             where b.is_active and not b.is_deleted
               and b.part_id in (select d.part_id from details d where d.tender_id = ${tenders.id})) as blacklisted,
          (select json_agg(p.id) from producers p
             where p.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(offeredProducers)}::jsonb))
               and p.is_active and not p.is_deleted) as producers,
          (select c.content from comments c
            where c.tender_id = ${tenders.id} and c.detail_id is null and c.kind = 'TENDER' and c.supplier_id = ${sup}
            order by c.id limit 1) as "companyComment"
        from ${tenders} cross join company_lock
        where ${tenders.id} = ${tenderId} and ${tenderVisibleWhere(viewer.user) ?? sql`true`}
        for share of ${tenders}`,
    );
    if (!r) throw notFound();
    const at = offerTime(viewer, { status: r.status, finish: new Date(r.finish) });
    const lines = (r.lines ?? []).map(([id, partId, need]) => ({ id, partId, need }));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const bl = new Map<number, number[]>();
    for (const [partId, producerId] of r.blacklisted ?? [])
      bl.set(partId, [...(bl.get(partId) ?? []), producerId]);
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    body.lines.forEach((l, i) => {
      if (!byId.has(l.detail)) errors[`lines.${i}.detail`] = ['invalid_choice'];
      else if (seen.has(l.detail)) errors[`lines.${i}.detail`] = ['invalid_choice'];
      seen.add(l.detail);
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    const parts: Record<number, { needQty: string; blacklistedProducerIds: number[] }> = {};
    for (const l of lines) parts[l.id] = { needQty: l.need, blacklistedProducerIds: bl.get(l.partId) ?? [] };
    Object.assign(errors, validateOffer(body, { today: todayOf(at), parts }));
    const wanted = body.lines.flatMap((l, i) =>
      l.offers
        .map((o, n) => ({ o, n, i, detail: l.detail }))
        .filter(
          ({ o }) =>
            !(
              o.producer == null &&
              isBlank(o.delivery_date) &&
              isBlank(o.price) &&
              isBlank(o.product_code) &&
              isBlank(o.ean_code)
            ),
        ),
    );
    const usable = new Set(r.producers ?? []);
    for (const w of wanted) {
      const key = `lines.${w.i}.offers.${w.n}.producer`;
      if (w.o.producer != null && !usable.has(w.o.producer) && !errors[key])
        errors[key] = ['producer_should_exist'];
    }
    if (Object.keys(errors).length) throw badRequest(errors);

    // The new set in the order sent (ids are given in that order). A line sent back with the id of one of the
    // company's proposals on the same part keeps that proposal's first `created` and is audited as changed.
    const input = wanted.map((w, ord) => ({
      ord,
      detail_id: w.detail,
      producer_id: defined(w.o.producer, 'producer'),
      price: defined(normalizeDecimal(w.o.price), 'price'),
      // a lone surrogate would make the JSON unreadable to PostgreSQL; as a text parameter it became U+FFFD
      product_code: clean(String(w.o.product_code)).trim().toWellFormed(),
      ean_code: String(w.o.ean_code).trim(),
      available_qty: qtyOrNull(w.o.available_qty),
      additional_qty: qtyOrNull(w.o.additional_qty),
      delivery_date: String(w.o.delivery_date).trim().slice(0, 10),
      prev_id: w.o.id ?? null,
    }));
    const canonical = input.map(
      (i): CanonicalOfferLine => ({
        detailId: i.detail_id,
        producerId: i.producer_id,
        price: i.price,
        deliveryDate: i.delivery_date,
        productCode: i.product_code,
        eanCode: i.ean_code,
        availableQty: i.available_qty,
        additionalQty: i.additional_qty,
      }),
    );
    const stamp = at.toISOString();
    const userName = fullName(viewer.user);
    // The company's comment: when the request changes it (the form always sends it; an unchanged one writes
    // nothing), later statements write it and the caller reads the tender after the commit.
    const newComment = body.comment === undefined ? undefined : clean(body.comment).trim();
    const commentChanges =
      newComment !== undefined && (newComment ? r.companyComment !== newComment : r.companyComment != null);
    // One statement: the old set deleted (the insert waits for it through its one-time filter, so a line sent
    // again with the same producer never meets its old row in the unique index), the new one inserted, the audit
    // rows (created/changed per new proposal in the order sent, then deleted per old one not sent back), AGREED,
    // and the receipt of the new set (receipts.ts `receiptSql`; its digest is of the values as the insert stores
    // them: a price and quantities of at most 4 decimals, a checked calendar date, the codes as cleaned here).
    const [after] = await queryRows<
      ListRow & { written: number; writtenFirst: Date | null; writtenLast: Date | null }
    >(
      tx,
      sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(ord int, detail_id int, producer_id int,
            price text, product_code text, ean_code text, available_qty numeric, additional_qty numeric,
            delivery_date date, prev_id int)),
        del as (
          delete from proposals where tender_id = ${tenderId} and supplier_id = ${sup}
          returning id, detail_id, created),
        ins as (
          insert into proposals (tender_id, detail_id, supplier_id, user_id, producer_id, price, product_code, ean_code,
            available_qty, additional_qty, delivery_date, created, updated)
          select ${tenderId}, i.detail_id, ${sup}, ${viewer.user.id}, i.producer_id, i.price::numeric, i.product_code,
            i.ean_code, i.available_qty, i.additional_qty, i.delivery_date, coalesce(d.created, ${stamp}::timestamptz),
            ${stamp}::timestamptz
          from input i left join del d on d.id = i.prev_id and d.detail_id = i.detail_id
          where (select count(*) from del) >= 0
          order by i.ord
          returning id, detail_id, producer_id, created, updated),
        audit as (${insertHistorySql(sql`
          select 'proposal', a.id, ${tenderId}, a.action, ${viewer.user.id}, ${userName}, a.data, ${stamp}::timestamptz
          from (
            select 0 as k, i.ord, n.id, case when d.id is null then 'created' else 'changed' end as action,
              jsonb_build_object('supplier_id', ${sup}::int, 'detail', i.detail_id, 'producer', i.producer_id,
                'price', i.price, 'previous_id', d.id) as data
            from ins n join input i on i.detail_id = n.detail_id and i.producer_id = n.producer_id
            left join del d on d.id = i.prev_id and d.detail_id = i.detail_id
            union all
            select 1, d.id, d.id, 'deleted', jsonb_build_object('supplier_id', ${sup}::int, 'detail', d.detail_id)
            from del d where not exists (select 1 from input i where i.prev_id = d.id and i.detail_id = d.detail_id)
          ) a
          order by a.k, a.ord`)}),
        agreed as (
          insert into tender_logs (tender_id, supplier_id, user_id, action, created)
          values (${tenderId}, ${sup}, ${viewer.user.id}, 'AGREED', ${stamp}::timestamptz)
          on conflict do nothing),
        ${receiptSql({ ...viewer, supplierId: sup }, tenderId, at, canonical, { dropDraft: true })}
        select r.*, (select count(*)::int from ins) as "written", (select min(created) from ins) as "writtenFirst",
          (select max(updated) from ins) as "writtenLast"
        from (select ${tenderRowSql(viewer, tenderId)} where tenders.id = ${tenderId}) r`,
    );
    if (commentChanges) {
      await setCompanyTenderComment(tx, viewer, tenderId, defined(body.comment, 'comment'), at);
      return null;
    }
    const { written, writtenFirst, writtenLast, ...row } = after;
    // The statement's snapshot is the one before its writes: what they change in the row is known from them. The
    // company's counters hold exactly the set just written (its offers are one transaction at a time), the tender is
    // ACTIVE (no winners shown), and AGREED is recorded.
    const own = viewer.seesCompanyOffers;
    return toTenders(viewer, [
      {
        ...row,
        proposalsCount: own ? written : 0,
        proposalCreated: own && written ? writtenFirst : null,
        proposalUpdated: own && written ? writtenLast : null,
        agreed: true,
      },
    ])[0];
  });
}

/** The company's one offer comment on a tender: replaced; blank deletes it. */
async function setCompanyTenderComment(tx: Tx, viewer: Viewer, tenderId: number, content: string, at: Date) {
  await setCompanyComment(tx, viewer, { kind: 'TENDER', tenderId }, clean(content).trim(), at);
}

/** DELETE /tenders/{id}/offer/: the company withdraws its proposals while the tender is ACTIVE. */
export async function cancelOffer(db: Db, viewer: Viewer, tenderId: number) {
  const sup = supplierOf(viewer);
  await db.transaction(async (tx) => {
    const t = await lockForOffer(tx, viewer, tenderId);
    const [mine] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.tenderId, t.id), eq(proposals.supplierId, sup)))
      .limit(1);
    requireTender(
      actorOf(viewer),
      'cancel_offer',
      { status: t.status, companyHasOffer: !!mine },
      { fact: () => nonField('no_offer_to_cancel') },
    );
    const gone = await tx
      .delete(proposals)
      .where(and(eq(proposals.tenderId, t.id), eq(proposals.supplierId, sup)))
      .returning({ id: proposals.id, detailId: proposals.detailId });
    await tx
      .delete(tenderLogs)
      .where(
        and(eq(tenderLogs.tenderId, t.id), eq(tenderLogs.supplierId, sup), eq(tenderLogs.action, 'AGREED')),
      );
    await auditMany(
      tx,
      viewer.user,
      gone.map((p) => ({
        entity: 'proposal',
        entityId: p.id,
        action: 'deleted',
        tenderId: t.id,
        data: { supplier_id: sup, detail: p.detailId, reason: 'offer_canceled' },
      })),
      t.at,
    );
    await offerSetChanged(tx, viewer, t.id, t.at, { dropDraft: true });
  });
}

// ---------- per-line offers (suppliers) ----------

/** Validates one offer line against the part, the company's other lines on it and the producer catalogue. */
async function checkLine(
  tx: Tx,
  d: { id: number; partId: number; need: string },
  body: ProposalWrite,
  others: (typeof proposals.$inferSelect)[],
  at: Date,
) {
  const bl = await blacklistedByPart(tx, [d.partId]);
  const errors: FieldErrors = {
    ...validateOfferLine(body, {
      today: todayOf(at),
      needQty: String(d.need),
      blacklistedProducerIds: bl.get(d.partId) ?? [],
    }),
  };
  if (body.producer != null && !errors.producer) {
    if (!(await usableProducers(tx, [body.producer])).has(body.producer))
      errors.producer = ['producer_should_exist'];
    else if (others.some((o) => o.producerId === body.producer)) errors.producer = ['duplicate_producer'];
  }
  if (!isBlank(body.available_qty) && !errors.available_qty) {
    const stated = others.map((o) => o.availableQty).filter((q): q is string => q != null);
    if (stated.length && compareDecimal(sumDecimals([...stated, body.available_qty]), String(d.need)) > 0)
      errors.available_qty = ['qty_above_need'];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

function proposalValues(body: ProposalWrite) {
  return {
    producerId: defined(body.producer, 'producer'),
    price: defined(normalizeDecimal(body.price), 'price'),
    productCode: clean(String(body.product_code)).trim(),
    eanCode: String(body.ean_code).trim(),
    availableQty: qtyOrNull(body.available_qty),
    additionalQty: qtyOrNull(body.additional_qty),
    deliveryDate: String(body.delivery_date).trim().slice(0, 10),
  };
}

/** PATCH /details/{id}/add_proposal/: one more offer line of the company on a part (at most 3). */
export async function addProposal(db: Db, viewer: Viewer, detailId: number, body: ProposalWrite) {
  const sup = supplierOf(viewer);
  return db.transaction(async (tx) => {
    const d = await tenderOfDetail(tx, detailId);
    const { at } = await lockForOffer(tx, viewer, d.tenderId);
    const others = await tx
      .select()
      .from(proposals)
      .where(and(eq(proposals.detailId, detailId), eq(proposals.supplierId, sup)));
    if (others.length >= 3) throw nonField('too_many_offers');
    await checkLine(tx, d, body, others, at);
    const values = proposalValues(body);
    const [p] = await tx
      .insert(proposals)
      .values({
        ...values,
        tenderId: d.tenderId,
        detailId,
        supplierId: sup,
        userId: viewer.user.id,
        created: at,
        updated: at,
      })
      .returning({ id: proposals.id });
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: p.id,
          tenderId: d.tenderId,
          action: 'created',
          data: { supplier_id: sup, detail: detailId, producer: values.producerId, price: values.price },
        },
      ],
      at,
    );
    await offerSetChanged(tx, viewer, d.tenderId, at);
    return p.id;
  });
}

async function ownProposal(tx: Tx, viewer: Viewer, id: number) {
  const [p] = await tx
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.supplierId, supplierOf(viewer))));
  if (!p) throw notFound();
  return p;
}

/** PATCH /proposals/{id}/: changes one of the company's offer lines (fields not sent keep their value). */
export async function changeProposal(db: Db, viewer: Viewer, id: number, body: ProposalWrite) {
  return db.transaction(async (tx) => {
    const p0 = await ownProposal(tx, viewer, id);
    const { at } = await lockForOffer(tx, viewer, p0.tenderId);
    const p = await ownProposal(tx, viewer, id);
    const d = await tenderOfDetail(tx, p.detailId);
    const merged: ProposalWrite = {
      producer: body.producer !== undefined ? body.producer : p.producerId,
      price: body.price !== undefined ? body.price : p.price,
      delivery_date: body.delivery_date !== undefined ? body.delivery_date : p.deliveryDate,
      product_code: body.product_code !== undefined ? body.product_code : p.productCode,
      ean_code: body.ean_code !== undefined ? body.ean_code : p.eanCode,
      available_qty: body.available_qty !== undefined ? body.available_qty : p.availableQty,
      additional_qty: body.additional_qty !== undefined ? body.additional_qty : p.additionalQty,
    };
    const others = await tx
      .select()
      .from(proposals)
      .where(
        and(eq(proposals.detailId, p.detailId), eq(proposals.supplierId, p.supplierId), ne(proposals.id, id)),
      );
    await checkLine(tx, d, merged, others, at);
    const values = proposalValues(merged);
    await tx
      .update(proposals)
      .set({ ...values, userId: viewer.user.id, updated: at })
      .where(eq(proposals.id, id));
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: id,
          tenderId: p.tenderId,
          action: 'changed',
          data: {
            supplier_id: p.supplierId,
            detail: p.detailId,
            producer: values.producerId,
            price: values.price,
          },
        },
      ],
      at,
    );
    await offerSetChanged(tx, viewer, p.tenderId, at);
    return id;
  });
}

/** DELETE /proposals/{id}/ */
export async function deleteProposal(db: Db, viewer: Viewer, id: number) {
  await db.transaction(async (tx) => {
    const p0 = await ownProposal(tx, viewer, id);
    const { at } = await lockForOffer(tx, viewer, p0.tenderId);
    const p = await ownProposal(tx, viewer, id);
    await tx.delete(proposals).where(eq(proposals.id, id));
    await auditMany(
      tx,
      viewer.user,
      [
        {
          entity: 'proposal',
          entityId: id,
          tenderId: p.tenderId,
          action: 'deleted',
          data: { supplier_id: p.supplierId, detail: p.detailId },
        },
      ],
      at,
    );
    await offerSetChanged(tx, viewer, p.tenderId, at);
  });
}
