// The demo data set, pre-order lines (PREPARED details); the line maker the tenders use for their own lines.
import * as s from '../../schema/index.ts';
import { CUSTOMER_NAMES, TRANSPORT_NUMBERS } from '../catalogue.ts';
import type { Blacklist } from './blacklist.ts';
import type { Catalogue, Part } from './catalogue.ts';
import type { SeedContext } from './context.ts';
import type { People } from './people.ts';
import type { Places } from './places.ts';

export async function seedPreorders(c: SeedContext & Places & Catalogue & People & Blacklist) {
  const { db, rnd, pick, int, past, hist, BUS, TRAM, whByGroup, parts, user, userById, blacklisted } = c;
  // ---- pre-order lines (details) ----
  const usedPart = new Set<number>();
  const partsOf = (scope: 'bus' | 'tram') =>
    parts.filter((p) => p.scope === scope || p.type.scope === 'both');
  const freePart = (scope: 'bus' | 'tram', preferBlacklisted = false) => {
    const pool = partsOf(scope).filter((p) => !usedPart.has(p.id));
    const bl = preferBlacklisted ? pool.filter((p) => blacklisted.has(p.id)) : [];
    const p = bl.length ? bl[0] : pick(pool);
    usedPart.add(p.id);
    return p;
  };
  const qtyFor = (p: Part) =>
    p.unit === 'l' ? int(4, 40) * 5 : p.unit === 'kg' ? int(2, 12) * 5 : int(1, 12);
  let orderSeq = 24310;
  const detailValues = (scope: 'bus' | 'tram', part: Part, created: Date) => {
    const group = scope === 'bus' ? BUS : TRAM;
    const wh = pick(whByGroup(group));
    const total = qtyFor(part);
    const replacement = rnd() < 0.35 ? Math.min(total, int(1, 3)) : 0;
    const fromBc = rnd() < 0.3;
    const creator =
      scope === 'bus'
        ? pick([user.master, user.master, user.contractor])
        : pick([user.contractor, user.admin]);
    return {
      partId: part.id,
      warehouseId: wh.id,
      replacementQty: String(replacement),
      replenishmentQty: String(total - replacement),
      creatorId: creator.id,
      orderNumber: rnd() < 0.7 ? `TT-${orderSeq++}` : null,
      customerNumber: rnd() < 0.8 ? pick(TRANSPORT_NUMBERS[scope]) : null,
      customerName: rnd() < 0.6 ? pick(CUSTOMER_NAMES[scope]) : null,
      bcId: fromBc ? `BC-PO-${orderSeq + 50000}` : null,
      bcStatus: fromBc ? ('synced' as const) : null,
      bcSynced: fromBc,
      created,
      updated: created,
    };
  };
  const prepared: (typeof s.details.$inferInsert)[] = [];
  for (let i = 0; i < 72; i++) {
    const scope = i % 5 < 3 ? 'bus' : 'tram';
    prepared.push({ ...detailValues(scope, freePart(scope), past(21)), status: 'PREPARED' });
  }
  const preparedRows = await db
    .insert(s.details)
    .values(prepared)
    .returning({ id: s.details.id, created: s.details.created, creatorId: s.details.creatorId });
  for (const d of preparedRows)
    hist(
      'detail',
      d.id,
      'created',
      d.created,
      d.creatorId == null ? null : (userById.get(d.creatorId) ?? null),
      { status: 'PREPARED' },
    );
  return { freePart, detailValues };
}
export type Preorders = Awaited<ReturnType<typeof seedPreorders>>;
