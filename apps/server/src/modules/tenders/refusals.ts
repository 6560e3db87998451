// A winner refuses its award (issue 32, the terms: "if the winner refuses, the next best offer is chosen"; "a winner
// who refuses pays the price difference within 14 days of the claim"). On an ORDERED tender a buyer records that a
// company refused one or more of its lines (all of them: its whole order) with the day and a reason. For each line
// the portal proposes the next best offer by the evaluation's order (price, then the older offer), skipping
// blacklisted producers, the refusing company and companies that refused the line before; the buyer keeps the
// proposal or picks another (or none: the line is not ordered). In one transaction:
//   - the refused winner is removed and the replacement becomes a winner of the same amount (added to its share when
//     it already won part of the line); a line left without winners becomes FAILED;
//   - the new winner gets its purchase order like at the confirm (mail TENDER_WINNER, order files, Business
//     Central through the outbox, Directo at the next export); an order left without lines is withdrawn from
//     Business Central and deleted unless Directo already has it (then the history says it needs correcting there);
//   - the claim (replacement price − refused price) × amount per line (never below zero), due 14 days after the
//     claim date, is recorded with a REFUSED_AWARD breach of the refusing company, which is mailed AWARD_REFUSED;
//   - the history has the refusal, each winner change, the line states and the orders.
import {
  addDays,
  CLAIM_DUE_DAYS,
  canTender,
  defaultReason,
  formatDate,
  formatMoney,
  formatPrice,
  formatQuantity,
  type Language,
  type RefusalItem,
  type RefusalOverview,
  type RefusalWrite,
  rankReplacements,
} from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  details,
  purchaseOrders,
  refusalLines,
  refusals,
  suppliers,
  tenders,
  users,
  winners,
} from '../../db/schema/index.ts';
import { fullName, isSupplier, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, type FieldErrors, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { queryRow, queryRows } from '../../lib/sql.ts';
import { recordRefusalBreach, tallinnToday } from '../breaches/index.ts';
import { actorOf, requireTender, sealedForBuyers, tenderVisibleWhere } from './access.ts';
import { auditMany, lockTender, type TenderRecord, type Tx } from './core.ts';
import { runTenderHooks } from './lifecycle.ts';
import { emailSuppliers } from './notify.ts';
import { blacklistedByPart } from './offers.ts';
import { mailOutcome, tenderEmailContext } from './outcome.ts';

type Offer = {
  id: number;
  supplier: number;
  supplier_name: string;
  producer: number;
  producer_name: string;
  price: string;
  delivery_date: string;
  available_qty: string | null;
};

/** Every offer of the lines, with its company and producer names, by line. */
async function offersByLine(tx: Tx, detailIds: number[]): Promise<Map<number, Offer[]>> {
  const out = new Map<number, Offer[]>();
  if (!detailIds.length) return out;
  const rows = await queryRows<Offer & { detail_id: number }>(
    tx,
    sql`select p.id, p.detail_id, p.supplier_id as supplier, s.name as supplier_name, p.producer_id as producer,
        pr.name as producer_name, p.price::text as price, p.delivery_date::text as delivery_date,
        p.available_qty::text as available_qty
      from proposals p join suppliers s on s.id = p.supplier_id join producers pr on pr.id = p.producer_id
      where p.detail_id in (${sql.join(
        detailIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.price, p.id`,
  );
  for (const r of rows) {
    const d = Number(r.detail_id);
    out.set(d, [
      ...(out.get(d) ?? []),
      { ...r, id: Number(r.id), supplier: Number(r.supplier), producer: Number(r.producer) },
    ]);
  }
  return out;
}

/** Companies that refused each line before (they are never proposed again for it). */
async function refusersByLine(tx: Tx, detailIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!detailIds.length) return out;
  const rows = await tx
    .select({ detailId: refusalLines.detailId, supplierId: refusals.supplierId })
    .from(refusalLines)
    .innerJoin(refusals, eq(refusals.id, refusalLines.refusalId))
    .where(inArray(refusalLines.detailId, detailIds));
  for (const r of rows) out.set(r.detailId, [...(out.get(r.detailId) ?? []), r.supplierId]);
  return out;
}

