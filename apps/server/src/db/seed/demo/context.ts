// The demo seed's shared tools: the deterministic random sequence, check-digit helpers, dates relative to the
// app clock, and the history rows every area adds to (inserted last, in time order).
import type { HistoryAction, HistoryEntity } from '@portal/shared';
import type { Db } from '../../client.ts';
import type * as s from '../../schema/index.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

// ---------- deterministic randomness ----------
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Estonian personal code with its check digit. */
export function personalCode(base10: string) {
  const w1 = [1, 2, 3, 4, 5, 6, 7, 8, 9, 1];
  const w2 = [3, 4, 5, 6, 7, 8, 9, 1, 2, 3];
  const sum = (w: number[]) => w.reduce((acc, k, i) => acc + k * Number(base10[i]), 0) % 11;
  let c = sum(w1);
  if (c === 10) c = sum(w2) % 10;
  return base10 + c;
}

/** A 13-digit EAN with a valid check digit. */
export function ean13(first12: string) {
  const sum = [...first12].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 ? 3 : 1), 0);
  return first12 + ((10 - (sum % 10)) % 10);
}

export const ymd = (d: Date) => d.toISOString().slice(0, 10);
/** A UTC moment `days` from today's midnight plus `hours`. */
export function at(base: Date, days: number, hours: number) {
  const d = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate()));
  return new Date(d.getTime() + days * DAY + hours * HOUR);
}

export const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

type Who = { id: number; firstName: string; lastName: string } | null;

/** What every area of the seed works with: the transaction, "now", the random sequence and the history rows. */
export interface SeedContext {
  db: Db;
  T: Date;
  rnd: () => number;
  pick: <X>(xs: readonly X[]) => X;
  between: (a: number, b: number) => number;
  int: (a: number, b: number) => number;
  past: (maxDays: number, minDays?: number) => Date;
  historyRows: (typeof s.history.$inferInsert)[];
  /** One history row: an event of HISTORY_EVENTS (packages/shared). */
  hist: <E extends HistoryEntity>(
    entity: E,
    entityId: number,
    action: HistoryAction<E>,
    created: Date,
    who: Who,
    data?: Record<string, unknown>,
    tenderId?: number | null,
  ) => void;
}

export function seedContext(db: Db, T: Date): SeedContext {
  const rnd = prng(20261121);
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(rnd() * xs.length)];
  const between = (a: number, b: number) => a + rnd() * (b - a);
  const int = (a: number, b: number) => Math.floor(between(a, b + 1));
  const past = (maxDays: number, minDays = 0) => new Date(T.getTime() - between(minDays, maxDays) * DAY);
  const historyRows: (typeof s.history.$inferInsert)[] = [];
  const hist = <E extends HistoryEntity>(
    entity: E,
    entityId: number,
    action: HistoryAction<E>,
    created: Date,
    who: Who,
    data: Record<string, unknown> = {},
    tenderId: number | null = null,
  ) => {
    historyRows.push({
      entity,
      entityId,
      action,
      created,
      tenderId,
      userId: who?.id ?? null,
      userName: who ? nameOf(who) : null,
      data,
    });
  };
  return { db, T, rnd, pick, between, int, past, historyRows, hist };
}
