// Award suggestions (issue 33): GET /tenders/{id}/award_suggestions/ (buyers, FINISHED and CHOOSING). The rules are
// the shared suggestAward (packages/shared rules/suggest.ts); this file feeds it. One statement ranks every line's
// usable offers in PostgreSQL (blacklisted producers and inactive companies left out, the rules' order) and sends
// back only the prefix the fill needs — the offers until the need is covered, and the next one — with each line's
// counts, so the worst tender (2,000 lines × 150 offers) sends a few thousand rows instead of 300,000.
import { type AwardSuggestion, CHOOSING_STATUSES, type SuggestOffer, suggestAward } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenders } from '../../db/schema/index.ts';
import { isSupplier, type SessionUser } from '../../lib/auth.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { tenderVisibleWhere } from './access.ts';

type Row = {
  detail_id: number;
  need: string;
  usable: number;
  n_black: number;
  n_inactive: number;
  id: number | null;
  supplier_id: number | null;
  supplier_name: string | null;
  price: string | null;
  delivery_date: string | null;
  available: string | null;
};

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
  const rows = await queryRows<Row>(
    db,
    sql`with lines as (
        select d.id, d.part_id,
          coalesce(d.qty, greatest(0, d.replenishment_qty + d.replacement_qty)) as need
        from details d where d.tender_id = ${t.id}
      ), offers as (
        select p.id, p.detail_id, p.supplier_id, s.name as supplier_name, p.price, p.delivery_date, p.available_qty,
          l.need,
          exists (
            select 1 from blacklists b join blacklist_producers bp on bp.blacklist_id = b.id
            where b.part_id = l.part_id and bp.producer_id = p.producer_id and b.is_active and not b.is_deleted
          ) as blacklisted,
          not s.is_active as inactive
        from proposals p join lines l on l.id = p.detail_id join suppliers s on s.id = p.supplier_id
        where p.tender_id = ${t.id}
      ), counts as (
        select detail_id,
          count(*) filter (where not blacklisted and not inactive)::int as usable,
          count(*) filter (where blacklisted)::int as n_black,
          count(*) filter (where not blacklisted and inactive)::int as n_inactive
        from offers group by detail_id
      ), ranked as (
        select o.*,
          row_number() over w as rn,
          coalesce(sum(coalesce(o.available_qty, o.need)) over (w rows between unbounded preceding and 1 preceding), 0)
            as before
        from offers o where not o.blacklisted and not o.inactive
        window w as (partition by o.detail_id
          order by o.price, o.delivery_date, o.available_qty desc nulls first, o.id)
      ), marked as (
        select r.*, count(*) filter (where r.before < r.need) over (partition by r.detail_id) as k from ranked r
      )
      select l.id as detail_id, l.need::text as need, coalesce(c.usable, 0) as usable,
        coalesce(c.n_black, 0) as n_black, coalesce(c.n_inactive, 0) as n_inactive,
        m.id, m.supplier_id, m.supplier_name, m.price::text as price, m.delivery_date::text as delivery_date,
        m.available_qty::text as available
      from lines l left join counts c on c.detail_id = l.id
      left join marked m on m.detail_id = l.id and m.rn <= m.k + 1
      order by l.id, m.rn`,
  );
  const out: AwardSuggestion[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i];
    const detailId = Number(first.detail_id);
    const offers: SuggestOffer[] = [];
    for (; i < rows.length && Number(rows[i].detail_id) === detailId; i++) {
      const r = rows[i];
      if (r.id == null) continue;
      offers.push({
        id: Number(r.id),
        supplierId: Number(r.supplier_id),
        supplierName: r.supplier_name ?? '',
        price: r.price ?? '0',
        deliveryDate: r.delivery_date ?? '',
        available: r.available,
      });
    }
    const s = suggestAward({
      need: first.need,
      offers,
      counts: {
        usable: Number(first.usable),
        blacklisted: Number(first.n_black),
        inactive: Number(first.n_inactive),
      },
    });
    out.push({ detail_id: detailId, ...s });
  }
  return out;
}
