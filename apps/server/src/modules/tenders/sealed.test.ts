// The sealed-offers invariant per role and state: what each caller's JSON may and may not contain.
import {
  type DetailLine,
  type TenderStatus,
  VIEW_LINE_LEFT_OUT,
  VIEW_PROPOSAL_LEFT_OUT,
} from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { producers, suppliers } from '../../db/schema/index.ts';
import { type Role, testContext } from '../../test/context.ts';
import { type BuiltTender, buildTender } from '../../test/tenders.ts';

const ctx = await testContext();
const STATES: TenderStatus[] = ['ORDERED', 'CHOOSING', 'FINISHED', 'ACTIVE', 'WAITING'];
const built = {} as Record<TenderStatus, BuiltTender>;
let names: {
  supplier: string;
  supplier2: string;
  producer1: Record<string, string>;
  producer2: Record<string, string>;
};

beforeAll(async () => {
  // Built oldest state first: the clock only moves forward, so later tenders stay where they are.
  for (const s of STATES) built[s] = await buildTender(ctx, s, { lines: 2 });
  const prods = await ctx.db
    .select()
    .from(producers)
    .where(
      inArray(
        producers.id,
        STATES.flatMap((s) => built[s].producers),
      ),
    );
  const pn = (id: number) => prods.find((p) => p.id === id)!.name;
  names = {
    supplier: ctx.supplierCo.name,
    supplier2: ctx.supplierCo2.name,
    producer1: Object.fromEntries(STATES.map((s) => [s, pn(built[s].producers[0])])),
    producer2: Object.fromEntries(STATES.map((s) => [s, pn(built[s].producers[1])])),
  };
}, 120_000);

/** A whole line cut to the tender view's shape (what `fields=view` must answer). */
function cutToView(line: DetailLine) {
  const out: Record<string, unknown> = { ...line };
  for (const k of Object.keys(VIEW_LINE_LEFT_OUT)) delete out[k];
  out.proposals = line.proposals.map((p) => {
    const o: Record<string, unknown> = { ...p };
    for (const k of Object.keys(VIEW_PROPOSAL_LEFT_OUT)) delete o[k];
    return o;
  });
  return out;
}

/** Everything a role gets about a tender: list row, tender, its lines (whole, in the view's shape, paged), one line. */
async function everything(role: Role, s: TenderStatus) {
  const t = built[s];
  const calls = [
    `/api/tenders/?ids=${t.id}`,
    `/api/tenders/?page_size=0&search=${encodeURIComponent(t.id.toString())}&filter_status=${s}`,
    `/api/tenders/${t.id}/`,
    `/api/details/?tender=${t.id}&page_size=0`,
    `/api/details/${t.lines[0]}/`,
    `/api/details/?tender=${t.id}&page_size=0&fields=view`,
    // the buyer's view as it pages: a line at a time with its first offer and their count
    `/api/details/?tender=${t.id}&page=1&page_size=1&fields=view&offers=1`,
  ];
  const bodies: string[] = [];
  for (const url of calls) {
    const res = await ctx.as(role, { method: 'GET', url });
    expect(res.statusCode, `${role} ${s} ${url}: ${res.body}`).toBe(200);
    bodies.push(res.body);
  }
  const lines = JSON.parse(bodies[3]) as DetailLine[];
  // The view's shape is the same line, sealed the same way, only without the fields it leaves out.
  expect(JSON.parse(bodies[5]), `${role} ${s}: the view's shape`).toEqual(lines.map(cutToView));
  return { raw: bodies.join('\n'), tender: JSON.parse(bodies[2]), lines };
}

describe('sealed offers: buyers', () => {
  for (const role of ['admin', 'contractor', 'master'] as const) {
    for (const s of ['WAITING', 'ACTIVE'] as const) {
      it(`${role} in ${s} gets placeholders only`, async () => {
        const { raw, lines } = await everything(role, s);
        for (const secret of [
          names.supplier,
          names.supplier2,
          '11.1111',
          '22.2222',
          names.producer1[s],
          names.producer2[s],
          'PC-',
        ]) {
          expect(raw).not.toContain(secret);
        }
        for (const l of lines) {
          expect(l.proposals).toHaveLength(s === 'ACTIVE' ? 2 : 0);
          for (const p of l.proposals) {
            expect(p).toMatchObject({
              id: null,
              sealed: true,
              supplier_id: null,
              supplier_name: null,
              producer: null,
              price: null,
              delivery_date: null,
            });
          }
          expect(l.winners).toEqual([]);
        }
      });
    }
    for (const s of ['FINISHED', 'CHOOSING', 'ORDERED'] as const) {
      it(`${role} in ${s} sees every offer with its supplier`, async () => {
        const { raw, tender, lines } = await everything(role, s);
        for (const visible of [
          names.supplier,
          names.supplier2,
          '11.1111',
          '22.2222',
          names.producer1[s],
          names.producer2[s],
        ])
          expect(raw).toContain(visible);
        expect(lines[0].proposals.map((p) => p.sealed)).toEqual([false, false]);
        expect(lines[0].proposals[0].is_lowest).toBe(true);
        expect(tender.comments_options.map((c: { supplier_name: string }) => c.supplier_name).sort()).toEqual(
          [names.supplier, names.supplier2].sort(),
        );
        if (s === 'ORDERED') expect(tender.approver_comment_content).toBe('approved by the board');
      });
    }
  }
});

