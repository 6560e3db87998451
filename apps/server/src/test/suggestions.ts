// A tender with given lines and offers per supplier, driven to a state: the award suggestions' tests.
import type { TenderStatus } from '@portal/shared';
import { expect } from 'vitest';
import type { testContext } from './context.ts';
import { buildDetail } from './factories.ts';
import { advance, buildLines, buildProducers, createDraft, offerLine, patchTender } from './tenders.ts';

type Ctx = Awaited<ReturnType<typeof testContext>>;
export type TenderWithArgs = Parameters<typeof buildTenderWith> extends [Ctx, ...infer R] ? R : never;

/** A tender with the given lines (part, quantity) and offers per supplier role, driven to `status`. */
export async function buildTenderWith(
  ctx: Ctx,
  lines: { partId?: number; qty: string }[],
  offers: Partial<
    Record<'supplier' | 'supplier2', { price: string; available?: string; producer?: number }[]>
  >,
  status: TenderStatus,
) {
  const built = [];
  for (const l of lines) {
    if (l.partId)
      built.push(
        await buildDetail(ctx.db, {
          partId: l.partId,
          warehouseId: ctx.warehouse.id,
          replenishmentQty: l.qty,
        }),
      );
    else built.push(...(await buildLines(ctx, 1, { qty: l.qty })));
  }
  const producers = (await buildProducers(ctx, 2)).map((p) => p.id);
  const id = await createDraft(ctx, { lines: built.map((d, i) => ({ id: d.id, qty: lines[i].qty })) });
  expect((await patchTender(ctx, id, { status: 'WAITING' })).statusCode).toBe(200);
  await advance(ctx, 3601);
  for (const [role, list] of Object.entries(offers) as ['supplier' | 'supplier2', { price: string }[]][]) {
    // a fresh session: the clock moves hours with every tender, past an unused session's life
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tenders/${id}/offer/`,
      headers: { authorization: `Token ${await ctx.login(ctx.users[role].email)}` },
      payload: {
        agreed: true,
        lines: built.map((d, i) => {
          const o = list[i] as { price: string; available?: string; producer?: number };
          return {
            detail: d.id,
            offers: [
              offerLine(o.producer ?? producers[role === 'supplier' ? 0 : 1], o.price, {
                ...(o.available ? { available_qty: o.available } : {}),
              }),
            ],
          };
        }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (status === 'ACTIVE') return { id, lines: built, producers };
  await advance(ctx, 3600);
  if (status !== 'FINISHED')
    expect((await patchTender(ctx, id, { status: 'CHOOSING' })).statusCode).toBe(200);
  return { id, lines: built, producers };
}
