// Test helper: every report figure recomputed in TypeScript from the raw rows (tenders, lines, offers, winners,
// purchase orders), with exact decimal arithmetic in BigInt, independently of the report SQL. The tests compare
// the API's answers with these.
import { defined, tallinnDay, tallinnDayStart } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../lib/sql.ts';

/** A decimal string as an integer count of 10⁻⁸. */
const SCALE = 8;
export function dec(s: string): bigint {
  const [i, f = ''] = s.split('.');
  return BigInt(i + f.padEnd(SCALE, '0').slice(0, SCALE));
}
/** Back to a string with `places` decimals (the value must already be exact at that precision). */
export function str(v: bigint, places: number): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const s = a.toString().padStart(SCALE + 1, '0');
  const int = s.slice(0, -SCALE);
  const frac = s.slice(-SCALE).slice(0, places);
  return `${neg ? '-' : ''}${int}${places ? `.${frac}` : ''}`;
}
/** Product of two scaled values, rounded half away from zero to 2 places (as PostgreSQL round(numeric, 2)). */
export function lineTotal(qty: bigint, price: bigint): bigint {
  const p = qty * price; // scale 16
  const unit = 10n ** BigInt(2 * SCALE - 2);
  const r = (p + unit / 2n) / unit; // cents
  return r * 10n ** BigInt(SCALE - 2);
}

export interface Raw {
  tenders: {
    id: number;
    code: string;
    status: string;
    start: Date;
    finish: Date;
    group: number;
    groupName: string;
  }[];
  lines: { id: number; tender: number | null; part: number }[];
  parts: Map<number, { code: string; name: string }>;
  proposals: { id: number; tender: number; line: number; supplier: number; price: string }[];
  winners: { id: number; line: number; proposal: number; amount: string; reason: string }[];
  orders: { id: number; tender: number; supplier: number; code: string }[];
  suppliers: Map<number, { name: string; code: string }>;
}

export async function loadRaw(db: Db): Promise<Raw> {
  const q = <T extends Record<string, unknown>>(text: ReturnType<typeof sql>) => queryRows<T>(db, text);
  const tenders = await q<{
    id: number;
    code: string;
    status: string;
    start: string;
    finish: string;
    group: number;
    group_name: string;
  }>(
    sql`select t.id, t.tender_code code, t.status, t.start, t.finish, t.group_id "group", g.name group_name from tenders t join groups g on g.id = t.group_id`,
  );
  const lines = await q<{ id: number; tender: number | null; part: number }>(
    sql`select id, tender_id tender, part_id part from details`,
  );
  const parts = await q<{ id: number; code: string; name: string }>(sql`select id, code, name from parts`);
  const proposals = await q<{ id: number; tender: number; line: number; supplier: number; price: string }>(
    sql`select id, tender_id tender, detail_id line, supplier_id supplier, price::text price from proposals`,
  );
  const winners = await q<{ id: number; line: number; proposal: number; amount: string; reason: string }>(
    sql`select id, detail_id line, proposal_id proposal, amount::text amount, reason from winners`,
  );
  const orders = await q<{ id: number; tender: number; supplier: number; code: string }>(
    sql`select id, tender_id tender, supplier_id supplier, order_code code from purchase_orders`,
  );
  const suppliers = await q<{ id: number; name: string; code: string }>(
    sql`select id, name, registration_code code from suppliers`,
  );
  return {
    tenders: tenders.map((t) => ({
      id: Number(t.id),
      code: t.code,
      status: t.status,
      start: new Date(t.start),
      finish: new Date(t.finish),
      group: Number(t.group),
      groupName: t.group_name,
    })),
    lines: lines.map((l) => ({
      id: Number(l.id),
      tender: l.tender == null ? null : Number(l.tender),
      part: Number(l.part),
    })),
    parts: new Map(parts.map((p) => [Number(p.id), { code: p.code, name: p.name }])),
    proposals: proposals.map((p) => ({
      ...p,
      id: Number(p.id),
      tender: Number(p.tender),
      line: Number(p.line),
      supplier: Number(p.supplier),
    })),
    winners: winners.map((w) => ({
      ...w,
      id: Number(w.id),
      line: Number(w.line),
      proposal: Number(w.proposal),
    })),
    orders: orders.map((o) => ({
      ...o,
      id: Number(o.id),
      tender: Number(o.tender),
      supplier: Number(o.supplier),
    })),
    suppliers: new Map(suppliers.map((s) => [Number(s.id), { name: s.name, code: s.code }])),
  };
}

export interface Scope {
  start?: string;
  finish?: string;
  /** null: all groups (administrator). */
  groups: number[] | null;
}

