// The rule table through the API, generated from the table itself (packages/shared rules/abilities.ts): every
// demo-like role × every tender state × every action that has a route. Where the table refuses, the route refuses
// (403 for the role, 400 for the state, 404 when the tender is not visible at all) and nothing changes; where it
// allows, the route succeeds. The `abilities` sent with each tender and line are the table's. Also: the version
// check of winner saves and the refusal of a blacklisted producer's offer.
import {
  type Actor,
  type DetailLine,
  LINE_ACTIONS,
  type LineAction,
  lineAbilities,
  type Refusal,
  TENDER_ACTIONS,
  TENDER_STATUSES,
  type TenderAction,
  type TenderStatus,
  tenderAbilities,
  whyNotLine,
  whyNotTender,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blacklistProducers,
  blacklists,
  suppliers,
  tenderQuestions,
  tenders,
} from '../../db/schema/index.ts';
import type { Role } from '../../test/context.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer } from '../../test/factories.ts';
import {
  type BuiltTender,
  buildTender,
  createDraft,
  getLines,
  getTender,
  offerLine,
} from '../../test/tenders.ts';

const base = await testContext();
/**
 * The context with a session that survives the test clock: the walks move the clock by hours, past the idle
 * time-out of a token, so a refused token is replaced by a new login once.
 */
const tokens = new Map<Role, string>();
async function as(role: Role | null, opts: Parameters<typeof base.as>[1]) {
  if (!role) return base.as(null, opts);
  for (let attempt = 0; ; attempt++) {
    if (!tokens.has(role)) tokens.set(role, await base.login(base.users[role].email));
    const res = await base.app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), authorization: `Token ${tokens.get(role)}` },
    });
    if (res.statusCode !== 401 || attempt > 0) return res;
    tokens.delete(role);
  }
}
const ctx = { ...base, as } as typeof base;
const ROLES: Role[] = ['admin', 'contractor', 'master', 'supplier', 'employee', 'supplier2'];

async function actorOf(role: Role): Promise<Actor> {
  const u = ctx.users[role];
  const [s] = u.supplierId
    ? await ctx.db
        .select({ sharing: suppliers.isEmployeesCanViewProposal })
        .from(suppliers)
        .where(eq(suppliers.id, u.supplierId))
    : [];
  return {
    group: u.group,
    supplierRole: u.supplierRole,
    isCompanyAdmin: u.isAdmin,
    sharing: s?.sharing ?? false,
    canBlacklist: u.canBlacklist,
  };
}
const setSharing = (on: boolean) =>
  ctx.db.update(suppliers).set({ isEmployeesCanViewProposal: on }).where(eq(suppliers.id, ctx.supplierCo.id));

type Res = Awaited<ReturnType<typeof ctx.as>>;
interface Probe {
  /** Changes the tender's state when allowed: run on a fresh tender. */
  destructive?: boolean;
  /** States where this call means something else (a PATCH to the current status is an edit). */
  not?: TenderStatus;
  /** Roles the route is meant for (others call a different action on the same route). */
  only?: 'buyers';
  call(role: Role, t: BuiltTender): Promise<Res>;
}
const patch = (role: Role, t: BuiltTender, payload: object) =>
  ctx.as(role, { method: 'PATCH', url: `/api/tenders/${t.id}/`, payload });
const uniq = () => Math.random().toString(36).slice(2, 8);

