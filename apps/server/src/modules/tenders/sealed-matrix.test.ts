// The sealed-offers invariant, generated: every GET route of the OpenAPI document × every kind of user × every
// tender status. Unique markers are planted in each company's offers (price, producer, product code, EAN, offer,
// tender and line comments), in the buyers' winner and approver comments and in the winners' amounts; company and
// supplier user names are markers too. Each answer (raw JSON, or the text of an xlsx or PDF file) must not contain
// a marker that the caller may not see in that state. Path parameters are filled from the planted data; a GET
// route that can be filled from neither the tender data nor the explicit list below makes the test fail, so a new
// route is covered without anyone remembering to add it.
import { TENDER_STATUSES, type TenderStatus } from '@portal/shared';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { details, partCodes, parts, suppliers, users } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildProducer, buildSupplier, buildUser } from '../../test/factories.ts';
import { pdfText } from '../../test/tenderExports.ts';
import { advance, buildLines, createDraft, dateIn, patchTender } from '../../test/tenders.ts';

const ctx = await testContext();

// ---------- who asks ----------

type Company = 'A' | 'B' | 'C';
interface Caller {
  name: string;
  buyer: boolean;
  /** The caller's company (suppliers). */
  company?: Company | 'D';
  /** A supplier user who may see its company's offers (main/ADVANCED, or PLAIN with sharing on). */
  seesOwn?: boolean;
  /** The company serves the tenders' group. */
  serves?: boolean;
}
const CALLERS: Caller[] = [
  { name: 'admin', buyer: true },
  { name: 'contractor', buyer: true },
  { name: 'master', buyer: true },
  { name: 'supplier', buyer: false, company: 'A', seesOwn: true, serves: true },
  { name: 'employee', buyer: false, company: 'A', seesOwn: false, serves: true },
  { name: 'employee3', buyer: false, company: 'C', seesOwn: true, serves: true },
  { name: 'supplier2', buyer: false, company: 'B', seesOwn: true, serves: true },
  { name: 'outsider', buyer: false, company: 'D', seesOwn: true, serves: false },
];
const COMPANIES: Company[] = ['A', 'B', 'C'];
/** The caller who sends each company's offers. */
const OFFERER: Record<Company, string> = { A: 'supplier', B: 'supplier2', C: 'employee3' };
/** States in which buyers see the offers. */
const OPEN: TenderStatus[] = ['FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'];
const WITH_OFFERS: TenderStatus[] = ['ACTIVE', 'CANCELED', 'FINISHED', 'CHOOSING', 'ORDERED', 'FAILED'];

// ---------- markers ----------