const OPEN = ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'];
function inScope(t: Raw['tenders'][number], s: Scope, states: string[]) {
  if (!states.includes(t.status)) return false;
  if (s.start && t.start < tallinnDayStart(s.start)) return false;
  if (s.finish) {
    const next = new Date(`${s.finish}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    if (t.start >= tallinnDayStart(next.toISOString().slice(0, 10))) return false;
  }
  return !s.groups || s.groups.includes(t.group);
}

/** Orders report rows by purchase order id. */
export function expectedOrders(raw: Raw, s: Scope) {
  const tenders = new Map(raw.tenders.filter((t) => inScope(t, s, ['ORDERED'])).map((t) => [t.id, t]));
  const props = new Map(raw.proposals.map((p) => [p.id, p]));
  const out = new Map<
    number,
    {
      tender: string;
      supplier: string;
      details: number;
      qty: bigint;
      sum: bigint;
      start: Date;
      group: string;
    }
  >();
  for (const o of raw.orders) {
    const t = tenders.get(o.tender);
    if (!t) continue;
    const ws = raw.winners.filter((w) => {
      const p = props.get(w.proposal);
      return p && p.tender === o.tender && p.supplier === o.supplier;
    });
    if (!ws.length) continue;
    let sum = 0n;
    let qty = 0n;
    for (const w of ws) {
      const p = defined(props.get(w.proposal), `offer ${w.proposal}`);
      sum += lineTotal(dec(w.amount), dec(p.price));
      qty += dec(w.amount);
    }
    out.set(o.id, {
      tender: t.code,
      supplier: defined(raw.suppliers.get(o.supplier), `supplier ${o.supplier}`).name,
      details: new Set(ws.map((w) => w.line)).size,
      qty,
      sum,
      start: t.start,
      group: t.groupName,
    });
  }
  return out;
}

/** Consolidated rows by supplier id. */
export function expectedConsolidated(raw: Raw, s: Scope) {
  const orders = expectedOrders(raw, s);
  const out = new Map<number, { details: number; qty: bigint; orders: number; sum: bigint }>();
  for (const o of raw.orders) {
    const r = orders.get(o.id);
    if (!r) continue;
    const c = out.get(o.supplier) ?? { details: 0, qty: 0n, orders: 0, sum: 0n };
    c.details += r.details;
    c.qty += r.qty;
    c.orders += 1;
    c.sum += r.sum;
    out.set(o.supplier, c);
  }
  return out;
}

/** Parts rows by line id. */
export function expectedParts(raw: Raw, s: Scope) {
  const tenders = new Map(raw.tenders.filter((t) => inScope(t, s, OPEN)).map((t) => [t.id, t]));
  const out = new Map<
    number,
    { min: bigint; max: bigint; prices: string[]; reasons: string[]; sum: bigint; qty: bigint }
  >();
  for (const p of raw.proposals) {
    const t = tenders.get(p.tender);
    if (!t) continue;
    const r = out.get(p.line) ?? {
      min: dec(p.price),
      max: dec(p.price),
      prices: [],
      reasons: [],
      sum: 0n,
      qty: 0n,
    };
    if (dec(p.price) < r.min) r.min = dec(p.price);
    if (dec(p.price) > r.max) r.max = dec(p.price);
    if (t.status === 'ORDERED')
      for (const w of raw.winners.filter((x) => x.proposal === p.id)) {
        r.prices.push(p.price);
        if (!r.reasons.includes(w.reason)) r.reasons.push(w.reason);
        r.sum += lineTotal(dec(w.amount), dec(p.price));
        r.qty += dec(w.amount);
      }
    out.set(p.line, r);
  }
  for (const r of out.values()) {
    r.prices.sort((a, b) => (dec(a) < dec(b) ? -1 : dec(a) > dec(b) ? 1 : 0));
    r.reasons.sort();
  }
  return out;
}

/** Suppliers report rows keyed "tender:supplier". */
export function expectedSuppliers(raw: Raw, s: Scope) {
  const tenders = new Map(raw.tenders.filter((t) => inScope(t, s, OPEN)).map((t) => [t.id, t]));
  const out = new Map<string, { proposals: number; details: Set<number>; sum: bigint }>();
  for (const p of raw.proposals) {
    const t = tenders.get(p.tender);
    if (!t) continue;
    const key = `${p.tender}:${p.supplier}`;
    const r = out.get(key) ?? { proposals: 0, details: new Set<number>(), sum: 0n };
    r.proposals += 1;
    if (t.status === 'ORDERED')
      for (const w of raw.winners.filter((x) => x.proposal === p.id)) {
        r.details.add(w.line);
        r.sum += lineTotal(dec(w.amount), dec(p.price));
      }
    out.set(key, r);
  }
  return out;
}

/** A roll-up row's figures as comparable strings (decimals with their places, counts as integers). */
export type RollupRows = Map<string, Record<string, string>>;

/** The monthly roll-ups recounted from the raw rows: keys "YYYY-MM|group|supplier" and "YYYY-MM|group|reason". */
export function expectedRollups(raw: Raw): { suppliers: RollupRows; lines: RollupRows } {
  const month = (d: Date) => tallinnDay(d).slice(0, 7);
  const tenders = new Map(raw.tenders.filter((t) => OPEN.includes(t.status)).map((t) => [t.id, t]));
  const winnersOf = new Map<number, Raw['winners']>();
  for (const w of raw.winners) winnersOf.set(w.proposal, [...(winnersOf.get(w.proposal) ?? []), w]);
  // per tender and company, as the summary rows
  const ts = new Map<
    string,
    {
      t: Raw['tenders'][number];
      supplier: number;
      proposals: number;
      details: Set<number>;
      qty: bigint;
      sum: bigint;
    }
  >();
  // per line
  const ls = new Map<number, { t: Raw['tenders'][number]; reasons: Set<string>; qty: bigint; sum: bigint }>();
  for (const p of raw.proposals) {
    const t = tenders.get(p.tender);
    if (!t) continue;
    const k = `${p.tender}:${p.supplier}`;
    const r = ts.get(k) ?? {
      t,
      supplier: p.supplier,
      proposals: 0,
      details: new Set<number>(),
      qty: 0n,
      sum: 0n,
    };
    const l = ls.get(p.line) ?? { t, reasons: new Set<string>(), qty: 0n, sum: 0n };
    r.proposals += 1;
    if (t.status === 'ORDERED')
      for (const w of winnersOf.get(p.id) ?? []) {
        const s = lineTotal(dec(w.amount), dec(p.price));
        r.details.add(w.line);
        r.qty += dec(w.amount);
        r.sum += s;
        l.reasons.add(w.reason);
        l.qty += dec(w.amount);
        l.sum += s;
      }
    ts.set(k, r);
    ls.set(p.line, l);
  }
  const hasOrder = new Set(raw.orders.map((o) => `${o.tender}:${o.supplier}`));
  const sm = new Map<string, { n: number[]; d: bigint[] }>();
  for (const [k, r] of ts) {
    const key = `${month(r.t.start)}|${r.t.group}|${r.supplier}`;
    // tenders, proposals, won tenders, won proposals, details, orders, order details | total, order qty, order total
    const a = sm.get(key) ?? { n: [0, 0, 0, 0, 0, 0, 0], d: [0n, 0n, 0n] };
    const won = r.details.size > 0;
    const order = won && hasOrder.has(k) && r.t.status === 'ORDERED';
    a.n[0] += 1;
    a.n[1] += r.proposals;
    a.n[2] += won ? 1 : 0;
    a.n[3] += won ? r.proposals : 0;
    a.n[4] += r.details.size;
    a.n[5] += order ? 1 : 0;
    a.n[6] += order ? r.details.size : 0;
    a.d[0] += r.sum;
    a.d[1] += order ? r.qty : 0n;
    a.d[2] += order ? r.sum : 0n;
    sm.set(key, a);
  }
  const suppliers: RollupRows = new Map();
  for (const [k, a] of sm)
    suppliers.set(k, {
      tenders: String(a.n[0]),
      proposals: String(a.n[1]),
      won_tenders: String(a.n[2]),
      won_proposals: String(a.n[3]),
      details: String(a.n[4]),
      total: str(a.d[0], 2),
      orders: String(a.n[5]),
      order_details: String(a.n[6]),
      order_qty: str(a.d[1], 4),
      order_total: str(a.d[2], 2),
    });
  const lm = new Map<string, { lines: number; qty: bigint; sum: bigint }>();
  for (const l of ls.values())
    for (const reason of ['', ...l.reasons]) {
      const key = `${month(l.t.start)}|${l.t.group}|${reason}`;
      const a = lm.get(key) ?? { lines: 0, qty: 0n, sum: 0n };
      a.lines += 1;
      a.qty += l.qty;
      a.sum += l.sum;
      lm.set(key, a);
    }
  const lines: RollupRows = new Map();
  for (const [k, a] of lm) lines.set(k, { lines: String(a.lines), qty: str(a.qty, 4), total: str(a.sum, 2) });
  return { suppliers, lines };
}

/** The monthly roll-up tables as stored, in the shape of expectedRollups. */
export async function loadRollups(db: Db): Promise<{ suppliers: RollupRows; lines: RollupRows }> {
  const q = (text: ReturnType<typeof sql>) => queryRows<Record<string, string | number>>(db, text);
  const suppliers: RollupRows = new Map();
  for (const r of await q(sql`select to_char(month, 'YYYY-MM') m, group_id, supplier_id, tenders, proposals,
      won_tenders, won_proposals, details, total::text, orders, order_details, order_qty::text, order_total::text
      from report_supplier_months`)) {
    const { m, group_id, supplier_id, ...rest } = r;
    suppliers.set(
      `${m}|${group_id}|${supplier_id}`,
      Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
    );
  }
  const lines: RollupRows = new Map();
  for (const r of await q(
    sql`select to_char(month, 'YYYY-MM') m, group_id, reason, lines, qty::text, total::text from report_line_months`,
  )) {
    const { m, group_id, reason, ...rest } = r;
    lines.set(
      `${m}|${group_id}|${reason}`,
      Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
    );
  }
  return { suppliers, lines };
}
