// Winners per line while a tender is CHOOSING (buyers).
import {
  aboveAvailable,
  type DetailStatus,
  defaultReason,
  defined,
  fromScaled,
  isBlank,
  singleWinnerAmount,
  toScaled,
  validateWinners,
  type WinnerReason,
  type WinnersWrite,
} from '@portal/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, details, proposals, winners } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest, type FieldErrors } from '../../lib/errors.ts';
import type { AuditRow } from '../../lib/history.ts';
import { actorOf, clean, requireLine } from './access.ts';
import { auditMany, lockDetail, type Tx } from './core.ts';
import { blacklistedByPart } from './offers.ts';
import { needSql } from './serialize.ts';

// ---------- winners (buyers, CHOOSING) ----------

/** The line's next `updated`: now, but always later than the last one (the clock may stand still in tests). */
const nextVersion = (last: Date, at: Date) =>
  at.getTime() > last.getTime() ? at : new Date(last.getTime() + 1);
/** `nextVersion` in SQL, for many lines in one statement. */
const nextVersionSql = (at: Date) =>
  sql`case when ${details.updated} < ${at.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz
    else ${details.updated} + interval '1 millisecond' end`;

/**
 * The line's tender share-locked and the line locked for update: a confirm, cancel or reopen (which lock the tender
 * for update) waits for the saves under way and they for it, while buyers saving other lines of the same tender go
 * on side by side; only two saves of the same line take turns.
 */
async function lockForWinners(tx: Tx, user: SessionUser, detailId: number, version?: string) {
  const { detail: d, tender: t } = await lockDetail(tx, user, detailId, 'share');
  requireLine(actorOf(user), 'choose_winners', { status: t?.status ?? null, lineStatus: d.status });
  // Another buyer saved this line's winners since the caller loaded it: refuse rather than overwrite.
  if (version !== undefined && version !== d.updated.toISOString())
    throw new AppError(409, { detail: 'winners_changed_reload' });
  return { d, t: defined(t, `tender of line ${d.id}`) };
}

/** Offer lines as the shared winner rules read them (price and available quantity as decimal text). */
export async function offersForRules(tx: Tx, where: SQL) {
  const rows = await tx
    .select({
      id: proposals.id,
      price: proposals.price,
      producer: proposals.producerId,
      available: proposals.availableQty,
    })
    .from(proposals)
    .where(where);
  return rows.map((p) => ({
    id: p.id,
    price: String(p.price),
    producer: p.producer,
    available: p.available == null ? null : String(p.available),
  }));
}

/** PATCH /details/{id}/add_winners/: replaces the line's winners (shared winner rules) and its winner comment. */
export async function addWinners(db: Db, user: SessionUser, detailId: number, body: WinnersWrite) {
  await db.transaction(async (tx) => {
    const { d, t } = await lockForWinners(tx, user, detailId, body.version);
    const [{ need }] = await tx.select({ need: needSql }).from(details).where(eq(details.id, detailId));
    const props = await offersForRules(tx, eq(proposals.detailId, detailId));
    const blacklisted = (await blacklistedByPart(tx, [d.partId])).get(d.partId) ?? [];
    const rows = body.winners.map((w) =>
      w.name == null ? { name: null } : { ...w, reason: defaultReason(w.name, w.reason, props) },
    );
    const chosen = rows.map((w, i) => ({ w, i })).filter(({ w }) => w.name != null);
    if (chosen.length === 1)
      rows[chosen[0].i] = { ...rows[chosen[0].i], amount: singleWinnerAmount(String(need)) };
    const errors: FieldErrors = {
      ...validateWinners(
        rows,
        { needQty: String(need), proposals: props, blacklistedProducerIds: blacklisted },
        body.comment,
      ),
    };
    for (const { w, i } of chosen) {
      if (!props.some((p) => p.id === w.name)) errors[`winners.${i}.name`] = ['invalid_choice'];
      const amount = 'amount' in w ? w.amount : null;
      if (chosen.length > 1 && !isBlank(amount) && toScaled(amount) == null)
        errors[`winners.${i}.amount`] = ['not_a_number'];
    }
    // More than the offer has available only with the buyer's explicit confirmation (issue 32).
    const above = new Set<number>();
    for (const { w, i } of chosen) {
      const offer = props.find((p) => p.id === w.name);
      if (offer && aboveAvailable('amount' in rows[i] ? rows[i].amount : null, offer.available)) above.add(i);
    }
    if (!body.confirm_above_available)
      for (const i of above)
        errors[`winners.${i}.amount`] = [...(errors[`winners.${i}.amount`] ?? []), 'amount_above_available'];
    if (Object.keys(errors).length) throw badRequest(errors);

    await writeWinners(tx, user, t.id, [
      {
        detail: d,
        winners: chosen.map(({ i }) => {
          const w = rows[i] as { name: number; amount: string; reason: WinnerReason };
          return { ...w, aboveAvailable: above.has(i) };
        }),
        comment: body.comment,
      },
    ]);
  });
}

/** One line's new winners as `writeWinners` takes them (checked by the winner rules before). */
export interface LineWinners {
  detail: { id: number; status: DetailStatus; updated: Date };
  winners: { name: number; amount: string; reason: WinnerReason; aboveAvailable?: boolean }[];
  comment?: string | null;
}

