// Test factories of the tender area: lines, tenders driven through the real API and the test clock.
import type { TenderStatus } from '@portal/shared';
import { expect } from 'vitest';
import { now } from '../lib/clock.ts';
import type { TestContext } from './context.ts';
import { buildDetail, buildPart, buildProducer, buildUnit } from './factories.ts';

type Ctx = TestContext;

export const isoIn = (minutes: number) => new Date(now().getTime() + minutes * 60_000).toISOString();
export const dateIn = (days: number) =>
  new Date(now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** PREPARED lines in the context's warehouse (or another), each on its own part. */
export async function buildLines(ctx: Ctx, n: number, opts: { warehouseId?: number; qty?: string } = {}) {
  const unit = await buildUnit(ctx.db);
  const out = [];
  for (let i = 0; i < n; i++) {
    const part = await buildPart(ctx.db, { unitId: unit.id });
    out.push(
      await buildDetail(ctx.db, {
        partId: part.id,
        warehouseId: opts.warehouseId ?? ctx.warehouse.id,
        replenishmentQty: opts.qty ?? '10',
      }),
    );
  }
  return out;
}

export async function buildProducers(ctx: Ctx, n: number) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await buildProducer(ctx.db));
  return out;
}

/** Moves the server clock (and runs one scheduler tick and outbox pass). */
export async function advance(ctx: Ctx, seconds: number) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/_test/clock/',
    payload: { advance_seconds: seconds },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { now: string; activated: number[]; finished: number[] };
}
export async function setClock(ctx: Ctx, at: Date) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/_test/clock/',
    payload: { now: at.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { now: string; activated: number[]; finished: number[] };
}

/** A DRAFT through POST /tenders/ (as admin): start in 60 minutes, finish in 120. */
export async function createDraft(
  ctx: Ctx,
  opts: { lines?: { id: number; qty?: string }[]; startIn?: number; finishIn?: number } = {},
) {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/tenders/',
    payload: {
      start: isoIn(opts.startIn ?? 60),
      finish: isoIn(opts.finishIn ?? 120),
      group: ctx.group.id,
      warehouse: ctx.warehouse.id,
      status: 'DRAFT',
      additional_info: 'test tender',
      details: (opts.lines ?? []).map((l) => ({ id: l.id, qty: l.qty ?? '10' })),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

export const patchTender = (
  ctx: Ctx,
  id: number,
  payload: object,
  role: Parameters<Ctx['as']>[0] = 'admin',
) => ctx.as(role, { method: 'PATCH', url: `/api/tenders/${id}/`, payload });

export const getTender = async (ctx: Ctx, id: number, role: Parameters<Ctx['as']>[0] = 'admin') => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/tenders/${id}/` });
  return res;
};

export const getLines = async (ctx: Ctx, id: number, role: Parameters<Ctx['as']>[0] = 'admin') => {
  const res = await ctx.as(role, { method: 'GET', url: `/api/details/?tender=${id}&page_size=0` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as import('@portal/shared').DetailLine[];
};

/** One complete offer line. */
export const offerLine = (producer: number, price: string, extra: object = {}) => ({
  producer,
  price,
  delivery_date: dateIn(10),
  product_code: `PC-${producer}`,
  ean_code: '4006381333931',
  ...extra,
});

export const offer = (
  ctx: Ctx,
  role: 'supplier' | 'supplier2' | 'employee',
  tenderId: number,
  lines: { detail: number; offers: object[] }[],
  extra: object = {},
) =>
  ctx.as(role, {
    method: 'POST',
    url: `/api/tenders/${tenderId}/offer/`,
    payload: { agreed: true, lines, ...extra },
  });

export interface BuiltTender {
  id: number;
  lines: number[];
  producers: number[];
  /** Prices per supplier role. */
  prices: { supplier: string; supplier2: string };
}

/**
 * A tender driven through the API to `status`: lines chosen, started, opened by the clock, offers by supplier
 * (price 11.1111) and supplier2 (price 22.2222) on every line, finished, choosing, winners (supplier), confirmed.
 */
export async function buildTender(
  ctx: Ctx,
  status: TenderStatus,
  opts: { lines?: number; winners?: boolean } = {},
): Promise<BuiltTender> {
  const lines = await buildLines(ctx, opts.lines ?? 2);
  const producers = (await buildProducers(ctx, 2)).map((p) => p.id);
  const prices = { supplier: '11.1111', supplier2: '22.2222' };
  const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
  const built = { id, lines: lines.map((l) => l.id), producers, prices };
  if (status === 'DRAFT') return built;
  let res = await patchTender(ctx, id, { status: 'WAITING' });
  expect(res.statusCode, res.body).toBe(200);
  if (status === 'WAITING') return built;
  if (status === 'CANCELED') {
    res = await patchTender(ctx, id, { status: 'CANCELED' });
    expect(res.statusCode, res.body).toBe(200);
    return built;
  }
  const moved = await advance(ctx, 3601);
  expect(moved.activated).toContain(id);
  for (const [role, producer, price] of [
    ['supplier', producers[0], prices.supplier],
    ['supplier2', producers[1], prices.supplier2],
  ] as const) {
    res = await offer(
      ctx,
      role,
      id,
      built.lines.map((d) => ({ detail: d, offers: [offerLine(producer, price)] })),
      { comment: `${role} says hello` },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  if (status === 'ACTIVE') return built;
  const fin = await advance(ctx, 3600);
  expect(fin.finished).toContain(id);
  if (status === 'FINISHED') return built;
  res = await patchTender(ctx, id, { status: 'CHOOSING' });
  expect(res.statusCode, res.body).toBe(200);
  if (status === 'CHOOSING') return built;
  if (opts.winners !== false && status === 'ORDERED') {
    const shown = await getLines(ctx, id);
    for (const line of shown) {
      const mine = line.proposals.find((p) => p.price === '11.1111')!;
      res = await ctx.as('admin', {
        method: 'PATCH',
        url: `/api/details/${line.id}/add_winners/`,
        payload: { winners: [{ name: mine.id, amount: null, reason: null }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  res = await patchTender(ctx, id, { status: 'ORDERED', approver_comment: 'approved by the board' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe(status);
  return built;
}