type WonLine = {
  winner: number;
  detail: number;
  proposal: number;
  supplier: number;
  supplier_name: string;
  amount: string;
  price: string;
  reason: string;
  part_id: number;
  part_code: string;
  part_name: string;
};

async function wonLines(tx: Tx, tenderId: number, supplierId?: number): Promise<WonLine[]> {
  const rows = await queryRows<WonLine>(
    tx,
    sql`select w.id as winner, w.detail_id as detail, w.proposal_id as proposal, p.supplier_id as supplier,
        s.name as supplier_name, w.amount::text as amount, p.price::text as price, w.reason, d.part_id,
        pa.code as part_code, pa.name as part_name
      from winners w join proposals p on p.id = w.proposal_id join details d on d.id = w.detail_id
      join parts pa on pa.id = d.part_id join suppliers s on s.id = p.supplier_id
      where p.tender_id = ${tenderId} ${supplierId === undefined ? sql`` : sql`and p.supplier_id = ${supplierId}`}
      order by s.name, p.supplier_id, d.id, w.id`,
  );
  return rows.map((r) => ({
    ...r,
    winner: Number(r.winner),
    detail: Number(r.detail),
    proposal: Number(r.proposal),
    supplier: Number(r.supplier),
    part_id: Number(r.part_id),
  }));
}

async function candidatesFor(tx: Tx, lines: WonLine[]) {
  const ids = [...new Set(lines.map((l) => l.detail))];
  const offers = await offersByLine(tx, ids);
  const refusers = await refusersByLine(tx, ids);
  const blacklisted = await blacklistedByPart(tx, [...new Set(lines.map((l) => l.part_id))]);
  return (l: WonLine) =>
    rankReplacements(
      offers.get(l.detail) ?? [],
      [l.supplier, ...(refusers.get(l.detail) ?? [])],
      blacklisted.get(l.part_id) ?? [],
    );
}

async function refusalList(tx: Tx, tenderId: number): Promise<RefusalItem[]> {
  const rs = await tx
    .select({ r: refusals, supplierName: suppliers.name, first: users.firstName, last: users.lastName })
    .from(refusals)
    .innerJoin(suppliers, eq(suppliers.id, refusals.supplierId))
    .leftJoin(users, eq(users.id, refusals.userId))
    .where(eq(refusals.tenderId, tenderId))
    .orderBy(asc(refusals.id));
  if (!rs.length) return [];
  const lines = await queryRows<{
    refusal_id: number;
    detail_id: number;
    part_name: string;
    amount: string;
    refused_price: string;
    replacement_supplier_name: string | null;
    replacement_price: string | null;
    claim: string;
  }>(
    tx,
    sql`select rl.refusal_id, rl.detail_id, pa.name as part_name, rl.amount::text as amount,
        rl.refused_price::text as refused_price, s.name as replacement_supplier_name,
        rl.replacement_price::text as replacement_price, rl.claim::text as claim
      from refusal_lines rl join refusals r on r.id = rl.refusal_id join details d on d.id = rl.detail_id
      join parts pa on pa.id = d.part_id
      left join proposals p on p.id = rl.replacement_proposal_id left join suppliers s on s.id = p.supplier_id
      where r.tender_id = ${tenderId} order by rl.id`,
  );
  return rs.map(({ r, supplierName, first, last }) => ({
    id: r.id,
    supplier: r.supplierId,
    supplier_name: supplierName,
    scope: r.scope,
    refused_on: r.refusedOn,
    reason: r.reason,
    claim_date: r.claimDate,
    claim_due: r.claimDue,
    claim_amount: r.claimAmount,
    user_name: first == null ? null : fullName({ firstName: first, lastName: last ?? '' }),
    created: r.created.toISOString(),
    lines: lines
      .filter((l) => Number(l.refusal_id) === r.id)
      .map((l) => ({
        detail: Number(l.detail_id),
        part_name: l.part_name,
        amount: l.amount,
        refused_price: l.refused_price,
        replacement_supplier_name: l.replacement_supplier_name,
        replacement_price: l.replacement_price,
        claim: l.claim,
      })),
  }));
}

