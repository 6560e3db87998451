// Every validation of spec §5 through the API (tender form and supplier offer), wrong-state actions, role guards
// and deletes: the 400 key and that nothing changed.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blacklistProducers, blacklists, details, proposals, tenders } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer, buildWarehouse } from '../../test/factories.ts';
import {
  type BuiltTender,
  buildLines,
  buildTender,
  createDraft,
  dateIn,
  getLines,
  isoIn,
  offer,
  offerLine,
  patchTender,
} from '../../test/tenders.ts';
import { todayOf } from './access.ts';

const ctx = await testContext();
let ordered: BuiltTender;
let active: BuiltTender;
let blacklisted: number;
let inactive: number;

const snapshot = async (tenderId: number) =>
  (await ctx.db.select().from(proposals).where(eq(proposals.tenderId, tenderId)))
    .map((p) => `${p.id}:${p.supplierId}:${p.price}`)
    .sort();

beforeAll(async () => {
  ordered = await buildTender(ctx, 'ORDERED', { lines: 1 });
  active = await buildTender(ctx, 'ACTIVE', { lines: 2 });
  const [d] = await ctx.db.select().from(details).where(eq(details.id, active.lines[0]));
  const bad = await buildProducer(ctx.db);
  const [bl] = await ctx.db.insert(blacklists).values({ partId: d.partId }).returning();
  await ctx.db.insert(blacklistProducers).values({ blacklistId: bl.id, producerId: bad.id });
  blacklisted = bad.id;
  inactive = (await buildProducer(ctx.db, { isActive: false })).id;
}, 60_000);

