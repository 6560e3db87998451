// Test helper: tenders with lines, offers, winners and purchase orders written straight into the tables, one at a
// time (buildReportTender) or as a generated data set with random prices, quantities and periods (generateReportData).
import type { TenderStatus, WinnerReason } from '@portal/shared';
import type { Db } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { buildPart, buildProducer, uid } from '../../test/factories.ts';

export interface OfferSpec {
  supplier: number;
  price: string;
  /** Ordered quantity when this offer wins. */
  win?: string;
  reason?: WinnerReason;
}
export interface TenderSpec {
  status: TenderStatus;
  start: Date;
  groupId: number;
  warehouseId: number;
  lines: { qty: string; partId?: number; offers: OfferSpec[] }[];
  /** Write purchase orders for winning companies (default: when ORDERED). */
  orders?: boolean;
}

/** A few producers per database: a company's offers on one line need different producers. */
const producerPools = new WeakMap<Db, number[]>();
async function producerPool(db: Db) {
  let pool = producerPools.get(db);
  if (!pool) {
    pool = [];
    for (let i = 0; i < 4; i++) pool.push((await buildProducer(db)).id);
    producerPools.set(db, pool);
  }
  return pool;
}

export async function buildReportTender(db: Db, t: TenderSpec) {
  const pool = await producerPool(db);
  const u = uid();
  const [tender] = await db
    .insert(s.tenders)
    .values({
      tenderCode: `R-${u}`,
      start: t.start,
      finish: new Date(t.start.getTime() + 2 * 86_400_000),
      status: t.status,
      warehouseId: t.warehouseId,
      groupId: t.groupId,
    })
    .returning();
  const winnersOf = new Set<number>();
  const lineIds: number[] = [];
  for (const l of t.lines) {
    const partId = l.partId ?? (await buildPart(db)).id;
    const [d] = await db
      .insert(s.details)
      .values({
        partId,
        warehouseId: t.warehouseId,
        tenderId: tender.id,
        qty: l.qty,
        replenishmentQty: l.qty,
        status: t.status === 'ORDERED' ? 'ORDERED' : 'WAITING',
      })
      .returning();
    lineIds.push(d.id);
    const perSupplier = new Map<number, number>();
    for (const o of l.offers) {
      const k = perSupplier.get(o.supplier) ?? 0;
      perSupplier.set(o.supplier, k + 1);
      const [p] = await db
        .insert(s.proposals)
        .values({
          tenderId: tender.id,
          detailId: d.id,
          supplierId: o.supplier,
          producerId: pool[k % pool.length],
          price: o.price,
          productCode: `PC-${d.id}`,
          eanCode: '4006633100011',
          availableQty: l.qty,
          deliveryDate: '2026-12-01',
        })
        .returning();
      if (o.win) {
        await db
          .insert(s.winners)
          .values({ detailId: d.id, proposalId: p.id, amount: o.win, reason: o.reason ?? 'PRICE' });
        winnersOf.add(o.supplier);
      }
    }
  }
  const orders: { id: number; supplierId: number }[] = [];
  if (t.orders ?? t.status === 'ORDERED') {
    let n = 0;
    for (const supplierId of winnersOf) {
      const [po] = await db
        .insert(s.purchaseOrders)
        .values({
          tenderId: tender.id,
          supplierId,
          orderCode: `${tender.tenderCode}-${String(++n).padStart(2, '0')}`,
        })
        .returning();
      orders.push({ id: po.id, supplierId });
    }
  }
  return { tender, lineIds, orders };
}

/** mulberry32: a small deterministic random sequence. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES: TenderStatus[] = [
  'ORDERED',
  'ORDERED',
  'ORDERED',
  'FAILED',
  'CHOOSING',
  'FINISHED',
  'ACTIVE',
  'WAITING',
  'DRAFT',
  'CANCELED',
];
const REASONS: WinnerReason[] = ['PRICE', 'DUE DATE', 'PRODUCER', 'TEST'];

/**
 * A generated data set: `n` tenders over the year before `until`, random states, 1–5 lines, offers from the
 * given companies at prices with up to 4 decimals, and in ORDERED tenders winners (sometimes split between two
 * offers, sometimes none) with fractional quantities. Start times include instants near Tallinn midnights.
 */
export async function generateReportData(
  db: Db,
  o: {
    n: number;
    seed: number;
    until: Date;
    suppliers: number[];
    groups: { groupId: number; warehouseId: number }[];
  },
) {
  const rnd = random(o.seed);
  const pick = <T>(a: T[]) => a[Math.floor(rnd() * a.length)];
  const parts: number[] = [];
  for (let i = 0; i < 8; i++) parts.push((await buildPart(db)).id);
  const price = () => {
    const places = pick([0, 2, 4]);
    const v = (rnd() * 500 + 0.0001).toFixed(places);
    return Number(v) > 0 ? v : '0.0001';
  };
  const qty = () => pick(['1', '2.5', '3', '0.3333', '7', '12.125', '100']);
  for (let i = 0; i < o.n; i++) {
    const status = pick(STATES);
    // days back, then a time of day; every fifth tender starts 21:00–23:59 UTC (the next day in Tallinn)
    const day = Math.floor(rnd() * 365);
    const start = new Date(o.until.getTime() - day * 86_400_000);
    start.setUTCHours(
      i % 5 === 0 ? 21 + Math.floor(rnd() * 3) : Math.floor(rnd() * 20),
      Math.floor(rnd() * 60),
      0,
      0,
    );
    const g = pick(o.groups);
    const lines = Array.from({ length: 1 + Math.floor(rnd() * 5) }, () => {
      const need = qty();
      const bidders = o.suppliers.filter(() => rnd() < 0.6);
      const offers: OfferSpec[] = bidders.flatMap((supplier) =>
        Array.from({ length: 1 + Math.floor(rnd() * 2) }, () => ({ supplier, price: price() })),
      );
      if (status === 'ORDERED' && offers.length && rnd() < 0.85) {
        const first = pick(offers);
        first.win = need;
        first.reason = pick(REASONS);
        const other = offers.find((x) => x !== first);
        if (other && rnd() < 0.3) {
          first.win = '1';
          other.win = qty();
          other.reason = pick(REASONS);
        }
      }
      return { qty: need, partId: pick(parts), offers };
    });
    await buildReportTender(db, { status, start, ...g, lines });
  }
}
