// Terms of use versions (issue 32, point 5). The version shipped with the web app ('2026-01') is in force until an
// administrator publishes a new one; a published version takes effect at the start of a Europe/Tallinn day at least
// TERMS_NOTICE_DAYS calendar days after publishing, every active user is mailed in their language in the publishing
// transaction, and from that day the session check asks everyone to consent to it again.
import { addDays, isDay, TERMS_NOTICE_DAYS, tallinnDay, tallinnDayStart } from '@portal/shared';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { suppliers, termsVersions, users } from '../../db/schema/index.ts';
import { fullName, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { queueEmails, templateLanguage } from '../notifications/index.ts';

/** The version shipped with the web app: its text is the web's catalogue text, and it has no row. */
export const FIRST_TERMS_VERSION = '2026-01';

type Row = typeof termsVersions.$inferSelect;

const brief = (r: Row) => ({ id: r.id, version: r.version, effective_from: r.effectiveFrom.toISOString() });

/** The version in force now: the latest published one whose day has come, else the shipped one. */
export async function termsInForce(
  db: Db,
): Promise<{ id: number | null; version: string; effective_from: string | null }> {
  const [r] = await db
    .select()
    .from(termsVersions)
    .where(lte(termsVersions.effectiveFrom, now()))
    .orderBy(desc(termsVersions.effectiveFrom))
    .limit(1);
  return r ? brief(r) : { id: null, version: FIRST_TERMS_VERSION, effective_from: null };
}

/** The version in force and the next one announced (if any): what the web's banner and consent modal show. */
export async function termsState(db: Db) {
  const [next] = await db
    .select()
    .from(termsVersions)
    .where(gt(termsVersions.effectiveFrom, now()))
    .orderBy(asc(termsVersions.effectiveFrom))
    .limit(1);
  return { current: await termsInForce(db), upcoming: next ? brief(next) : null };
}

/** One version's text in the three languages; the shipped version answers with no text (the web has it). */
export async function termsText(db: Db, version: string) {
  if (version === FIRST_TERMS_VERSION) return { id: null, version, effective_from: null, text: null };
  const [r] = await db.select().from(termsVersions).where(eq(termsVersions.version, version));
  if (!r) throw notFound();
  return { ...brief(r), text: { et: r.textEt, ru: r.textRu, en: r.textEn } };
}

/** Every published version, newest first, for the administrators' screen. */
export async function listTermsVersions(db: Db) {
  const current = await termsInForce(db);
  const rows = await db.select().from(termsVersions).orderBy(desc(termsVersions.effectiveFrom));
  return rows.map((r) => ({
    ...brief(r),
    in_force: r.id === current.id,
    created: r.created.toISOString(),
    created_by_name: r.createdByName,
  }));
}

export interface TermsDraft {
  effective_date: string;
  text_et: string;
  text_ru: string;
  text_en: string;
}

/**
 * Publishes a new version effective from the start of `effective_date` (Tallinn), which must be at least
 * TERMS_NOTICE_DAYS calendar days after today (Tallinn) and after every version already published. Every active
 * user (of an active company, for suppliers) gets TERMS_CHANGED in their language, in the same transaction.
 */
export async function publishTerms(db: Db, user: SessionUser, body: TermsDraft, baseLink = '/terms/') {
  if (!isDay(body.effective_date)) throw invalid('effective_date', 'invalid_date');
  const earliest = addDays(tallinnDay(now()), TERMS_NOTICE_DAYS);
  if (body.effective_date < earliest) throw invalid('effective_date', 'terms_too_soon');
  const effectiveFrom = tallinnDayStart(body.effective_date);
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ effectiveFrom: termsVersions.effectiveFrom })
      .from(termsVersions)
      .orderBy(desc(termsVersions.effectiveFrom))
      .limit(1);
    if (last && last.effectiveFrom >= effectiveFrom) throw invalid('effective_date', 'terms_not_after_last');
    const [row] = await tx
      .insert(termsVersions)
      .values({
        version: body.effective_date,
        effectiveFrom,
        textEt: body.text_et,
        textRu: body.text_ru,
        textEn: body.text_en,
        createdBy: user.id,
        createdByName: fullName(user),
        created: now(),
      })
      .returning();
    const people = await tx
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        language: users.language,
      })
      .from(users)
      .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
      .where(
        and(
          eq(users.isActive, true),
          eq(users.isDeleted, false),
          or(isNull(users.supplierId), eq(suppliers.isActive, true)),
        ),
      )
      .orderBy(users.id);
    await queueEmails(
      tx,
      people.map((p) => ({
        payload: {
          to: p.email,
          template: 'TERMS_CHANGED' as const,
          type: 'EXTERNAL' as const,
          language: templateLanguage(p.language),
          context: {
            user_first_name: p.firstName,
            user_last_name: p.lastName,
            terms_version: row.version,
            terms_effective: row.effectiveFrom.toISOString(),
            terms_link: `${baseLink}${row.version}`,
          },
        },
        dedupeKey: `terms-changed:${row.id}:${p.id}`,
      })),
    );
    await audit(tx, {
      entity: 'terms',
      entityId: row.id,
      action: 'published',
      user,
      data: { version: row.version, effective_from: row.effectiveFrom.toISOString(), mailed: people.length },
    });
    return {
      ...brief(row),
      in_force: false,
      created: row.created.toISOString(),
      created_by_name: row.createdByName,
      mailed: people.length,
    };
  });
}