describe('sealed offers: a PLAIN employee without sharing sees no offer in any state', () => {
  for (const s of STATES) {
    it(`employee in ${s}`, async () => {
      const { raw, tender, lines } = await everything('employee', s);
      for (const secret of [
        '11.1111',
        '22.2222',
        names.supplier2,
        names.producer1[s],
        names.producer2[s],
        'says hello',
        'approved by the board',
      ]) {
        expect(raw).not.toContain(secret);
      }
      expect(tender).toMatchObject({
        company_proposals: 0,
        proposals_count: 0,
        winners_count: 0,
        proposal_created: null,
      });
      for (const l of lines)
        expect(l).toMatchObject({ proposals: [], winners: [], supplier_comments: [], part_code: null });
    });
  }
});

describe('sealed offers: suppliers see their own company only, in every state', () => {
  const cases = [
    { role: 'supplier', own: 'supplier', other: 'supplier2', ownPrice: '11.1111', otherPrice: '22.2222' },
    { role: 'supplier2', own: 'supplier2', other: 'supplier', ownPrice: '22.2222', otherPrice: '11.1111' },
  ] as const;
  for (const c of cases) {
    for (const s of STATES) {
      it(`${c.role} in ${s}`, async () => {
        const { raw, tender, lines } = await everything(c.role, s);
        const otherProducer = c.own === 'supplier' ? names.producer2[s] : names.producer1[s];
        for (const secret of [
          names[c.other],
          c.otherPrice,
          otherProducer,
          `${c.other} says hello`,
          'approved by the board',
        ]) {
          expect(raw).not.toContain(secret);
        }
        expect(tender.approver_comment).toBeNull();
        expect(tender.approver_comment_content).toBeNull();
        for (const l of lines) {
          expect(l.part_code).toBeNull();
          expect(l.customer_number).toBeNull();
          expect(l.order_number).toBeNull();
          expect(l.creator_name).toBeNull();
          expect(l.winner_comment).toBeNull();
          expect(l.blacklisted_producers).toEqual([]);
          expect(
            l.proposals.every(
              (p) => p.supplier_name === names[c.own] && p.price === c.ownPrice && !p.sealed && !p.is_lowest,
            ),
          ).toBe(true);
          expect(l.proposals).toHaveLength(s === 'WAITING' ? 0 : 1);
          expect(l.takes_part).toBe(s !== 'WAITING');
        }
        if (s !== 'WAITING') {
          expect(raw).toContain(c.ownPrice);
          expect(tender.company_proposals).toBe(2);
          expect(tender.proposal_created).not.toBeNull();
          expect(tender.agreed).toBe(true);
          expect(tender.comments_options.map((x: { content: string }) => x.content)).toEqual([
            `${c.own} says hello`,
          ]);
        }
        expect(tender.is_winner).toBe(s === 'ORDERED' && c.own === 'supplier');
      });
    }
  }

  it('a supplier never sees a DRAFT and gets 404 for it', async () => {
    const d = await buildTender(ctx, 'DRAFT', { lines: 1 });
    const res = await ctx.as('supplier', { method: 'GET', url: `/api/tenders/${d.id}/` });
    expect(res.statusCode).toBe(404);
    const list = await ctx.as('supplier', { method: 'GET', url: '/api/tenders/?page_size=0' });
    expect(list.json().map((t: { id: number }) => t.id)).not.toContain(d.id);
    expect(list.json().every((t: { status: string }) => t.status !== 'DRAFT')).toBe(true);
    const lines = await ctx.as('supplier', { method: 'GET', url: `/api/details/?tender=${d.id}` });
    expect(lines.statusCode).toBe(404);
  });

  it('a PLAIN employee sees the company offers only when the company shares them', async () => {
    await ctx.db
      .update(suppliers)
      .set({ isEmployeesCanViewProposal: false })
      .where(eq(suppliers.id, ctx.supplierCo.id));
    let { raw, tender } = await everything('employee', 'ORDERED');
    for (const secret of ['11.1111', '22.2222', names.supplier2]) expect(raw).not.toContain(secret);
    expect(tender.company_proposals).toBe(0);
    expect(tender.company_proposals_sharing_enabled).toBe(false);
    await ctx.db
      .update(suppliers)
      .set({ isEmployeesCanViewProposal: true })
      .where(eq(suppliers.id, ctx.supplierCo.id));
    ({ raw, tender } = await everything('employee', 'ORDERED'));
    expect(raw).toContain('11.1111');
    for (const secret of ['22.2222', names.supplier2, 'approved by the board'])
      expect(raw).not.toContain(secret);
    expect(tender.company_proposals).toBe(2);
    expect(tender.company_proposals_sharing_enabled).toBe(true);
  });

  it('a supplier serving only another group does not see the tender at all', async () => {
    await ctx.db
      .delete((await import('../../db/schema/index.ts')).supplierGroups)
      .where(eq((await import('../../db/schema/index.ts')).supplierGroups.supplierId, ctx.supplierCo2.id));
    const res = await ctx.as('supplier2', { method: 'GET', url: `/api/tenders/${built.ACTIVE.id}/` });
    expect(res.statusCode).toBe(404);
    const list = await ctx.as('supplier2', { method: 'GET', url: '/api/tenders/' });
    expect(list.json().count).toBe(0);
  });
});