const STATES = [...TENDER_STATUSES] as TenderStatus[];
const ti = (s: TenderStatus) => STATES.indexOf(s);
const ci = (c: Company) => COMPANIES.indexOf(c);
const m = {
  price: (s: TenderStatus, c: Company) => `73${ti(s)}${ci(c)}.1${ti(s)}${ci(c)}1`,
  producer: (s: TenderStatus, c: Company) => `MrkProd-${ti(s)}${ci(c)}-qz`,
  productCode: (s: TenderStatus, c: Company) => `MrkPC-${ti(s)}${ci(c)}-qz`,
  ean: (s: TenderStatus, c: Company) => `997313${ti(s)}${ci(c)}13317`,
  offerComment: (s: TenderStatus, c: Company) => `mrk-oc-${ti(s)}${ci(c)}-qz`,
  tenderComment: (s: TenderStatus, c: Company) => `mrk-tc-${ti(s)}${ci(c)}-qz`,
  lineComment: (s: TenderStatus, c: Company) => `mrk-lc-${ti(s)}${ci(c)}-qz`,
  /** Winner amounts on the first line (A and B share it; several winners need a comment). */
  amount: (s: TenderStatus, c: Company) => (c === 'A' ? `6.28${ti(s)}1` : c === 'B' ? `2.71${ti(s)}9` : null),
  winnerComment: (s: TenderStatus) => `mrk-wc-${ti(s)}-qz`,
  approverComment: (s: TenderStatus) => `mrk-ac-${ti(s)}-qz`,
  company: (c: Company) => `MrkCo-${c}-qz`,
  customerNumber: (s: TenderStatus) => `MrkCN-${ti(s)}-qz`,
  customerName: (s: TenderStatus) => `MrkCName-${ti(s)}-qz`,
  orderNumber: (s: TenderStatus) => `MrkON-${ti(s)}-qz`,
  codeTag: (s: TenderStatus, part: number) => `MrkTag-${ti(s)}-${part}-qz`,
  user: (c: Company) => `MrkUser${c} Qz`,
  /** Each company's question on the first line while ACTIVE; only A's is answered (issue 32). */
  question: (s: TenderStatus, c: Company) => `mrk-q-${ti(s)}${ci(c)}-qz`,
  questionAnswer: (s: TenderStatus) => `mrk-qa-${ti(s)}-qz`,
  /** Each company's unsent offer draft (issue 34): its own users with the offer rights only, while ACTIVE. */
  draftCode: (s: TenderStatus, c: Company) => `MrkDraft-${ti(s)}${ci(c)}-qz`,
  draftComment: (s: TenderStatus, c: Company) => `mrk-dc-${ti(s)}${ci(c)}-qz`,
  /** Each company's "no offer" text on the third line while ACTIVE (issue 34). */
  declineText: (s: TenderStatus, c: Company) => `mrk-dt-${ti(s)}${ci(c)}-qz`,
};

// ---------- the world, built once ----------

const tokens = new Map<string, string>();
const extraUsers: Record<string, { email: string }> = {};
const world = {} as Record<TenderStatus, { id: number; lines: number[] }>;
/** The part of each tender's first line (a part's price history reads the orders of every tender). */
const partOf = {} as Record<TenderStatus, number>;
let producerId = 0;

async function call(caller: string, opts: InjectOptions & { url: string }) {
  if (!tokens.has(caller)) {
    tokens.set(
      caller,
      caller in extraUsers ? await ctx.login(extraUsers[caller].email) : await ctx.tokenOf(caller as 'admin'),
    );
  }
  return ctx.app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), authorization: `Token ${tokens.get(caller)}` },
  });
}
async function ok(caller: string, opts: InjectOptions & { url: string }, code = 200) {
  const res = await call(caller, opts);
  expect(res.statusCode, `${caller} ${opts.method} ${opts.url}: ${res.body}`).toBe(code);
  return res;
}

async function plantOffers(s: TenderStatus) {
  const t = world[s];
  for (const c of COMPANIES) {
    const producer = await buildProducer(ctx.db, { name: m.producer(s, c) });
    producerId ||= producer.id;
    await ok(OFFERER[c], {
      method: 'POST',
      url: `/api/tenders/${t.id}/offer/`,
      payload: {
        agreed: true,
        comment: m.offerComment(s, c),
        // The third line gets no offer: each company declines it (below).
        lines: t.lines.slice(0, 2).map((d) => ({
          detail: d,
          offers: [
            {
              producer: producer.id,
              price: m.price(s, c),
              delivery_date: dateIn(10),
              product_code: m.productCode(s, c),
              ean_code: m.ean(s, c),
              available_qty: '10',
            },
          ],
        })),
      },
    });
    await ok(OFFERER[c], {
      method: 'PUT',
      url: `/api/details/${t.lines[2]}/decline/`,
      payload: { reason: 'OTHER', text: m.declineText(s, c) },
    });
    await ok(OFFERER[c], {
      method: 'PATCH',
      url: `/api/tenders/${t.id}/add_comment/`,
      payload: { comment: m.tenderComment(s, c) },
    });
    await ok(OFFERER[c], {
      method: 'PATCH',
      url: `/api/details/${t.lines[0]}/add_supplier_comment/`,
      payload: { comment: m.lineComment(s, c) },
    });
    await ok(OFFERER[c], {
      method: 'PATCH',
      url: `/api/tenders/${t.id}/add_log/`,
      payload: { action: 'WATCHED' },
    });
    const q = await ok(
      OFFERER[c],
      {
        method: 'POST',
        url: `/api/tenders/${t.id}/questions/`,
        payload: { question: m.question(s, c), detail: t.lines[0] },
      },
      201,
    );
    if (c === 'A')
      await ok('admin', {
        method: 'PATCH',
        url: `/api/tenders/${t.id}/questions/${q.json().id}/`,
        payload: { answer: m.questionAnswer(s) },
      });
    await ok(OFFERER[c], {
      method: 'PUT',
      url: `/api/tenders/${t.id}/offer_draft/`,
      payload: {
        lines: [
          {
            detail: t.lines[1],
            offers: [
              {
                producer: { id: producer.id, name: producer.name },
                price: '1,5',
                delivery_date: dateIn(11),
                product_code: m.draftCode(s, c),
                ean_code: '123',
                available_qty: '',
                additional_qty: '',
              },
            ],
          },
        ],
        comment: m.draftComment(s, c),
        agreed: true,
      },
    });
  }
}

