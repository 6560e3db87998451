// Questions while a tender runs (issue 32, point 6). A supplier who writes the company's offers asks on an ACTIVE
// tender or one of its lines; buyers see every question at once (a question carries no offer data) and answer it,
// while the tender runs and after; an answered question is shown to every supplier who may see the tender, and the
// asking company sees its own, answered or not. No answer of these routes, no mail and no history row names the
// asking company or user: the seal says nothing about who asked, as it says nothing about who offered.
//
// With an answer that changes the requirement, Administrator or Contractor may move the finish of the ACTIVE tender
// later (suppliers who may see it are mailed). The offer transaction reads the finish under the tender's lock and
// the scheduler moves a tender when its finish has passed, so both follow the new finish at once.
import { ANSWER_MAX_LENGTH, QUESTION_MAX_LENGTH, type TenderQuestion } from '@portal/shared';
import { and, asc, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, groups, tenderQuestions, tenders, users, warehouses } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { queryRows } from '../../lib/sql.ts';
import { actorOf, clean, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';
import { deadlinePassed, lockTender } from './core.ts';
import {
  adminEmail,
  emailSuppliers,
  languageOf,
  participantSuppliers,
  queueTenderEmail,
  suppliersOfGroup,
} from './notify.ts';

export type QuestionOut = TenderQuestion;

/** What a question is about in a mail: the part's name, or the whole tender. */
const WHOLE_TENDER = { EST: 'kogu hange', RUS: 'весь тендер', ENG: 'the whole tender' } as const;
const PART = { EST: 'detail', RUS: 'деталь', ENG: 'part' } as const;
type Lang = keyof typeof WHOLE_TENDER;
const aboutOf = (partName: string | null) => (language: Lang) =>
  partName ? `${PART[language]} ${partName}` : WHOLE_TENDER[language];

/** A tender the caller may see (404 otherwise). */
async function visibleTender(db: Db, viewer: Viewer, id: number) {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, id), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  return t;
}

/** GET /tenders/{id}/questions/: buyers all; suppliers the answered ones and their company's own. */
export async function listQuestions(db: Db, viewer: Viewer, tenderId: number): Promise<QuestionOut[]> {
  await visibleTender(db, viewer, tenderId);
  const own = viewer.supplierId != null && viewer.seesCompanyOffers ? viewer.supplierId : null;
  let where: SQL | undefined = eq(tenderQuestions.tenderId, tenderId);
  if (viewer.supplierId != null)
    where = and(
      where,
      own != null
        ? or(isNotNull(tenderQuestions.answered), eq(tenderQuestions.supplierId, own))
        : isNotNull(tenderQuestions.answered),
    );
  const rows = await db.select().from(tenderQuestions).where(where).orderBy(asc(tenderQuestions.id));
  return rows.map((q) => ({
    id: q.id,
    detail: q.detailId,
    question: q.question,
    answer: q.answer,
    asked: q.created.toISOString(),
    answered: q.answered?.toISOString() ?? null,
    mine: own != null && q.supplierId === own,
  }));
}

async function tenderMailInfo(db: Db, tenderId: number) {
  const [t] = await db
    .select({
      id: tenders.id,
      code: tenders.tenderCode,
      finish: tenders.finish,
      groupId: tenders.groupId,
      creatorId: tenders.creatorId,
      groupName: groups.name,
      warehouseName: warehouses.name,
    })
    .from(tenders)
    .innerJoin(groups, eq(groups.id, tenders.groupId))
    .innerJoin(warehouses, eq(warehouses.id, tenders.warehouseId))
    .where(eq(tenders.id, tenderId));
  return t;
}

async function partNameOf(db: Db, detailId: number | null): Promise<string | null> {
  if (detailId == null) return null;
  const [r] = await queryRows<{ name: string }>(
    db,
    sql`select p.name from details d join parts p on p.id = d.part_id where d.id = ${detailId}`,
  );
  return r?.name ?? null;
}