/**
 * Replaces the winners and the winner comment of the given lines of one tender (locked by the caller, the winners
 * checked): a statement per table for all of them, the lines' status and version moved, every change audited. The
 * line's winner save writes one line through it, applying suggestions a tender's lines at once.
 */
export async function writeWinners(tx: Tx, user: SessionUser, tenderId: number, lines: LineWinners[]) {
  if (!lines.length) return;
  const ids = lines.map((l) => l.detail.id);
  const at = now();
  const gone = await tx
    .delete(winners)
    .where(inArray(winners.detailId, ids))
    .returning({ id: winners.id, detailId: winners.detailId, proposalId: winners.proposalId });
  const rows = lines.flatMap((l) =>
    l.winners.map((w) => ({
      detailId: l.detail.id,
      proposalId: w.name,
      amount: fromScaled(defined(toScaled(w.amount), 'checked amount')),
      reason: w.reason,
      creatorId: user.id,
      created: at,
      updated: at,
    })),
  );
  const added = rows.length ? await tx.insert(winners).values(rows).returning() : [];
  const above = new Set(
    lines.flatMap((l) => l.winners.filter((w) => w.aboveAvailable).map((w) => `${l.detail.id}:${w.name}`)),
  );
  await tx.delete(comments).where(and(inArray(comments.detailId, ids), eq(comments.kind, 'WINNER')));
  const commented = lines.filter((l) => !isBlank(l.comment));
  const winnerComments = commented.length
    ? await tx
        .insert(comments)
        .values(
          commented.map((l) => ({
            kind: 'WINNER' as const,
            tenderId,
            detailId: l.detail.id,
            userId: user.id,
            content: clean(defined(l.comment, 'winner comment')).trim(),
            created: at,
            updated: at,
          })),
        )
        .returning({ id: comments.id, detailId: comments.detailId })
    : [];
  const statusOf = (l: LineWinners): DetailStatus => (l.winners.length ? 'ORDERED' : 'WAITING');
  // Every save moves the line's version (`updated`) past its last one, so a buyer holding the old one is refused.
  for (const status of ['ORDERED', 'WAITING'] as const) {
    const these = lines.filter((l) => statusOf(l) === status).map((l) => l.detail.id);
    if (these.length)
      await tx
        .update(details)
        .set({ status, updated: nextVersionSql(at) })
        .where(inArray(details.id, these));
  }
  await auditMany(tx, user, [
    ...gone.map(
      (w): AuditRow => ({
        entity: 'winner',
        entityId: w.id,
        action: 'deleted',
        tenderId,
        data: { detail: w.detailId, proposal: w.proposalId },
      }),
    ),
    ...added.map(
      (w): AuditRow => ({
        entity: 'winner',
        entityId: w.id,
        action: 'created',
        tenderId,
        data: {
          detail: w.detailId,
          proposal: w.proposalId,
          amount: w.amount,
          reason: w.reason,
          ...(above.has(`${w.detailId}:${w.proposalId}`) ? { above_available: true } : {}),
        },
      }),
    ),
    ...lines
      .filter((l) => statusOf(l) !== l.detail.status)
      .map(
        (l): AuditRow => ({
          entity: 'detail',
          entityId: l.detail.id,
          action: 'status',
          tenderId,
          data: { from: l.detail.status, to: statusOf(l) },
        }),
      ),
    ...winnerComments.map(
      (c): AuditRow => ({
        entity: 'comment',
        entityId: c.id,
        action: 'created',
        tenderId,
        data: { kind: 'WINNER', detail: c.detailId },
      }),
    ),
  ]);
}

/**
 * Removes a line's winners and their winner comments inside the caller's transaction (the line's evaluation is
 * cancelled or redone); answers the removed winners. The caller has locked the line and audits the change.
 */
export async function removeLineWinners(tx: Tx, detailId: number) {
  const gone = await tx
    .delete(winners)
    .where(eq(winners.detailId, detailId))
    .returning({ id: winners.id, proposalId: winners.proposalId });
  await tx.delete(comments).where(and(eq(comments.detailId, detailId), eq(comments.kind, 'WINNER')));
  return gone;
}

/** PATCH /details/{id}/delete_winners/ */
export async function deleteWinners(db: Db, user: SessionUser, detailId: number, version?: string) {
  await db.transaction(async (tx) => {
    const { d, t } = await lockForWinners(tx, user, detailId, version);
    const gone = await removeLineWinners(tx, detailId);
    const status: DetailStatus = 'WAITING';
    await tx
      .update(details)
      .set({ status, updated: nextVersion(d.updated, now()) })
      .where(eq(details.id, detailId));
    await auditMany(tx, user, [
      ...gone.map(
        (w): AuditRow => ({
          entity: 'winner',
          entityId: w.id,
          action: 'deleted',
          tenderId: t.id,
          data: { detail: detailId, proposal: w.proposalId },
        }),
      ),
      ...(d.status !== status
        ? [
            {
              entity: 'detail' as const,
              entityId: detailId,
              action: 'status' as const,
              tenderId: t.id,
              data: { from: d.status, to: status },
            },
          ]
        : []),
    ]);
  });
}