/**
 * GET /tenders/{id}/refusals/ (buyers): the refusals recorded on the tender and, while it is ORDERED and the caller
 * may record one, each won line with its replacements best first. Offers are named only once the seal is off.
 */
export async function refusalOverview(db: Db, user: SessionUser, tenderId: number): Promise<RefusalOverview> {
  if (isSupplier(user)) throw forbidden();
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)));
  if (!t) throw notFound();
  if (sealedForBuyers(t.status)) return { winners: [], refusals: [] };
  const refusalsOut = await refusalList(db, t.id);
  const mayRefuse = canTender(actorOf(user), 'refuse_award', { status: t.status });
  if (!mayRefuse) return { winners: [], refusals: refusalsOut };
  const won = await wonLines(db, t.id);
  const ranked = await candidatesFor(db, won);
  return {
    refusals: refusalsOut,
    winners: won.map((l) => ({
      detail: l.detail,
      part_code: l.part_code,
      part_name: l.part_name,
      winner: l.winner,
      supplier: l.supplier,
      supplier_name: l.supplier_name,
      price: l.price,
      amount: l.amount,
      candidates: ranked(l).map((o) => ({
        id: o.id,
        supplier: o.supplier,
        supplier_name: o.supplier_name,
        producer_name: o.producer_name,
        price: o.price,
        delivery_date: o.delivery_date,
        available_qty: o.available_qty,
      })),
    })),
  };
}

const LANGUAGE: Record<string, Language> = { EST: 'et', RUS: 'ru', ENG: 'en' };

