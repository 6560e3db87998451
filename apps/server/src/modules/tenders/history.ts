// The change history of one tender (spec 1: tender_history, opened from an ORDERED tender): every audit row
// written with this tender's id, oldest first, as the contract's historyEntry.
//
// The seal holds here too (docs/decisions.md, "The seal in the history"): until the tender is opened (FINISHED,
// CHOOSING, ORDERED, FAILED; a DRAFT or CANCELED one is not) the history is the buyers' own story only: rows of
// the tender and its lines written by buyer staff or the server, never a row about an offer, a winner, a
// supplier's flag or comment, nor a supplier user's name.
import { defined, type HistoryEntry, type HistoryQuery, historyEntry } from '@portal/shared';
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { history, tenders } from '../../db/schema/index.ts';
import type { SessionUser } from '../../lib/auth.ts';
import { notFound } from '../../lib/errors.ts';
import { type ListSpec, paginate } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';
import { sealedForBuyers, tenderVisibleWhere } from './access.ts';

export type { HistoryEntry };
export { historyEntry };

const spec: ListSpec = {
  ordering: { id: history.id, created: history.created, entity: history.entity, action: history.action },
  defaultOrdering: 'id',
  search: [history.entity, history.action, history.userName],
  id: history.id,
};

/** While sealed: only tender and line rows by buyer staff or the server (no flags, offers, winners, comments). */
const sealedRows: SQL = defined(
  and(
    inArray(history.entity, ['tender', 'detail']),
    notInArray(history.action, ['log_added', 'log_removed']),
    sql`(${history.userId} is null or exists (select 1 from users u where u.id = ${history.userId} and u."group" <> 'SUPPLIER'))`,
  ),
  'sealed history filter',
);

export async function tenderHistory(db: Db, tenderId: number, user: SessionUser, query: HistoryQuery) {
  const [t] = await db
    .select({ id: tenders.id, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), tenderVisibleWhere(user)))
    .limit(1);
  if (!t) throw notFound();
  return paginate({
    db,
    query,
    spec,
    select: () => db.select({ h: history }).from(history).$dynamic(),
    where: [eq(history.tenderId, tenderId), sealedForBuyers(t.status) ? sealedRows : undefined],
    map: async (rows): Promise<HistoryEntry[]> => {
      const entries = rows.map(({ h }) => ({
        id: h.id,
        entity: h.entity,
        entity_id: h.entityId,
        action: h.action,
        user_name: h.userName,
        data: (h.data && typeof h.data === 'object' && !Array.isArray(h.data)
          ? h.data
          : { value: h.data }) as Record<string, unknown>,
        created: h.created.toISOString(),
      }));
      await nameEntries(db, tenderId, entries);
      return entries;
    },
  });
}

// ---------------------------------------------------------------- names for ids

const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647 ? v : null;

type Offer = {
  supplier: number | null;
  producer: number | null;
  price: string | null;
  detail: number | null;
};

/**
 * Fills each entry's `names`: the part of its line, the supplier and producer of its offer, the offer's price,
 * the group, warehouse and tender codes its data refers to. Only ids found in the rows already chosen for the
 * reader are looked up, so a sealed history names nothing it does not show. An offer removed since (a cancelled
 * offer or tender) is named from its own history rows.
 */