describe('supplier offer validation (§5) through POST /tenders/{id}/offer/', () => {
  const cases: [string, object, string, string][] = [
    ['no producer', { producer: null }, 'producer', 'producer_should_exist'],
    ['unknown producer', { producer: 999999 }, 'producer', 'producer_should_exist'],
    ['inactive producer', { producer: -1 }, 'producer', 'producer_should_exist'],
    ['blacklisted producer', { producer: -2 }, 'producer', 'blacklisted_producer'],
    ['empty price', { price: '' }, 'price', 'price_empty'],
    ['text price', { price: 'abc' }, 'price', 'incorrect_price'],
    ['5 decimals', { price: '1.23456' }, 'price', 'incorrect_price'],
    ['zero price', { price: '0' }, 'price', 'price_more_than_zero'],
    ['no delivery date', { delivery_date: null }, 'delivery_date', 'delivery_date_should_exist'],
    ['delivery date in the past', { delivery_date: '2000-01-01' }, 'delivery_date', 'delivery_date_in_past'],
    ['blank product code', { product_code: '  ' }, 'product_code', 'product_code_required'],
    ['long product code', { product_code: 'x'.repeat(36) }, 'product_code', 'product_code_too_long'],
    ['no EAN', { ean_code: '' }, 'ean_code', 'ean_required'],
    ['EAN with letters', { ean_code: '12ab' }, 'ean_code', 'ean_digits_only'],
    ['EAN of 14 digits', { ean_code: '1'.repeat(14) }, 'ean_code', 'ean_too_long'],
    ['zero quantity', { available_qty: '0' }, 'available_qty', 'qty_above_zero'],
    ['negative quantity', { available_qty: '-1' }, 'available_qty', 'qty_above_zero'],
    ['quantity above need', { available_qty: '10.5' }, 'available_qty', 'qty_above_need'],
  ];
  for (const [name, override, field, key] of cases) {
    it(`${name} → ${key}, nothing changed`, async () => {
      const before = await snapshot(active.id);
      const o = { ...offerLine(active.producers[0], '5'), ...override } as Record<string, unknown>;
      if (o.producer === -1) o.producer = inactive;
      if (o.producer === -2) o.producer = blacklisted;
      const res = await offer(ctx, 'supplier', active.id, [
        { detail: active.lines[1], offers: [offerLine(active.producers[0], '5')] },
        { detail: active.lines[0], offers: [o] },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ [`lines.1.offers.0.${field}`]: [key] });
      expect(await snapshot(active.id)).toEqual(before);
    });
  }

  it('whole-offer rules: duplicate producer, too many lines, quantity total, agreement, minimum one part, foreign line', async () => {
    const before = await snapshot(active.id);
    const p = active.producers[0];
    const expectations: [object, object][] = [
      [
        { lines: [{ detail: active.lines[0], offers: [offerLine(p, '5'), offerLine(p, '6')] }] },
        { 'lines.0.offers.1.producer': ['duplicate_producer'] },
      ],
      [
        { lines: [{ detail: active.lines[0], offers: [1, 2, 3, 4].map(() => offerLine(p, '5')) }] },
        { 'lines.0.offers': ['too_many_offers'] },
      ],
      [
        {
          lines: [
            {
              detail: active.lines[0],
              offers: [
                offerLine(p, '5', { available_qty: '6' }),
                offerLine(active.producers[1], '5', { available_qty: '5' }),
              ],
            },
          ],
        },
        { 'lines.0.offers': ['qty_above_need'] },
      ],
      [
        { agreed: false, lines: [{ detail: active.lines[0], offers: [offerLine(p, '5')] }] },
        { agreed: ['agreement_required'] },
      ],
      [
        {
          lines: [{ detail: active.lines[0], offers: [{ producer: null, price: '', delivery_date: null }] }],
        },
        { non_field_errors: ['minimum_one_part'] },
      ],
      [
        { lines: [{ detail: ordered.lines[0], offers: [offerLine(p, '5')] }] },
        { 'lines.0.detail': ['invalid_choice'] },
      ],
    ];
    for (const [body, errors] of expectations) {
      const res = await ctx.as('supplier', {
        method: 'POST',
        url: `/api/tenders/${active.id}/offer/`,
        payload: { agreed: true, ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual(errors);
    }
    expect(await snapshot(active.id)).toEqual(before);
  });

  it('accepts a comma price and ignores an all-empty line; the set is replaced, not added to', async () => {
    const res = await offer(ctx, 'supplier', active.id, [
      {
        detail: active.lines[0],
        offers: [
          offerLine(active.producers[0], '12,5'),
          { producer: null, price: '', product_code: '', ean_code: '' },
        ],
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ company_proposals: 1, agreed: true });
    const mine = (await ctx.db.select().from(proposals).where(eq(proposals.tenderId, active.id))).filter(
      (x) => x.supplierId === ctx.supplierCo.id,
    );
    expect(mine.map((x) => x.price)).toEqual(['12.5000']);
  });

  it('cancel offer removes the company proposals while ACTIVE', async () => {
    let res = await ctx.as('supplier', { method: 'DELETE', url: `/api/tenders/${active.id}/offer/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().company_proposals).toBe(0);
    const left = await ctx.db.select().from(proposals).where(eq(proposals.tenderId, active.id));
    expect(left.every((x) => x.supplierId === ctx.supplierCo2.id)).toBe(true);
    res = await ctx.as('supplier', { method: 'DELETE', url: `/api/tenders/${ordered.id}/offer/` });
    expect(res.json()).toEqual({ non_field_errors: ['deadline_passed'] });
  });
});

describe('tender form validation (§5)', () => {
  it('requires start, finish, group and warehouse', async () => {
    const res = await ctx.as('admin', { method: 'POST', url: '/api/tenders/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      start: ['required'],
      finish: ['required'],
      warehouse: ['required'],
      group: ['required'],
    });
  });

  it('date rules: future, order, 30 minutes; group and warehouse must match the user', async () => {
    const count = async () => (await ctx.db.select().from(tenders)).length;
    const before = await count();
    const base = { group: ctx.group.id, warehouse: ctx.warehouse.id, status: 'DRAFT' };
    const post = (payload: object, role: 'admin' | 'master' = 'admin') =>
      ctx.as(role, { method: 'POST', url: '/api/tenders/', payload: { ...base, ...payload } });
    let res = await post({ start: isoIn(-10), finish: isoIn(60) });
    expect(res.json()).toEqual({ start: ['start_in_future'] });
    res = await post({ start: isoIn(120), finish: isoIn(60) });
    expect(res.json()).toEqual({ start: ['start_before_finish'] });
    res = await post({ start: isoIn(60), finish: isoIn(89) });
    expect(res.json()).toEqual({ finish: ['min_duration'] });
    res = await post({ start: 'yesterday', finish: isoIn(89) });
    expect(res.json()).toEqual({ start: ['invalid_date'] });
    const w2 = await buildWarehouse(ctx.db, { groupId: ctx.group2.id });
    res = await post({ start: isoIn(60), finish: isoIn(120), warehouse: w2.id });
    expect(res.json()).toEqual({ warehouse: ['warehouse_not_in_group'] });
    res = await post(
      { start: isoIn(60), finish: isoIn(120), group: ctx.group2.id, warehouse: w2.id },
      'master',
    );
    expect(res.json()).toEqual({ group: ['invalid_choice'] });
    expect(await count()).toBe(before);
  });

  it('start needs at least one line and a positive total; the tender stays DRAFT', async () => {
    const id = await createDraft(ctx);
    let res = await patchTender(ctx, id, { status: 'WAITING' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ details: ['choose_at_least_one_line'] });
    const [line] = await buildLines(ctx, 1);
    // a chosen line's quantity must be above 0
    res = await patchTender(ctx, id, { status: 'WAITING', details: [{ id: line.id, qty: '0' }] });
    expect(res.json()).toEqual({ 'details.0.qty': ['positive_quantity'] });
    res = await patchTender(ctx, id, { details: [{ id: line.id, qty: '-1' }] });
    expect(res.json()).toEqual({ 'details.0.qty': ['positive_quantity'] });
    const [t] = await ctx.db.select().from(tenders).where(eq(tenders.id, id));
    expect(t.status).toBe('DRAFT');
    const [d] = await ctx.db.select().from(details).where(eq(details.id, line.id));
    expect(d).toMatchObject({ status: 'PREPARED', tenderId: null });
    res = await patchTender(ctx, id, { status: 'WAITING', details: [{ id: line.id, qty: '2,5' }] }, 'master');
    expect(res.statusCode).toBe(403);
    res = await patchTender(
      ctx,
      id,
      { status: 'WAITING', details: [{ id: line.id, qty: '2,5' }] },
      'contractor',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'WAITING', details_count: 1 });
    const [after] = await ctx.db.select().from(details).where(eq(details.id, line.id));
    expect(after).toMatchObject({
      status: 'WAITING',
      tenderId: id,
      replenishmentQty: '2.5000',
      qty: '2.5000',
    });
  });

  it('lines are chosen atomically: a line of another tender refuses the whole set', async () => {
    const [free, other] = await buildLines(ctx, 2);
    const first = await createDraft(ctx, { lines: [{ id: other.id }] });
    const id = await createDraft(ctx);
    const res = await patchTender(ctx, id, {
      details: [
        { id: free.id, qty: '1' },
        { id: other.id, qty: '1' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ details: ['detail_not_available'] });
    const rows = await ctx.db.select().from(details).where(eq(details.id, free.id));
    expect(rows[0]).toMatchObject({ status: 'PREPARED', tenderId: null });
    const [o] = await ctx.db.select().from(details).where(eq(details.id, other.id));
    expect(o.tenderId).toBe(first);
  });

  it('two drafts grabbing the same free line at once: exactly one gets it', async () => {
    const [l] = await buildLines(ctx, 1);
    const a = await createDraft(ctx);
    const b = await createDraft(ctx);
    const results = await Promise.all(
      [a, b].map((id, i) =>
        patchTender(ctx, id, { details: [{ id: l.id, qty: '1' }] }, i ? 'contractor' : 'admin'),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toEqual({ details: ['detail_not_available'] });
    const [row] = await ctx.db.select().from(details).where(eq(details.id, l.id));
    expect([a, b]).toContain(row.tenderId);
    expect(row.status).toBe('WAITING');
  });

  it('master edits a draft; a warehouse change returns every chosen line to PREPARED', async () => {
    const lines = await buildLines(ctx, 2);
    const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
    const w = await buildWarehouse(ctx.db, { groupId: ctx.group.id });
    const res = await patchTender(ctx, id, { warehouse: w.id, additional_info: 'moved' }, 'master');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ warehouse: w.id, details_count: 0, additional_info: 'moved' });
    const rows = await ctx.db.select().from(details).where(eq(details.tenderId, id));
    expect(rows).toHaveLength(0);
    const back = await getLines(ctx, id);
    expect(back).toHaveLength(0);
  });

  it('a DRAFT can be deleted only with zero lines', async () => {
    const [line] = await buildLines(ctx, 1);
    const withLine = await createDraft(ctx, { lines: [{ id: line.id }] });
    let res = await ctx.as('master', {
      method: 'POST',
      url: '/api/remove_tender/',
      payload: { tender_id: withLine },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'forbidden' });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/remove_tender/',
      payload: { tender_id: ordered.id },
    });
    expect(res.statusCode).toBe(403);
    const empty = await createDraft(ctx);
    res = await ctx.as('supplier', {
      method: 'POST',
      url: '/api/remove_tender/',
      payload: { tender_id: empty },
    });
    expect(res.statusCode).toBe(403);
    res = await ctx.as('master', {
      method: 'POST',
      url: '/api/remove_tender/',
      payload: { tender_id: empty },
    });
    expect(res.statusCode).toBe(204);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/tenders/${empty}/` })).statusCode).toBe(404);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/tenders/${withLine}/` })).statusCode).toBe(200);
  });
});

describe('wrong states and roles answer 4xx with a key, never 500', () => {
  it('offer on DRAFT or WAITING, winners on ACTIVE, editing ORDERED, choosing an ACTIVE tender', async () => {
    const draft = await buildTender(ctx, 'DRAFT', { lines: 1 });
    // A DRAFT is invisible to suppliers: 404 like every other route, so an offer cannot probe it.
    let res = await offer(ctx, 'supplier', draft.id, [
      { detail: draft.lines[0], offers: [offerLine(draft.producers[0], '1')] },
    ]);
    expect(res.statusCode).toBe(404);
    const lines = await getLines(ctx, active.id);
    const p = lines[0].proposals;
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${active.lines[0]}/add_winners/`,
      payload: { winners: [{ name: 1, reason: 'PRICE' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
    expect(p.every((x) => x.sealed)).toBe(true);
    res = await patchTender(ctx, ordered.id, { additional_info: 'changed' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['tender_not_editable'] });
    res = await patchTender(ctx, active.id, { status: 'CHOOSING' });
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
    res = await patchTender(ctx, active.id, { status: 'DRAFT' });
    expect(res.json()).toEqual({ status: ['wrong_tender_state'] });
    res = await patchTender(ctx, active.id, { status: 'BOGUS' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: ['invalid_choice'] });
  });

  it('suppliers are refused on buyer-only routes, buyers on supplier routes', async () => {
    const calls: [Parameters<typeof ctx.as>[0], string, string, object | undefined][] = [
      ['supplier', 'POST', '/api/tenders/', { start: isoIn(60) }],
      ['supplier', 'PATCH', `/api/tenders/${active.id}/`, { additional_info: 'x' }],
      ['supplier', 'PATCH', `/api/details/${active.lines[0]}/`, { status: 'FAILED' }],
      ['supplier', 'PATCH', `/api/details/${active.lines[0]}/add_winners/`, { winners: [] }],
      ['supplier', 'PATCH', `/api/details/${active.lines[0]}/delete_winners/`, {}],
      ['supplier', 'POST', `/api/tenders/${active.id}/reopen/`, undefined],
      ['supplier', 'GET', '/api/details/?status=PREPARED', undefined],
      ['employee', 'POST', `/api/tenders/${active.id}/offer/`, { agreed: true, lines: [] }],
      ['master', 'PATCH', `/api/details/${active.lines[0]}/add_winners/`, { winners: [] }],
      ['admin', 'POST', `/api/tenders/${active.id}/offer/`, { agreed: true, lines: [] }],
      ['admin', 'PATCH', `/api/tenders/${active.id}/add_log/`, { action: 'WATCHED' }],
      ['contractor', 'PATCH', `/api/details/${active.lines[0]}/add_proposal/`, offerLine(1, '1')],
    ];
    for (const [role, method, url, payload] of calls) {
      const res = await ctx.as(role, { method: method as 'GET', url, payload });
      expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
    }
  });

  it('malformed ids, queries and bodies answer 400', async () => {
    for (const url of [
      '/api/tenders/abc/',
      '/api/tenders/?filter_status=NOPE',
      '/api/tenders/?filter_start=31.12.2026',
      '/api/tenders/?ordering=password',
      '/api/details/?tender=x',
    ]) {
      const res = await ctx.as('admin', { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
    const res = await ctx.as('supplier', {
      method: 'POST',
      url: `/api/tenders/${active.id}/offer/`,
      payload: { agreed: 'yes', lines: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['agreed', 'lines']);
  });

  it('delivery date today is accepted (the server clock decides "today")', async () => {
    const today = todayOf(now());
    let res = await offer(ctx, 'supplier', active.id, [
      { detail: active.lines[0], offers: [offerLine(active.producers[0], '3', { delivery_date: today })] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    res = await offer(ctx, 'supplier', active.id, [
      {
        detail: active.lines[0],
        offers: [offerLine(active.producers[0], '3', { delivery_date: yesterday })],
      },
    ]);
    expect(res.json()).toEqual({ 'lines.0.offers.0.delivery_date': ['delivery_date_in_past'] });
    expect(dateIn(1) > yesterday).toBe(true);
  });

  it('hostile input never yields a 500', async () => {
    const huge = 3_000_000_000;
    const nul = 'a\u0000b';
    const l = active.lines[0];
    const calls: [Parameters<typeof ctx.as>[0], string, string, unknown][] = [
      [
        'admin',
        'POST',
        '/api/tenders/',
        { start: isoIn(60), finish: isoIn(120), group: huge, warehouse: huge },
      ],
      [
        'admin',
        'POST',
        '/api/tenders/',
        {
          start: isoIn(60),
          finish: isoIn(120),
          group: ctx.group.id,
          warehouse: ctx.warehouse.id,
          additional_info: nul,
          details: [{ id: huge, qty: '1' }],
        },
      ],
      [
        'admin',
        'POST',
        '/api/tenders/',
        {
          start: '+275760-09-13T00:00:00Z',
          finish: '+275760-09-13T01:00:00Z',
          group: ctx.group.id,
          warehouse: ctx.warehouse.id,
        },
      ],
      [
        'admin',
        'POST',
        '/api/tenders/',
        {
          start: isoIn(60),
          finish: isoIn(120),
          group: ctx.group.id,
          warehouse: ctx.warehouse.id,
          details: [{ id: 1, qty: '1e30' }],
        },
      ],
      ['admin', 'POST', '/api/remove_tender/', { tender_id: huge }],
      ['admin', 'PATCH', `/api/details/${l}/`, { tender: huge, status: 'WAITING' }],
      ['admin', 'PATCH', `/api/details/${l}/`, { replenishment_qty: '99999999999999999' }],
      [
        'supplier',
        'POST',
        `/api/tenders/${active.id}/offer/`,
        {
          agreed: true,
          lines: [
            {
              detail: l,
              offers: [
                offerLine(active.producers[0], '99999999999', {
                  product_code: nul,
                  delivery_date: '2026-02-31',
                  additional_qty: 1e20,
                }),
              ],
            },
          ],
        },
      ],
      [
        'supplier',
        'POST',
        `/api/tenders/${active.id}/offer/`,
        { agreed: true, lines: [{ detail: huge, offers: [offerLine(huge, '1')] }] },
      ],
      [
        'supplier',
        'PATCH',
        `/api/details/${l}/add_proposal/`,
        offerLine(active.producers[1], '1', { product_code: nul, additional_qty: '1e5' }),
      ],
      ['supplier', 'PATCH', `/api/details/${l}/add_supplier_comment/`, { comment: nul }],
      ['supplier', 'POST', '/api/comments/', { content: nul, tender: huge }],
      ['supplier', 'POST', '/api/comments/', { content: 'x', detail: huge }],
      ['supplier', 'PATCH', `/api/tenders/${active.id}/add_log/`, '{"action": '],
      ['supplier', 'PATCH', `/api/tenders/${active.id}/add_log/`, ['WATCHED']],
      ['admin', 'PATCH', `/api/details/${l}/add_winners/`, { winners: [{ name: huge, amount: 'x' }] }],
      ['admin', 'GET', '/api/tenders/?page=999999&page_size=5000', undefined],
      ['admin', 'GET', '/api/details/?ids=999999999&page=2', undefined],
    ];
    for (const [role, method, url, payload] of calls) {
      const res = await ctx.as(role, { method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${role} ${method} ${url} ${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(
        500,
      );
    }
    const c = await ctx.as('supplier', {
      method: 'PATCH',
      url: `/api/details/${l}/add_supplier_comment/`,
      payload: { comment: nul },
    });
    expect(c.statusCode).toBe(200);
  });
});