async function chooseWinners(s: TenderStatus) {
  const t = world[s];
  const lines = (
    await ok('admin', { method: 'GET', url: `/api/details/?tender=${t.id}&page_size=0` })
  ).json();
  const first = lines.find((l: { id: number }) => l.id === t.lines[0]);
  const idOf = (c: Company) => first.proposals.find((p: { price: string }) => p.price === m.price(s, c)).id;
  await ok('admin', {
    method: 'PATCH',
    url: `/api/details/${t.lines[0]}/add_winners/`,
    payload: {
      winners: [
        { name: idOf('A'), amount: m.amount(s, 'A'), reason: 'PRICE' },
        { name: idOf('B'), amount: m.amount(s, 'B'), reason: 'DUE DATE' },
      ],
      comment: m.winnerComment(s),
    },
  });
}

beforeAll(async () => {
  // Companies: A (the context's, sharing off), B (supplier2), C (sharing on, its PLAIN employee offers),
  // D (serves only the other group).
  const coC = await buildSupplier(ctx.db, { isEmployeesCanViewProposal: true }, [ctx.group.id]);
  const coD = await buildSupplier(ctx.db, {}, [ctx.group2.id]);
  const employee3 = await buildUser(ctx.db, { group: 'SUPPLIER', supplierId: coC.id, supplierRole: 'PLAIN' });
  const outsider = await buildUser(ctx.db, {
    group: 'SUPPLIER',
    supplierId: coD.id,
    supplierRole: 'ADVANCED',
    isAdmin: true,
  });
  extraUsers.employee3 = employee3;
  extraUsers.outsider = outsider;
  for (const [id, c] of [
    [ctx.supplierCo.id, 'A'],
    [ctx.supplierCo2.id, 'B'],
    [coC.id, 'C'],
  ] as const)
    await ctx.db
      .update(suppliers)
      .set({ name: m.company(c) })
      .where(eq(suppliers.id, id));
  for (const [id, c] of [
    [ctx.users.supplier.id, 'A'],
    [ctx.users.employee.id, 'A'],
    [ctx.users.supplier2.id, 'B'],
    [employee3.id, 'C'],
  ] as const) {
    const [first, last] = m.user(c).split(' ');
    await ctx.db.update(users).set({ firstName: first, lastName: last }).where(eq(users.id, id));
  }

  // Phase 1: every tender that gets offers starts together; the ACTIVE one ends later than the others.
  for (const s of WITH_OFFERS) {
    const lines = await buildLines(ctx, 3);
    const id = await createDraft(ctx, {
      lines: lines.map((l) => ({ id: l.id })),
      finishIn: s === 'ACTIVE' ? 600 : 120,
    });
    world[s] = { id, lines: lines.map((l) => l.id) };
    await ok('admin', { method: 'PATCH', url: `/api/tenders/${id}/`, payload: { status: 'WAITING' } });
  }
  await advance(ctx, 3601);
  for (const s of WITH_OFFERS) await plantOffers(s);
  await ok('admin', {
    method: 'PATCH',
    url: `/api/tenders/${world.CANCELED.id}/`,
    payload: { status: 'CANCELED' },
  });
  await advance(ctx, 3600);
  for (const s of ['CHOOSING', 'ORDERED', 'FAILED'] as const) {
    const res = await patchTender(ctx, world[s].id, { status: 'CHOOSING' });
    expect(res.statusCode, res.body).toBe(200);
  }
  await chooseWinners('CHOOSING');
  await chooseWinners('ORDERED');
  for (const s of ['ORDERED', 'FAILED'] as const) {
    const res = await patchTender(ctx, world[s].id, {
      status: 'ORDERED',
      approver_comment: m.approverComment(s),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe(s);
  }
  // Phase 2: a WAITING tender and a DRAFT, after the clock has moved.
  for (const s of ['WAITING', 'DRAFT'] as const) {
    const lines = await buildLines(ctx, 2);
    const id = await createDraft(ctx, { lines: lines.map((l) => ({ id: l.id })) });
    world[s] = { id, lines: lines.map((l) => l.id) };
    if (s === 'WAITING')
      await ok('admin', { method: 'PATCH', url: `/api/tenders/${id}/`, payload: { status: 'WAITING' } });
  }
  for (const s of STATES) {
    const t = (await ok('admin', { method: 'GET', url: `/api/tenders/${world[s].id}/` })).json();
    expect(t.status, `tender built for ${s}`).toBe(s);
  }
  // What the buyers know of each line and suppliers are never shown: transport number, customer, order number,
  // part code and code tags.
  for (const s of STATES) {
    await ctx.db
      .update(details)
      .set({
        customerNumber: m.customerNumber(s),
        customerName: m.customerName(s),
        orderNumber: m.orderNumber(s),
      })
      .where(inArray(details.id, world[s].lines));
    const rows = await ctx.db
      .select({ id: details.id, partId: parts.id, code: parts.code })
      .from(details)
      .innerJoin(parts, eq(parts.id, details.partId))
      .where(inArray(details.id, world[s].lines));
    for (const r of rows)
      await ctx.db.insert(partCodes).values({ partId: r.partId, code: m.codeTag(s, r.partId) });
    partOf[s] = rows.find((r) => r.id === world[s].lines[0])!.partId;
    const codes = (won: boolean) =>
      rows
        .filter((r) => (r.id === world[s].lines[0]) === won)
        .flatMap((r) => [r.code, m.codeTag(s, r.partId)]);
    buyerOnly[s] = {
      always: [m.customerNumber(s), m.customerName(s), m.orderNumber(s)],
      // The part's code and tags identify what to deliver: a winner's order (files, export data) carries them.
      wonLine: codes(true),
      otherLines: codes(false),
    };
  }
}, 180_000);

/** States in which searches for hidden values are tried. */
const PROBED: TenderStatus[] = ['ACTIVE', 'CHOOSING', 'ORDERED'];

/** Per tender: line values only buyers are shown. */
const buyerOnly = {} as Record<TenderStatus, { always: string[]; wonLine: string[]; otherLines: string[] }>;

// ---------- what each caller may not see ----------

/** Markers of tender `s` the caller may not see; `scoped` adds the names (valid only in answers about one tender). */
function forbidden(caller: Caller, s: TenderStatus, scoped: boolean): string[] {
  const out: string[] = [];
  for (const c of COMPANIES) {
    const offerData = [
      m.price(s, c),
      m.productCode(s, c),
      m.ean(s, c),
      m.offerComment(s, c),
      m.tenderComment(s, c),
      m.lineComment(s, c),
      m.draftCode(s, c),
      m.draftComment(s, c),
      m.declineText(s, c),
    ];
    const names = [m.producer(s, c), m.company(c), m.user(c)];
    const own = !caller.buyer && caller.company === c;
    const hidden = caller.buyer
      ? !OPEN.includes(s)
      : !own || !caller.seesOwn || !caller.serves || s === 'DRAFT';
    if (hidden) {
      out.push(...offerData);
      // A supplier knows its own company and users; the producer it offered is its own choice too.
      if (scoped && !own) out.push(...names);
      if (scoped && own) out.push(m.producer(s, c));
    }
    // Questions: buyers see all; a supplier who may see the tender the answered one (A's) and its company's own.
    const seesQuestion = caller.buyer || (caller.serves && (c === 'A' || (own && caller.seesOwn)));
    if (!seesQuestion && s !== 'DRAFT') out.push(m.question(s, c));
    const amount = m.amount(s, c);
    const awardHidden = caller.buyer ? !OPEN.includes(s) : !own || !caller.seesOwn || s !== 'ORDERED';
    if (amount && awardHidden) out.push(amount);
  }
  if (!caller.buyer && !caller.serves) out.push(m.questionAnswer(s));
  if (!caller.buyer) {
    out.push(m.winnerComment(s), m.approverComment(s));
    // A and B share the first line of the ORDERED tender: their orders name its part.
    const winner = s === 'ORDERED' && caller.seesOwn && (caller.company === 'A' || caller.company === 'B');
    if (scoped)
      out.push(...buyerOnly[s].always, ...buyerOnly[s].otherLines, ...(winner ? [] : buyerOnly[s].wonLine));
  }
  return out;
}

// ---------- the routes ----------

type Op = { parameters?: { in: string; name: string; schema?: { enum?: string[] } }[] };
const openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Op>>;
};
/**
 * GET routes that act instead of read (the spec's own choice of method), with why they carry no tender data; the
 * matrix does not call them, as they would end its callers' sessions.
 */
const ACTIONS: Record<string, string> = {
  '/api/delete_account/': "closes the caller's own account (spec 2 §7); answers only a status",
};
const GETS = Object.entries(openapi.paths)
  .filter(([path, ops]) => ops.get && !ACTIONS[path])
  .map(([path, ops]) => {
    const query = (ops.get.parameters ?? []).filter((p) => p.in === 'query');
    return {
      path,
      query: query.map((p) => p.name),
      /** Yes/no switches (e.g. export_data): each is also called switched on, as it may add data. */
      flags: query.filter((p) => p.schema?.enum?.includes('true')).map((p) => p.name),
    };
  });

/** Path parameters filled from a tender's data. */
const TENDER_PARAMS: { pattern: RegExp; fill: (s: TenderStatus) => string }[] = [
  { pattern: /^\/api\/tenders\/\{id\}\//, fill: (s) => String(world[s].id) },
  { pattern: /^\/api\/details\/\{id\}\/$/, fill: (s) => String(world[s].lines[0]) },
  // the price history of the part of the tender's first line: what was ordered of it, in any tender
  { pattern: /^\/api\/parts\/\{id\}\/price_history\/$/, fill: (s) => String(partOf[s]) },
];
/**
 * Routes with path parameters that are not a tender's: what they name, and the id they are called with (their
 * answer is still searched for every tender's markers).
 */
const OTHER_PARAMS: Record<string, { reason: string; id: () => string }> = {
  '/api/black_lists/{id}/': { reason: 'a part blacklist (catalogue), no tender', id: () => '1' },
  '/api/email_templates/{id}/': { reason: 'a mail template (setup), no tender', id: () => '1' },
  '/api/emails/{id}/': { reason: 'the e-mail settings (notifications, administrators)', id: () => '1' },
  '/api/groups/{id}/': { reason: 'a group (setup)', id: () => String(ctx.group.id) },
  '/api/modules/{id}/': { reason: 'an accounting module (setup)', id: () => '1' },
  '/api/producers/{id}/': {
    reason: 'a producer (catalogue); one an offer used',
    id: () => String(producerId),
  },
  '/api/warehouses/{id}/': { reason: 'a warehouse (setup)', id: () => String(ctx.warehouse.id) },
  '/api/categories/{id}/': { reason: 'a category (catalogue)', id: () => '1' },
  '/api/categories/tree/{division}/': {
    reason: "a group's category tree (catalogue)",
    id: () => String(ctx.group.id),
  },
  '/api/supplier_users/{id}/': {
    reason: "a supplier's employee (people); the supplier's own user",
    id: () => String(ctx.users.employee.id),
  },
  '/api/workers/{id}/': { reason: 'a buyer worker (people)', id: () => String(ctx.users.contractor.id) },
  '/api/suppliers/{id}/': { reason: 'a supplier company (people)', id: () => String(ctx.supplierCo.id) },
  '/api/suppliers/{id}/category_tree/': {
    reason: "a supplier's category choices (people)",
    id: () => String(ctx.supplierCo.id),
  },
  '/api/parts/{id}/': { reason: 'a part (catalogue), not an offer', id: () => '1' },
  '/api/part_types/{id}/': { reason: 'a part type (catalogue)', id: () => '1' },
  '/api/terms/{version}/': {
    reason: 'the text of a terms of use version (auth; no tender data)',
    id: () => '2026-01',
  },
  '/api/get/{uuid}': {
    reason: 'a stored file by its uuid (files)',
    id: () => '00000000-0000-4000-8000-000000000000',
  },
  '/api/thumbnail/{w}/{h}/{uuid}': {
    reason: 'a picture thumbnail by size and uuid (files)',
    id: () => '00000000-0000-4000-8000-000000000000',
  },
};
/** Query values that narrow a list to one tender, so names may be checked in its answer. */
const NARROW: Record<string, (s: TenderStatus) => string> = {
  tender: (s) => String(world[s].id),
  filter_status: (s) => s,
};

const hasParams = (path: string) => /\{[^}]+\}/.test(path);
const tenderRoute = (path: string) => TENDER_PARAMS.find((p) => p.pattern.test(path));

describe('the route table is covered', () => {
  it('fills every GET route with path parameters from tender data or lists it with a reason', () => {
    const unknown = GETS.filter(
      (g) => hasParams(g.path) && !tenderRoute(g.path) && !OTHER_PARAMS[g.path],
    ).map((g) => g.path);
    expect(unknown, 'new GET routes: fill them from tender data or list them in OTHER_PARAMS').toEqual([]);
    expect(GETS.filter((g) => tenderRoute(g.path)).length).toBeGreaterThanOrEqual(6);
    for (const path of ['/api/tenders/{id}/award_suggestions/', '/api/parts/{id}/price_history/'])
      expect(tenderRoute(path), path).toBeDefined();
    expect(GETS.find((g) => g.path === '/api/tenders/{id}/')?.flags).toContain('export_data');
  });
});

/**
 * Worksheets that are not about the tender: the offer sheet's hidden list of every active producer (the producer
 * catalogue GET /api/producers/ gives every supplier), which its producer cells offer as choices.
 */
const CATALOGUE_SHEETS = new Set(['lists']);

/** The answer as text: the JSON as sent, or the cells of a spreadsheet, or the text of a PDF. */
async function textOf(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets.filter((w) => !(CATALOGUE_SHEETS.has(w.name) && w.state === 'veryHidden')))
      ws.eachRow((row) => {
        row.eachCell((cell) => {
          cells.push(String(cell.text ?? ''));
        });
      });
    return cells.join('\n');
  }
  if (type.includes('application/pdf')) return pdfText(res.rawPayload);
  return res.body;
}