/** One API call per table action that has a route. */
const TENDER_PROBES: Partial<Record<TenderAction, Probe>> = {
  edit: { call: (r, t) => patch(r, t, { additional_info: `edited ${uniq()}` }) },
  start: { destructive: true, not: 'WAITING', call: (r, t) => patch(r, t, { status: 'WAITING' }) },
  cancel: { destructive: true, not: 'CANCELED', call: (r, t) => patch(r, t, { status: 'CANCELED' }) },
  choose: { destructive: true, not: 'CHOOSING', call: (r, t) => patch(r, t, { status: 'CHOOSING' }) },
  confirm: { destructive: true, not: 'ORDERED', call: (r, t) => patch(r, t, { status: 'ORDERED' }) },
  reopen: {
    destructive: true,
    call: (r, t) => ctx.as(r, { method: 'POST', url: `/api/tenders/${t.id}/reopen/` }),
  },
  delete: {
    destructive: true,
    call: (r, t) => ctx.as(r, { method: 'POST', url: '/api/remove_tender/', payload: { tender_id: t.id } }),
  },
  offer: {
    call: async (r, t) => {
      const p = await buildProducer(ctx.db);
      return ctx.as(r, {
        method: 'POST',
        url: `/api/tenders/${t.id}/offer/`,
        payload: { agreed: true, lines: [{ detail: t.lines[0], offers: [offerLine(p.id, '10.5')] }] },
      });
    },
  },
  cancel_offer: {
    destructive: true,
    call: (r, t) => ctx.as(r, { method: 'DELETE', url: `/api/tenders/${t.id}/offer/` }),
  },
  agree: {
    call: (r, t) =>
      ctx.as(r, { method: 'PATCH', url: `/api/tenders/${t.id}/add_log/`, payload: { action: 'AGREED' } }),
  },
  watch: {
    call: (r, t) =>
      ctx.as(r, { method: 'PATCH', url: `/api/tenders/${t.id}/add_log/`, payload: { action: 'WATCHED' } }),
  },
  comment: {
    call: (r, t) =>
      ctx.as(r, {
        method: 'PATCH',
        url: `/api/tenders/${t.id}/add_comment/`,
        payload: { comment: `a word ${uniq()}` },
      }),
  },
  approver_comment: {
    only: 'buyers',
    call: (r, t) =>
      ctx.as(r, { method: 'POST', url: '/api/comments/', payload: { content: 'decision', tender: t.id } }),
  },
  download: {
    call: (r, t) => ctx.as(r, { method: 'GET', url: `/api/tenders/${t.id}/export_excel/` }),
  },
  ask: {
    call: (r, t) =>
      ctx.as(r, {
        method: 'POST',
        url: `/api/tenders/${t.id}/questions/`,
        payload: { question: `is OEM required? ${uniq()}` },
      }),
  },
  answer: {
    call: async (r, t) =>
      ctx.as(r, {
        method: 'PATCH',
        url: `/api/tenders/${t.id}/questions/${await questionOf(t)}/`,
        payload: { answer: `yes ${uniq()}` },
      }),
  },
  feedback: { call: (r, t) => ctx.as(r, { method: 'GET', url: `/api/tenders/${t.id}/feedback/` }) },
  see_declines: {
    only: 'buyers',
    call: (r, t) => ctx.as(r, { method: 'GET', url: `/api/tenders/${t.id}/declines/` }),
  },
  extend: {
    call: async (r, t) => {
      const [row] = await ctx.db.select({ finish: tenders.finish }).from(tenders).where(eq(tenders.id, t.id));
      return ctx.as(r, {
        method: 'PATCH',
        url: `/api/tenders/${t.id}/questions/${await questionOf(t)}/`,
        payload: { answer: `yes ${uniq()}`, finish: new Date(row.finish.getTime() + 3600_000).toISOString() },
      });
    },
  },
};

/** A question on the tender to answer (written straight to the table: asking is only possible while ACTIVE). */
async function questionOf(t: BuiltTender): Promise<number> {
  const [q] = await ctx.db
    .insert(tenderQuestions)
    .values({ tenderId: t.id, supplierId: ctx.supplierCo.id, question: `per piece? ${uniq()}` })
    .returning({ id: tenderQuestions.id });
  return q.id;
}

async function proposalOf(t: BuiltTender, line: number): Promise<number> {
  const lines = await getLines(ctx, t.id);
  return lines.find((l) => l.id === line)?.proposals.find((p) => p.id != null)?.id ?? 2147483000;
}
const LINE_PROBES: Partial<Record<LineAction, Probe>> = {
  offer: {
    call: async (r, t) => {
      const p = await buildProducer(ctx.db);
      return ctx.as(r, {
        method: 'PATCH',
        url: `/api/details/${t.lines[1]}/add_proposal/`,
        payload: offerLine(p.id, '9.99'),
      });
    },
  },
  comment_line: {
    call: (r, t) =>
      ctx.as(r, {
        method: 'PATCH',
        url: `/api/details/${t.lines[0]}/add_supplier_comment/`,
        payload: { comment: `line word ${uniq()}` },
      }),
  },
  choose_winners: {
    call: async (r, t) =>
      ctx.as(r, {
        method: 'PATCH',
        url: `/api/details/${t.lines[0]}/add_winners/`,
        payload: { winners: [{ name: await proposalOf(t, t.lines[0]) }] },
      }),
  },
  cancel_proposals: {
    destructive: true,
    only: 'buyers',
    call: (r, t) =>
      ctx.as(r, { method: 'PATCH', url: `/api/details/${t.lines[0]}/`, payload: { status: 'FAILED' } }),
  },
};