async function nameEntries(db: Db, tenderId: number, entries: HistoryEntry[]) {
  if (!entries.length) return;
  const detailIds = new Set<number>();
  const supplierIds = new Set<number>();
  const producerIds = new Set<number>();
  const proposalIds = new Set<number>();
  const groupIds = new Set<number>();
  const warehouseIds = new Set<number>();
  const tenderIds = new Set<number>();
  const add = (set: Set<number>, v: unknown) => {
    const n = num(v);
    if (n) set.add(n);
  };
  for (const e of entries) {
    const d = e.data;
    if (e.entity === 'detail') detailIds.add(e.entity_id);
    if (e.entity === 'proposal') proposalIds.add(e.entity_id);
    add(detailIds, d.detail);
    add(supplierIds, d.supplier_id);
    add(supplierIds, d.supplier);
    add(producerIds, d.producer);
    add(proposalIds, d.proposal);
    add(groupIds, d.group);
    add(warehouseIds, d.warehouse);
    add(tenderIds, d.removed_from_tender);
  }
  const ids = (s: Set<number>) =>
    sql.join(
      [...s].map((n) => sql`${n}`),
      sql`, `,
    );
  // The offers: as they are now, else as their last history row of this tender wrote them.
  const offers = new Map<number, Offer>();
  if (proposalIds.size) {
    const live = await queryRows<{
      id: number;
      supplier_id: number;
      producer_id: number;
      price: string;
      detail_id: number;
    }>(
      db,
      sql`select id, supplier_id, producer_id, price::text as price, detail_id from proposals
          where tender_id = ${tenderId} and id in (${ids(proposalIds)})`,
    );
    for (const p of live)
      offers.set(Number(p.id), {
        supplier: Number(p.supplier_id),
        producer: Number(p.producer_id),
        price: p.price,
        detail: Number(p.detail_id),
      });
    const gone = [...proposalIds].filter((id) => !offers.has(id));
    if (gone.length) {
      const past = await queryRows<{ entity_id: number; data: Record<string, unknown> }>(
        db,
        sql`select entity_id, data from history
            where tender_id = ${tenderId} and entity = 'proposal' and action in ('created', 'changed')
              and entity_id in (${sql.join(
                gone.map((n) => sql`${n}`),
                sql`, `,
              )})
            order by id`,
      );
      for (const h of past) {
        const d = h.data ?? {};
        offers.set(Number(h.entity_id), {
          supplier: num(d.supplier_id) ?? num(d.supplier),
          producer: num(d.producer),
          price: typeof d.price === 'string' || typeof d.price === 'number' ? String(d.price) : null,
          detail: num(d.detail),
        });
      }
    }
    for (const o of offers.values()) {
      if (o.supplier) supplierIds.add(o.supplier);
      if (o.producer) producerIds.add(o.producer);
      if (o.detail) detailIds.add(o.detail);
    }
  }
  const lookup = async (set: Set<number>, query: (list: SQL) => SQL) => {
    const map = new Map<number, string>();
    if (!set.size) return map;
    for (const r of await queryRows<{ id: number; name: string }>(db, query(ids(set))))
      map.set(Number(r.id), r.name);
    return map;
  };
  const [parts, suppliers, producers, groups, warehouses, tenderCodes] = await Promise.all([
    lookup(
      detailIds,
      (l) => sql`select d.id, p.code || ' ' || p.name as name from details d join parts p on p.id = d.part_id
                 where d.id in (${l})`,
    ),
    lookup(supplierIds, (l) => sql`select id, name from suppliers where id in (${l})`),
    lookup(producerIds, (l) => sql`select id, name from producers where id in (${l})`),
    lookup(groupIds, (l) => sql`select id, name from groups where id in (${l})`),
    lookup(warehouseIds, (l) => sql`select id, name from warehouses where id in (${l})`),
    lookup(tenderIds, (l) => sql`select id, tender_code as name from tenders where id in (${l})`),
  ]);
  for (const e of entries) {
    const d = e.data;
    const names: Record<string, string> = {};
    const put = (key: string, value: string | null | undefined) => {
      if (value) names[key] = value;
    };
    const offer = offers.get(e.entity === 'proposal' ? e.entity_id : (num(d.proposal) ?? 0));
    put('part', parts.get(e.entity === 'detail' ? e.entity_id : (num(d.detail) ?? offer?.detail ?? 0)));
    const supplierId = num(d.supplier_id) ?? num(d.supplier) ?? offer?.supplier ?? 0;
    put(
      'supplier',
      suppliers.get(supplierId) ?? (typeof d.supplier_name === 'string' ? d.supplier_name : null),
    );
    put('producer', producers.get(num(d.producer) ?? offer?.producer ?? 0));
    if (e.entity === 'winner') put('price', offer?.price);
    put('group', groups.get(num(d.group) ?? 0));
    put('warehouse', warehouses.get(num(d.warehouse) ?? 0));
    put('removed_from_tender', tenderCodes.get(num(d.removed_from_tender) ?? 0));
    e.names = names;
  }
}