/** Compared without whitespace: a PDF breaks text runs where it likes. */
const leaks = (text: string, secrets: string[]) => {
  const flat = text.replace(/\s/g, '');
  return secrets.filter((x) => flat.includes(x.replace(/\s/g, '')));
};

describe('no answer carries what its caller may not see', () => {
  for (const caller of CALLERS) {
    it(`${caller.name}: every GET route × every tender status`, async () => {
      const wrong: string[] = [];
      const check = async (label: string, url: string, secrets: string[], tender?: TenderStatus) => {
        const res = await call(caller.name, { method: 'GET', url });
        if (res.statusCode >= 500) wrong.push(`${label} → ${res.statusCode}`);
        // A tender the caller may not see answers 404 on every route, never 400.
        const invisible = !caller.buyer && tender && (!caller.serves || tender === 'DRAFT');
        // (403 is a route its role may not use at all, whatever the tender.)
        if (invisible && tenderRoute(label.split(' ')[0]) && ![403, 404].includes(res.statusCode))
          wrong.push(`${label} → ${res.statusCode} (expected 404 for an invisible tender)`);
        if (res.statusCode !== 200) return;
        const text = await textOf(res);
        for (const x of leaks(text, secrets)) wrong.push(`${label}: ${x}`);
        if (!caller.buyer && tender && tender !== 'ORDERED' && scopedUrl(url)) {
          // No award before ORDERED: not the flag, not a count, not an ORDERED line.
          for (const re of [/"is_winner":true/, /"winners_count":[1-9]/, /"status":"ORDERED"/])
            if (re.test(text)) wrong.push(`${label}: ${re}`);
        }
      };
      const everyTender = STATES.flatMap((s) => forbidden(caller, s, false));
      for (const g of GETS) {
        const route = tenderRoute(g.path);
        if (route) {
          for (const s of STATES) {
            const url = g.path.replace(/\{[^}]+\}/, route.fill(s));
            await check(`${g.path} ${s}`, url, forbidden(caller, s, true), s);
            for (const flag of g.flags)
              await check(
                `${g.path}?${flag}=true ${s}`,
                `${url}?${flag}=true`,
                forbidden(caller, s, true),
                s,
              );
          }
          continue;
        }
        const url = hasParams(g.path)
          ? g.path.replace(/\{w\}|\{h\}/g, '64').replace(/\{[^}]+\}/g, OTHER_PARAMS[g.path].id())
          : g.path;
        await check(g.path, `${url}${g.query.includes('page_size') ? '?page_size=0' : ''}`, everyTender);
        const narrow = g.query.filter((q) => NARROW[q]);
        if (narrow.length)
          for (const s of STATES) {
            const qs = new URLSearchParams(narrow.map((q) => [q, NARROW[q](s)]));
            if (g.query.includes('page_size')) qs.set('page_size', '0');
            const secrets = forbidden(caller, s, true);
            await check(`${g.path}?${qs} ${s}`, `${url}?${qs}`, secrets, s);
            // Searching for a value the caller may not see must find nothing (no yes/no answers about it).
            // (A sample keeps it fast: the line fields, and per company its price, producer, code and line comment.)
            if (!g.query.includes('search') || !PROBED.includes(s)) continue;
            for (const secret of secrets.filter((x) =>
              /^(Mrk(CN|CName|ON|Tag|Prod|PC)-|73\d\d\.|mrk-lc-|P-)/.test(x),
            )) {
              qs.set('search', secret);
              const res = await call(caller.name, { method: 'GET', url: `${url}?${qs}` });
              if (res.statusCode !== 200) continue;
              const body = res.json();
              const n = Array.isArray(body) ? body.length : body.count;
              if (n) wrong.push(`${g.path}?${qs} ${s}: search for a hidden value found ${n}`);
            }
          }
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});

/** URLs whose answer is about one tender only. */
const scopedUrl = (url: string) =>
  /^\/api\/(tenders|details)\/\d+\//.test(url) || /[?&](tender|filter_status)=/.test(url);

describe('the markers are really there (the checks above are not vacuous)', () => {
  it('buyers see every company in an opened tender; each supplier its own offers while ACTIVE', async () => {
    for (const s of OPEN) {
      const text = (
        await ok('admin', { method: 'GET', url: `/api/details/?tender=${world[s].id}&page_size=0` })
      ).body;
      for (const c of COMPANIES) expect(text).toContain(m.price(s, c));
    }
    const history = (
      await ok('admin', { method: 'GET', url: `/api/tenders/${world.ORDERED.id}/history/?page_size=0` })
    ).body;
    expect(history).toContain(m.user('C'));
    for (const c of COMPANIES) {
      const text = (
        await ok(OFFERER[c], { method: 'GET', url: `/api/details/?tender=${world.ACTIVE.id}&page_size=0` })
      ).body;
      expect(text).toContain(m.price('ACTIVE', c));
      expect(text).toContain(m.lineComment('ACTIVE', c));
    }
    // Each company's draft: its offerer reads it back while ACTIVE, in the draft and in the offer sheet.
    for (const c of COMPANIES) {
      const draft = (
        await ok(OFFERER[c], { method: 'GET', url: `/api/tenders/${world.ACTIVE.id}/offer_draft/` })
      ).body;
      expect(draft).toContain(m.draftCode('ACTIVE', c));
      expect(draft).toContain(m.draftComment('ACTIVE', c));
      const sheet = await ok(OFFERER[c], {
        method: 'GET',
        url: `/api/tenders/${world.ACTIVE.id}/offer_sheet/`,
      });
      expect(await textOf(sheet)).toContain(m.draftCode('ACTIVE', c));
    }
    // Questions: buyers all three; another supplier the answered one with its answer; the asker its own.
    const questions = `/api/tenders/${world.ACTIVE.id}/questions/`;
    const forAdmin = (await ok('admin', { method: 'GET', url: questions })).body;
    for (const c of COMPANIES) expect(forAdmin).toContain(m.question('ACTIVE', c));
    const forB = (await ok('supplier2', { method: 'GET', url: questions })).body;
    expect(forB).toContain(m.question('ACTIVE', 'A'));
    expect(forB).toContain(m.questionAnswer('ACTIVE'));
    expect(forB).toContain(m.question('ACTIVE', 'B'));
    // issue 33: the suggestions name the companies once opened; the price history the ordered prices
    const suggested = (
      await ok('admin', { method: 'GET', url: `/api/tenders/${world.CHOOSING.id}/award_suggestions/` })
    ).body;
    expect(suggested).toContain(m.company('A'));
    const prices = (await ok('master', { method: 'GET', url: `/api/parts/${partOf.ORDERED}/price_history/` }))
      .body;
    expect(prices).toContain(m.price('ORDERED', 'A'));
    expect(prices).toContain(m.price('ORDERED', 'B'));
    // Declined lines (issue 34): buyers the texts of every company once opened; each company its own while ACTIVE.
    const declines = (await ok('admin', { method: 'GET', url: `/api/tenders/${world.ORDERED.id}/declines/` }))
      .body;
    for (const c of COMPANIES) expect(declines).toContain(m.declineText('ORDERED', c));
    for (const c of COMPANIES)
      expect(
        (await ok(OFFERER[c], { method: 'GET', url: `/api/tenders/${world.ACTIVE.id}/declines/` })).body,
      ).toContain(m.declineText('ACTIVE', c));
    const feedback = (
      await ok('supplier', { method: 'GET', url: `/api/tenders/${world.ORDERED.id}/feedback/` })
    ).body;
    expect(feedback).toContain(m.price('ORDERED', 'A'));
    const receipt = await ok('supplier', {
      method: 'GET',
      url: `/api/tenders/${world.ACTIVE.id}/receipt_pdf/`,
    });
    expect((await textOf(receipt)).replace(/\s/g, '')).toContain(m.company('A'));
    const xlsx = await ok('admin', { method: 'GET', url: `/api/tenders/${world.ORDERED.id}/export_excel/` });
    expect(await textOf(xlsx)).toContain(m.company('A'));
    const pdf = await ok('supplier', { method: 'GET', url: `/api/tenders/${world.ORDERED.id}/export_pdf/` });
    expect((await textOf(pdf)).replace(/\s/g, '')).toContain(m.productCode('ORDERED', 'A'));
  });
});