const isSupplierRole = (r: Role) => ['supplier', 'employee', 'supplier2'].includes(r);

/** What the route must answer for the table's verdict. */
const seen = { allowed: 0, refused: 0 };
function expectVerdict(res: Res, verdict: Refusal, role: Role, status: TenderStatus, label: string) {
  seen[verdict === null ? 'allowed' : 'refused']++;
  if (verdict === null) {
    expect(res.statusCode, `${label} allowed: ${res.body}`).toBeLessThan(300);
    return;
  }
  // Suppliers never see a DRAFT at all.
  if (isSupplierRole(role) && status === 'DRAFT' && res.statusCode === 404) return;
  const want = verdict === 'role' ? [403] : [400, 403];
  expect(want, `${label} refused (${verdict}): ${res.statusCode} ${res.body}`).toContain(res.statusCode);
}

async function snapshot(t: BuiltTender) {
  const tender = (await getTender(ctx, t.id)).json();
  const lines = await getLines(ctx, t.id);
  return {
    status: tender.status,
    lines: lines.map((l) => [l.status, l.proposals.length, l.winners.length]),
  };
}

const fresh = async (status: TenderStatus, lines = 2): Promise<BuiltTender> => {
  if (status === 'DRAFT' && lines === 0) {
    const id = await createDraft(ctx);
    return { id, lines: [], producers: [], prices: { supplier: '', supplier2: '' } };
  }
  return buildTender(ctx, status, { lines });
};

/** Facts the table needs, as the role's own view of the tender tells them. */
async function factsOf(role: Role, t: BuiltTender, status: TenderStatus) {
  const res = await getTender(ctx, t.id, role);
  if (res.statusCode !== 200) return { status, detailsCount: t.lines.length };
  const body = res.json();
  return {
    status,
    detailsCount: body.details_count as number,
    companyHasOffer: (body.company_proposals as number) > 0,
    isWinner: body.is_winner as boolean,
    feedbackEnabled: body.feedback_enabled as boolean,
  };
}

async function walk(status: TenderStatus, roles: Role[]) {
  const base = await fresh(status);
  const before = await snapshot(base);
  const later: (() => Promise<void>)[] = [];
  for (const role of roles) {
    const actor = await actorOf(role);
    const facts = await factsOf(role, base, status);
    // The abilities the server sends are the table's.
    const got = await getTender(ctx, base.id, role);
    if (got.statusCode === 200) {
      expect(got.json().abilities, `${role} ${status}`).toEqual(tenderAbilities(actor, facts));
      const lines = await getLines(ctx, base.id, role);
      for (const l of lines)
        expect(l.abilities, `${role} ${status} line`).toEqual(
          lineAbilities(actor, { status, lineStatus: l.status }),
        );
    }
    for (const action of TENDER_ACTIONS) {
      const probe = TENDER_PROBES[action];
      if (!probe || probe.not === status || (probe.only === 'buyers' && isSupplierRole(role))) continue;
      const verdict = whyNotTender(actor, action, facts);
      const label = `${role} ${action} on ${status}`;
      if (verdict === null && probe.destructive) {
        later.push(async () => {
          const t = await fresh(status, action === 'delete' ? 0 : 2);
          expectVerdict(await probe.call(role, t), null, role, status, label);
        });
        continue;
      }
      expectVerdict(await probe.call(role, base), verdict, role, status, label);
    }
    for (const action of LINE_ACTIONS) {
      const probe = LINE_PROBES[action];
      if (!probe || (probe.only === 'buyers' && isSupplierRole(role))) continue;
      const verdict = whyNotLine(actor, action, { status, lineStatus: 'WAITING' });
      const label = `${role} line ${action} on ${status}`;
      if (verdict === null && probe.destructive) {
        later.push(async () => {
          const t = await fresh(status);
          expectVerdict(await probe.call(role, t), null, role, status, label);
        });
        continue;
      }
      expectVerdict(await probe.call(role, base), verdict, role, status, label);
    }
  }
  // Refused calls changed nothing the state machine cares about (allowed ones on the base only add offers,
  // flags and comments).
  const after = await snapshot(base);
  expect(after.status).toBe(before.status);
  if (status !== 'ACTIVE' && status !== 'CHOOSING') expect(after.lines).toEqual(before.lines);
  for (const run of later) await run();
}