/** The buyers told of a question: the tender's creator and the active buyer staff of its group, and the admin address. */
async function buyerRecipients(db: Db, t: { groupId: number; creatorId: number | null }) {
  const rows = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        ne(users.group, 'SUPPLIER'),
        eq(users.isActive, true),
        eq(users.isDeleted, false),
        or(
          t.creatorId != null ? eq(users.id, t.creatorId) : undefined,
          sql`exists (select 1 from user_groups ug where ug.user_id = ${users.id} and ug.group_id = ${t.groupId})`,
        ),
      ),
    )
    .orderBy(users.id);
  const out = rows.map((r) => ({ key: String(r.id), to: r.email, language: languageOf(r) }));
  const admin = await adminEmail(db);
  if (admin && !out.some((o) => o.to.toLowerCase() === admin.toLowerCase()))
    out.push({ key: `admin:${admin.toLowerCase()}`, to: admin, language: 'EST' });
  return out;
}

/** POST /tenders/{id}/questions/: a supplier's question on the tender or one of its lines (ACTIVE only). */
export async function askQuestion(
  db: Db,
  viewer: Viewer,
  tenderId: number,
  body: { question: string; detail?: number | null },
): Promise<QuestionOut> {
  const text = clean(body.question).trim();
  if (!text) throw invalid('question', 'blank');
  if (text.length > QUESTION_MAX_LENGTH) throw invalid('question', 'too_long');
  return db.transaction(async (tx) => {
    // Shared: questions may be asked side by side; a finish moved or the scheduler's move waits for them.
    const t = await lockTender(tx, viewer.user, tenderId, 'share');
    requireTender(actorOf(viewer), 'ask', { status: t.status });
    // ACTIVE but past its finish (the scheduler has not moved it yet): too late, as for an offer.
    if (t.finish.getTime() <= now().getTime()) throw deadlinePassed();
    const detailId = body.detail ?? null;
    if (detailId != null) {
      const [d] = await tx
        .select({ id: details.id })
        .from(details)
        .where(and(eq(details.id, detailId), eq(details.tenderId, t.id), eq(details.isDeleted, false)));
      if (!d) throw invalid('detail', 'invalid_choice');
    }
    const at = now();
    const [q] = await tx
      .insert(tenderQuestions)
      .values({
        tenderId: t.id,
        detailId,
        supplierId: viewer.supplierId as number,
        userId: viewer.user.id,
        question: text,
        created: at,
        updated: at,
      })
      .returning();
    // No user on the row: the history names no asker (the question row keeps who asked).
    await audit(tx, {
      entity: 'question',
      entityId: q.id,
      tenderId: t.id,
      action: 'asked',
      data: detailId != null ? { detail: detailId } : {},
    });
    const info = await tenderMailInfo(tx, t.id);
    const about = aboutOf(await partNameOf(tx, detailId));
    for (const r of await buyerRecipients(tx, info))
      await queueTenderEmail(
        tx,
        {
          to: r.to,
          template: 'TENDER_QUESTION',
          type: 'INTERNAL',
          language: r.language,
          context: {
            tender_id: String(t.id),
            tender_code: info.code,
            tender_finish: info.finish.toISOString(),
            question_about: about(r.language),
            question: text,
          },
        },
        `tender-question:${q.id}:${r.key}`,
      );
    return {
      id: q.id,
      detail: detailId,
      question: text,
      answer: null,
      asked: at.toISOString(),
      answered: null,
      mine: true,
    };
  });
}

/**
 * PATCH /tenders/{id}/questions/{qid}/: a buyer answers (or corrects the answer). With `finish`, the ACTIVE tender's
 * finish moves later in the same transaction (Administrator and Contractor).
 */
