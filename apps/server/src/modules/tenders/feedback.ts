// Feedback after the award (issue 34, point 6; docs/decisions.md "Feedback after the award"). When a tender is
// ORDERED, a supplier user with its company's offer rights sees per line it offered on: its best price, its rank
// among the companies' best prices (ties share a rank), how many companies offered, whether it won, and the gap of
// its price to the lowest winning price in percent. Nothing names or prices another company. The buyer switches it
// off per tender before the start (tenders.feedback_enabled); the table's 'feedback' decides.
import type { TenderFeedback } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { proposals, tenders } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { queryRows } from '../../lib/sql.ts';
import { actorOf, requireTender, tenderVisibleWhere, type Viewer } from './access.ts';

type Row = {
  detail: number;
  part_name: string;
  price: string;
  rank: number;
  offers: number;
  won: boolean;
  gap_percent: string | null;
};

/** GET /tenders/{id}/feedback/ */
export async function tenderFeedback(db: Db, viewer: Viewer, tenderId: number): Promise<TenderFeedback> {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status, feedbackEnabled: tenders.feedbackEnabled })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(viewer.user)));
  if (!t) throw notFound();
  const sup = viewer.supplierId;
  const [own] =
    sup == null
      ? []
      : await db
          .select({ id: proposals.id })
          .from(proposals)
          .where(and(eq(proposals.tenderId, t.id), eq(proposals.supplierId, sup)))
          .limit(1);
  requireTender(
    actorOf(viewer),
    'feedback',
    { status: t.status, companyHasOffer: !!own, feedbackEnabled: t.feedbackEnabled },
    { fact: () => (t.feedbackEnabled ? forbidden() : forbidden('feedback_switched_off')) },
  );
  const rows = await queryRows<Row>(
    db,
    sql`with best as (
        select p.detail_id, p.supplier_id, min(p.price) as price
        from ${proposals} p where p.tender_id = ${t.id} group by p.detail_id, p.supplier_id),
      ranked as (
        select b.*, rank() over (partition by b.detail_id order by b.price)::int as rank,
          (count(*) over (partition by b.detail_id))::int as offers
        from best b),
      win as (
        select p.detail_id, min(p.price) as price, bool_or(p.supplier_id = ${sup}) as mine
        from winners w join ${proposals} p on p.id = w.proposal_id
        where p.tender_id = ${t.id} group by p.detail_id)
      select r.detail_id as detail, parts.name as part_name, r.price::text as price, r.rank, r.offers,
        coalesce(win.mine, false) as won,
        case when win.price is null then null
          else round((r.price - win.price) / win.price * 100, 1)::text end as gap_percent
      from ranked r
      join details d on d.id = r.detail_id
      join parts on parts.id = d.part_id
      left join win on win.detail_id = r.detail_id
      where r.supplier_id = ${sup}
      order by d.id`,
  );
  return { lines: rows };
}
