// Award suggestions (issue 33): GET /tenders/{id}/award_suggestions/ (buyers, FINISHED and CHOOSING). The rules are
// the shared suggestAward (packages/shared rules/suggest.ts); this file feeds it. One statement reads each line's
// first usable offers in the rules' order straight from an index (migration 0020; blacklisted producers and inactive
// companies left out), enough to cover the need and name the next offer; another counts each line's offers and the
// skipped ones. Lines whose first offers cannot cover the need get all their usable offers in a third. The worst
// tender (2,000 lines × 150 offers) reads 16,000 index entries and sorts nothing, instead of ranking 300,000 offers.
import {
  type ApplySuggestionsResult,
  type ApplySuggestionsWrite,
  type AwardSuggestion,
  CHOOSING_STATUSES,
  LANGUAGES,
  type Language,
  type SuggestOffer,
  splitCommentText,
  suggestAward,
  toScaled,
  validateWinners,
} from '@portal/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { details, proposals, tenders, warehouses, winners } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { inIds, queryRows } from '../../lib/sql.ts';
import { actorOf, buyerHasGroup, requireLine, tenderVisibleWhere } from './access.ts';
import { lockTender } from './core.ts';
import { blacklistedByPart } from './offers.ts';
import { needSql } from './serialize.ts';
import { type LineWinners, offersForRules, writeWinners } from './winners.ts';

type LineRow = {
  detail_id: number;
  need: string;
  total: number;
  n_inactive: number;
  n_black: number;
  /** Offers both blacklisted and of an inactive company. */
  n_both: number;
};
type OfferRow = {
  detail_id: number;
  id: number;
  supplier_id: number;
  supplier_name: string;
  price: string;
  delivery_date: string;
  available: string | null;
};

/** The first offers of each line read for the fill (enough for the usual case: one or two cover the need). */
const PREFIX = 8;

/**
 * The usable offers of the lines `where` picks (an inactive company's and a blacklisted producer's left out), in the
 * rules' order, at most `limit` per line: read from the index on (line, price, delivery date, available desc, id).
 */
function usableOffers(db: Db, where: SQL, limit: number | null) {
  return queryRows<OfferRow>(
    db,
    sql`select d.id as detail_id, o.id, o.supplier_id, o.supplier_name, o.price, o.delivery_date, o.available
      from details d cross join lateral (
        select p.id, p.supplier_id, s.name as supplier_name, p.price::text as price,
          p.delivery_date::text as delivery_date, p.available_qty::text as available
        from proposals p join suppliers s on s.id = p.supplier_id
        where p.detail_id = d.id and s.is_active
          and not exists (
            select 1 from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
            where b.part_id = d.part_id and bp.producer_id = p.producer_id and b.is_active and not b.is_deleted
          )
        order by p.price, p.delivery_date, p.available_qty desc nulls first, p.id
        ${limit == null ? sql`` : sql`limit ${limit}`}
      ) o
      where ${where}
      order by d.id`,
  );
}

function groupByLine(rows: OfferRow[]): Map<number, SuggestOffer[]> {
  const out = new Map<number, SuggestOffer[]>();
  for (const r of rows) {
    const id = Number(r.detail_id);
    const list = out.get(id) ?? [];
    list.push({
      id: Number(r.id),
      supplierId: Number(r.supplier_id),
      supplierName: r.supplier_name,
      price: r.price,
      deliveryDate: r.delivery_date,
      available: r.available,
    });
    out.set(id, list);
  }
  return out;
}

/** Whether the first `n` offers (in order) have the need available between them. */
function coveredBefore(offers: SuggestOffer[], need: string, n: number): boolean {
  let left = toScaled(need) ?? 0n;
  for (const o of offers.slice(0, n)) {
    if (o.available == null) return true;
    left -= toScaled(o.available) ?? 0n;
    if (left <= 0n) return true;
  }
  return left <= 0n;
}

/** The tender as the caller may see it, refused unless its winners are being chosen (FINISHED or CHOOSING). */
export async function evaluatedTender(db: Db, user: SessionUser, tenderId: number) {
  if (isSupplier(user)) throw forbidden();
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)));
  if (!t) throw notFound();
  // The same refusal as the evaluation's other calls in a state that is not theirs (the winner saves).
  if (!CHOOSING_STATUSES.includes(t.status)) throw invalid('status', 'wrong_tender_state');
  return t;
}