describe('the rule table through the API', () => {
  for (const status of TENDER_STATUSES)
    it(`every role × action on a ${status} tender: refused where the table refuses, done where it allows`, async () => {
      await setSharing(false);
      await walk(status, ROLES);
    }, 120_000);

  it('the walks tried both sides of the table', () => {
    // 8 states × 6 roles × the probed actions: most calls are refusals, dozens are allowed.
    expect(seen.refused).toBeGreaterThan(400);
    expect(seen.allowed).toBeGreaterThan(40);
  });

  it('a PLAIN employee of a company that shares its offers may do what the table gives it', async () => {
    await setSharing(true);
    try {
      for (const status of ['ACTIVE', 'FINISHED', 'ORDERED'] as const) await walk(status, ['employee']);
    } finally {
      await setSharing(false);
    }
  }, 120_000);
});

describe('choosing winners', () => {
  async function choosingWithBlacklist() {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 1 });
    const [line] = await getLines(ctx, t.id);
    // The producer of supplier2's offer goes on the part's blacklist after the offers were made.
    const banned = line.proposals.find((p) => p.price === '22.2222')!;
    const [bl] = await ctx.db.insert(blacklists).values({ partId: line.part, isActive: true }).returning();
    await ctx.db.insert(blacklistProducers).values({ blacklistId: bl.id, producerId: banned.producer!.id });
    return { t, line: (await getLines(ctx, t.id))[0], banned };
  }

  it('refuses an offer whose producer is on the part blacklist, with a message on the row', async () => {
    const { line, banned } = await choosingWithBlacklist();
    expect(line.blacklisted_producers).toContain(banned.producer!.id);
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: banned.id, reason: 'DUE DATE' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'winners.0.name': ['winner_blacklisted_producer'] });
    expect((await getLines(ctx, line.tender!))[0].winners).toEqual([]);
    // The other offer is still choosable.
    const ok = line.proposals.find((p) => p.id !== banned.id)!;
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: ok.id }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DetailLine).winners.map((w) => w.name)).toEqual([ok.id]);
  });

  it('two buyers saving at once: the second save with the old version is refused with 409', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 1 });
    const [line] = await getLines(ctx, t.id);
    const [a, b] = line.proposals;
    const version = line.updated;
    // Both opened the dialog with the same version; the contractor saves first.
    let res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: a.id }], version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as DetailLine;
    expect(saved.updated).not.toBe(version);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: b.id, reason: 'DUE DATE' }], version },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'winners_changed_reload' });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/delete_winners/`,
      payload: { version },
    });
    expect(res.statusCode).toBe(409);
    // The first choice stands.
    expect((await getLines(ctx, t.id))[0].winners.map((w) => w.name)).toEqual([a.id]);
    // After a reload (the new version) the second buyer may change it.
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/details/${line.id}/add_winners/`,
      payload: { winners: [{ name: b.id, reason: 'DUE DATE' }], version: saved.updated },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DetailLine).winners.map((w) => w.name)).toEqual([b.id]);
  });

  it('cancel proposals fails the line, removes its winners and takes the actions away', async () => {
    const t = await buildTender(ctx, 'CHOOSING', { lines: 2 });
    const [l1] = await getLines(ctx, t.id);
    expect(l1.abilities).toEqual(['choose_winners', 'cancel_proposals']);
    const res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/details/${l1.id}/`,
      payload: { status: 'FAILED' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await getLines(ctx, t.id)).find((l) => l.id === l1.id)!;
    expect(after.status).toBe('FAILED');
    expect(after.abilities).toEqual(['choose_winners']);
    const master = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/details/${(await getLines(ctx, t.id))[1].id}/`,
      payload: { status: 'FAILED' },
    });
    expect(master.statusCode).toBe(403);
  });
});