/** POST /tenders/{id}/refusals/: records the refusal, replaces the winners, the claim and the breach (see above). */
export async function recordRefusal(db: Db, user: SessionUser, tenderId: number, body: RefusalWrite) {
  return db.transaction(async (tx) => {
    const t = await lockTender(tx, user, tenderId);
    requireTender(actorOf(user), 'refuse_award', { status: t.status });
    const today = tallinnToday();
    if (body.refused_on > today) throw invalid('refused_on', 'date_in_future');
    const own = await wonLines(tx, t.id, body.supplier);
    if (!own.length) throw invalid('supplier', 'not_a_winner');
    const ranked = await candidatesFor(tx, own);
    const errors: FieldErrors = {};
    const seen = new Set<number>();
    const plan: {
      line: WonLine;
      replacement: ReturnType<typeof ranked>[number] | null;
      choices: ReturnType<typeof ranked>;
    }[] = [];
    body.lines.forEach((l, i) => {
      const line = own.find((w) => w.detail === l.detail);
      if (!line || seen.has(l.detail)) {
        errors[`lines.${i}.detail`] = [line ? 'invalid' : 'not_a_winner'];
        return;
      }
      seen.add(l.detail);
      const choices = ranked(line);
      const replacement =
        l.replacement == null ? null : (choices.find((o) => o.id === l.replacement) ?? null);
      if (l.replacement != null && !replacement) errors[`lines.${i}.replacement`] = ['not_a_replacement'];
      plan.push({ line, replacement, choices });
    });
    if (Object.keys(errors).length) throw badRequest(errors);

    const at = now();
    const claimDate = today;
    const claimDue = addDays(claimDate, CLAIM_DUE_DAYS);
    const scope = new Set(own.map((w) => w.detail)).size === plan.length ? 'ORDER' : 'LINE';
    const [refusal] = await tx
      .insert(refusals)
      .values({
        tenderId: t.id,
        supplierId: body.supplier,
        scope,
        refusedOn: body.refused_on,
        reason: body.reason,
        claimDate,
        claimDue,
        userId: user.id,
        created: at,
      })
      .returning();
    const events: Parameters<typeof auditMany>[2] = [];
    const replacementSuppliers = new Set<number>();
    for (const { line, replacement, choices } of plan) {
      await tx.delete(winners).where(eq(winners.id, line.winner));
      events.push({
        entity: 'winner',
        entityId: line.winner,
        action: 'deleted',
        tenderId: t.id,
        data: { detail: line.detail, proposal: line.proposal, reason: 'refused', refusal: refusal.id },
      });
      if (replacement) {
        replacementSuppliers.add(replacement.supplier);
        const [share] = await tx
          .update(winners)
          .set({ amount: sql`${winners.amount} + ${line.amount}::numeric`, updated: at })
          .where(eq(winners.proposalId, replacement.id))
          .returning();
        const [w] = share
          ? [share]
          : await tx
              .insert(winners)
              .values({
                detailId: line.detail,
                proposalId: replacement.id,
                amount: line.amount,
                reason:
                  defaultReason(replacement.id, null, choices) ??
                  (line.reason as typeof winners.$inferInsert.reason),
                creatorId: user.id,
                created: at,
                updated: at,
              })
              .returning();
        events.push({
          entity: 'winner',
          entityId: w.id,
          action: share ? 'updated' : 'created',
          tenderId: t.id,
          data: {
            detail: line.detail,
            proposal: replacement.id,
            amount: w.amount,
            reason: w.reason,
            refusal: refusal.id,
          },
        });
      }
      const claim = await queryRow<{ claim: string }>(
        tx,
        sql`select greatest(0, round((${replacement?.price ?? line.price}::numeric - ${line.price}::numeric)
          * ${line.amount}::numeric, 2))::text as claim`,
      );
      await tx.insert(refusalLines).values({
        refusalId: refusal.id,
        detailId: line.detail,
        refusedProposalId: line.proposal,
        refusedPrice: line.price,
        amount: line.amount,
        replacementProposalId: replacement?.id ?? null,
        replacementPrice: replacement?.price ?? null,
        claim: claim?.claim ?? '0',
      });
      const [left] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(winners)
        .where(eq(winners.detailId, line.detail));
      if (left.n === 0) {
        await tx.update(details).set({ status: 'FAILED', updated: at }).where(eq(details.id, line.detail));
        events.push({
          entity: 'detail',
          entityId: line.detail,
          action: 'status',
          tenderId: t.id,
          data: { from: 'ORDERED', to: 'FAILED', reason: 'refused' },
        });
      }
    }
    const [sum] = await tx
      .update(refusals)
      .set({
        claimAmount: sql`(select coalesce(sum(claim), 0) from refusal_lines where refusal_id = ${refusal.id})`,
      })
      .where(eq(refusals.id, refusal.id))
      .returning({ claim: refusals.claimAmount });
    await auditMany(tx, user, events);

    // Orders: the new winners get theirs as at the confirm; the refuser's order goes when it has no line left.
    const orders = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.tenderId, t.id));
    const changed = orders.filter(
      (o) => o.supplierId === body.supplier || replacementSuppliers.has(o.supplierId),
    );
    const created = await createOrders(tx, user, t, orders, [...replacementSuppliers], at);
    const refuserOrder = orders.find((o) => o.supplierId === body.supplier);
    const refuserLeft = await wonLines(tx, t.id, body.supplier);
    const removed = refuserOrder && !refuserLeft.length && !refuserOrder.exportCode ? [refuserOrder] : [];
    if (refuserOrder?.exportCode)
      await audit(tx, {
        entity: 'tender',
        entityId: t.id,
        tenderId: t.id,
        action: 'refused_order_exported',
        user,
        data: {
          order_code: refuserOrder.orderCode,
          export_code: refuserOrder.exportCode,
          refusal: refusal.id,
        },
      });
    await runTenderHooks(
      db,
      'refusing',
      tx,
      t.id,
      removed.map((o) => o.id),
    );
    for (const o of removed) {
      await tx.delete(purchaseOrders).where(eq(purchaseOrders.id, o.id));
      await audit(tx, {
        entity: 'tender',
        entityId: t.id,
        tenderId: t.id,
        action: 'order_withdrawn',
        user,
        data: { supplier_id: o.supplierId, order_code: o.orderCode, refusal: refusal.id },
      });
    }
    await runTenderHooks(
      db,
      'refused',
      tx,
      t.id,
      [...changed.filter((o) => !removed.includes(o)), ...created].map((o) => o.id),
    );

    const claimAmount = sum?.claim ?? '0';
    const breachId = await recordRefusalBreach(tx, user, {
      supplierId: body.supplier,
      refusalId: refusal.id,
      tenderId: t.id,
      detailId: plan.length === 1 ? plan[0].line.detail : null,
      occurredOn: body.refused_on,
      note: body.reason,
      claimAmount,
      claimDue,
    });
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'award_refused',
      user,
      data: {
        refusal: refusal.id,
        breach: breachId,
        supplier_id: body.supplier,
        scope,
        refused_on: body.refused_on,
        reason: body.reason,
        lines: plan.map((p) => ({ detail: p.line.detail, replacement: p.replacement?.id ?? null })),
        claim_amount: claimAmount,
        claim_due: claimDue,
      },
    });

    // Mails: the new winners as at the confirm; the refuser its refusal and claim in its own language.
    await mailOutcome(tx, user, t, at, [body.supplier]);
    const info = await tenderEmailContext(tx, t);
    await emailSuppliers(
      tx,
      [body.supplier],
      'AWARD_REFUSED',
      (language) => {
        const lang = LANGUAGE[language] ?? 'et';
        return {
          ...info,
          refused_list: plan
            .map(
              (p) =>
                `${p.line.part_name}: ${formatQuantity(p.line.amount, lang)} × ${formatPrice(p.line.price, lang)}`,
            )
            .join('\n'),
          refusal_reason: body.reason,
          refused_on: formatDate(body.refused_on, lang),
          claim_amount: formatMoney(claimAmount, lang),
          claim_due: formatDate(claimDue, lang),
        };
      },
      (u) => `award-refused:${refusal.id}:${u}`,
      // Its lines and prices, like the winner mail: only to the users who see the company's offers.
      { offersOnly: true },
    );
    return refusal.id;
  });
}

/** Purchase orders for companies that won their first line of the tender (the confirm's numbering). */
async function createOrders(
  tx: Tx,
  user: SessionUser,
  t: TenderRecord,
  existing: (typeof purchaseOrders.$inferSelect)[],
  supplierIds: number[],
  at: Date,
) {
  const out: (typeof purchaseOrders.$inferSelect)[] = [];
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.tenderId, t.id));
  let k = n;
  for (const sid of supplierIds.sort((a, b) => a - b)) {
    if (existing.some((o) => o.supplierId === sid)) continue;
    k++;
    let code = `${t.tenderCode}-${String(k).padStart(2, '0')}`;
    const taken = await queryRow(tx, sql`select 1 as one from purchase_orders where order_code = ${code}`);
    if (taken) code = `${code}-${sid}`;
    const [o] = await tx
      .insert(purchaseOrders)
      .values({ tenderId: t.id, supplierId: sid, orderCode: code, created: at })
      .returning();
    out.push(o);
    await audit(tx, {
      entity: 'tender',
      entityId: t.id,
      tenderId: t.id,
      action: 'order_created',
      user,
      data: { supplier_id: sid, order_code: o.orderCode },
    });
  }
  return out;
}