export async function answerQuestion(
  db: Db,
  viewer: Viewer,
  tenderId: number,
  questionId: number,
  body: { answer: string; finish?: string | null },
): Promise<QuestionOut> {
  const text = clean(body.answer).trim();
  if (!text) throw invalid('answer', 'blank');
  if (text.length > ANSWER_MAX_LENGTH) throw invalid('answer', 'too_long');
  const newFinish = body.finish ? new Date(body.finish) : null;
  if (newFinish && Number.isNaN(newFinish.getTime())) throw invalid('finish', 'invalid');
  return db.transaction(async (tx) => {
    const t = await lockTender(tx, viewer.user, tenderId);
    const actor = actorOf(viewer);
    // A later finish is the narrower right (Administrator, Contractor; ACTIVE): checked first, so a Master asking
    // for one is refused for the role whatever the state.
    if (newFinish) requireTender(actor, 'extend', { status: t.status });
    requireTender(actor, 'answer', { status: t.status });
    const [q] = await tx
      .select()
      .from(tenderQuestions)
      .where(and(eq(tenderQuestions.id, questionId), eq(tenderQuestions.tenderId, t.id)))
      .for('update');
    if (!q) throw notFound();
    const at = now();
    if (newFinish) await moveFinish(tx, viewer, t, newFinish, at, q.id);
    const first = q.answered == null;
    if (q.answer !== text) {
      await tx
        .update(tenderQuestions)
        .set({ answer: text, answeredBy: viewer.user.id, answered: first ? at : q.answered, updated: at })
        .where(eq(tenderQuestions.id, q.id));
      await audit(tx, {
        entity: 'question',
        entityId: q.id,
        tenderId: t.id,
        action: first ? 'answered' : 'answer_changed',
        user: viewer.user,
        data: q.detailId != null ? { detail: q.detailId } : {},
      });
    }
    // The first answer is mailed to the tender's watchers and participants and to the asking company (a later
    // correction is shown in the portal only).
    if (first) {
      const info = await tenderMailInfo(tx, t.id);
      const serving = new Set(await suppliersOfGroup(tx, info.groupId));
      const to = [...new Set([...(await participantSuppliers(tx, t.id)), q.supplierId])].filter((s) =>
        serving.has(s),
      );
      const about = aboutOf(await partNameOf(tx, q.detailId));
      await emailSuppliers(
        tx,
        to.sort((a, b) => a - b),
        'TENDER_ANSWER',
        (language) => ({
          tender_id: String(t.id),
          tender_code: info.code,
          tender_finish: info.finish.toISOString(),
          question_about: about(language),
          question: q.question,
          answer: text,
        }),
        (u) => `tender-answer:${q.id}:${u}`,
      );
    }
    const [after] = await tx.select().from(tenderQuestions).where(eq(tenderQuestions.id, q.id));
    return {
      id: after.id,
      detail: after.detailId,
      question: after.question,
      answer: after.answer,
      asked: after.created.toISOString(),
      answered: after.answered?.toISOString() ?? null,
      mine: false,
    };
  });
}

/** The finish of an ACTIVE tender (locked by the caller) moved later; suppliers who may see the tender are mailed. */
async function moveFinish(
  tx: Db,
  viewer: Viewer,
  t: { id: number; finish: Date; start: Date },
  to: Date,
  at: Date,
  questionId: number,
) {
  if (to.getTime() <= at.getTime()) throw invalid('finish', 'finish_in_future');
  if (to.getTime() <= t.finish.getTime()) throw invalid('finish', 'finish_not_later');
  await tx.update(tenders).set({ finish: to, updated: at }).where(eq(tenders.id, t.id));
  await audit(tx, {
    entity: 'tender',
    entityId: t.id,
    tenderId: t.id,
    action: 'finish_extended',
    user: viewer.user,
    data: { from: t.finish.toISOString(), to: to.toISOString(), question: questionId },
  });
  const info = await tenderMailInfo(tx, t.id);
  await emailSuppliers(
    tx,
    await suppliersOfGroup(tx, info.groupId),
    'TENDER_EXTENDED',
    {
      tender_id: String(t.id),
      tender_code: info.code,
      tender_old_finish: t.finish.toISOString(),
      tender_finish: to.toISOString(),
      tender_group_name: info.groupName,
      tender_warehouse_name: info.warehouseName,
    },
    (u) => `tender-extended:${t.id}:${to.getTime()}:${u}`,
  );
}