export async function awardSuggestions(
  db: Db,
  user: SessionUser,
  tenderId: number,
): Promise<AwardSuggestion[]> {
  const t = await evaluatedTender(db, user, tenderId);
  // Every line with its need and its counts of offers: all and of inactive companies (one pass over the tender's
  // offers, no join), and of blacklisted producers (per line from its part's blacklist, nearly always none).
  const linesQuery = queryRows<LineRow>(
    db,
    sql`select d.id as detail_id, coalesce(d.qty, greatest(0, d.replenishment_qty + d.replacement_qty))::text as need,
        coalesce(a.n, 0)::int as total, coalesce(a.inactive, 0)::int as n_inactive, b.n::int as n_black,
        b.inactive::int as n_both
      from details d
      left join (
        select p.detail_id, count(*) as n,
          count(*) filter (where p.supplier_id = any(array(select s.id from suppliers s where not s.is_active)))
            as inactive
        from proposals p where p.tender_id = ${t.id} group by 1
      ) a on a.detail_id = d.id
      cross join lateral (
        select count(*) as n, count(*) filter (where not s.is_active) as inactive
        from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
        join proposals p on p.detail_id = d.id and p.producer_id = bp.producer_id
        join suppliers s on s.id = p.supplier_id
        where b.part_id = d.part_id and b.is_active and not b.is_deleted
      ) b
      where d.tender_id = ${t.id}
      order by d.id`,
  );
  const prefixQuery = usableOffers(db, sql`d.tender_id = ${t.id}`, PREFIX);
  const [lines, prefix] = await Promise.all([linesQuery, prefixQuery]);
  // Lines whose first offers do not cover the need (small available quantities): all their usable offers.
  const byLine = groupByLine(prefix);
  const more = lines
    .filter((l) => {
      const got = byLine.get(Number(l.detail_id)) ?? [];
      return got.length === PREFIX && !coveredBefore(got, l.need, PREFIX - 1);
    })
    .map((l) => Number(l.detail_id));
  if (more.length)
    for (const [id, offers] of groupByLine(await usableOffers(db, inIds(sql`d.id`, more), null)))
      byLine.set(id, offers);
  const out: AwardSuggestion[] = [];
  for (const line of lines) {
    const detailId = Number(line.detail_id);
    const inactive = Number(line.n_inactive);
    const black = Number(line.n_black);
    const s = suggestAward({
      need: line.need,
      offers: byLine.get(detailId) ?? [],
      counts: {
        usable: Number(line.total) - inactive - black + Number(line.n_both),
        blacklisted: black,
        // (an inactive company's offer of a blacklisted producer counts as blacklisted)
        inactive: inactive - Number(line.n_both),
      },
    });
    out.push({ detail_id: detailId, ...s });
  }
  return out;
}

/**
 * POST /tenders/{id}/apply_suggestions/: in one transaction, the suggestions recomputed here (whatever the client
 * saw) become the winners of every line (of `detail_ids`, else of the tender) that has none yet and whose suggestion
 * needs no confirmation, written by the line's winner save's own writer for all of them at once: winners, the split
 * comment in the buyer's language, the lines' status and version, the audit. The tender is share-locked and the lines
 * locked for update as the line's save does; a line that has winners by now (another buyer's) is skipped and named.
 */
export async function applySuggestions(
  db: Db,
  user: SessionUser,
  tenderId: number,
  body: ApplySuggestionsWrite,
): Promise<ApplySuggestionsResult> {
  return db.transaction(async (tx) => {
    await evaluatedTender(tx, user, tenderId);
    const t = await lockTender(tx, user, tenderId, 'share');
    // The line's winner save's refusal (its rule is the tender's state: CHOOSING).
    requireLine(actorOf(user), 'choose_winners', { status: t.status });
    const wanted = body.detail_ids ? [...new Set(body.detail_ids)] : null;
    const lines = await tx
      .select({
        id: details.id,
        status: details.status,
        updated: details.updated,
        partId: details.partId,
        need: needSql,
        groupId: warehouses.groupId,
      })
      .from(details)
      .innerJoin(warehouses, eq(warehouses.id, details.warehouseId))
      .where(
        and(
          eq(details.tenderId, t.id),
          eq(details.isDeleted, false),
          wanted ? inArray(details.id, wanted) : undefined,
        ),
      )
      .orderBy(details.id)
      .for('update', { of: details });
    if (wanted && lines.length !== wanted.length) throw invalid('detail_ids', 'invalid_choice');
    const mine = lines.filter((l) => buyerHasGroup(user, l.groupId));
    if (wanted && mine.length !== lines.length) throw invalid('detail_ids', 'invalid_choice');
    const taken = new Set(
      mine.length
        ? (
            await tx
              .selectDistinct({ id: winners.detailId })
              .from(winners)
              .where(
                inArray(
                  winners.detailId,
                  mine.map((l) => l.id),
                ),
              )
          ).map((r) => r.id)
        : [],
    );
    const suggested = new Map((await awardSuggestions(tx, user, t.id)).map((s) => [s.detail_id, s]));
    const lang: Language = (LANGUAGES as readonly string[]).includes(user.language)
      ? (user.language as Language)
      : 'et';
    const candidates = mine.flatMap((l) => {
      const s = suggested.get(l.id);
      return !taken.has(l.id) && s && s.winners.length && !s.needs_confirmation ? [{ l, s }] : [];
    });
    // The line save's winner rules, on the chosen offers and the parts' blacklists (read for all lines at once).
    const chosenIds = candidates.flatMap(({ s }) => s.winners.map((w) => w.name));
    const offers = new Map(
      (chosenIds.length ? await offersForRules(tx, inArray(proposals.id, chosenIds)) : []).map((p) => [
        p.id,
        p,
      ]),
    );
    const blacklisted = await blacklistedByPart(tx, [...new Set(candidates.map(({ l }) => l.partId))]);
    const apply: LineWinners[] = [];
    for (const { l, s } of candidates) {
      const comment = s.winners.length > 1 ? splitCommentText(s, lang) : null;
      const errors = validateWinners(
        s.winners,
        {
          needQty: String(l.need),
          proposals: s.winners.flatMap((w) => offers.get(w.name) ?? []),
          blacklistedProducerIds: blacklisted.get(l.partId) ?? [],
        },
        comment,
      );
      // (never expected: the suggestion is built from usable offers by the same rules)
      if (Object.keys(errors).length) continue;
      apply.push({ detail: l, winners: s.winners, comment });
    }
    await writeWinners(tx, user, t.id, apply);
    const skipped = mine.filter((l) => taken.has(l.id)).map((l) => l.id);
    return { applied: apply.length, skipped: skipped.length, skipped_ids: skipped };
  });
}
