// Growth of the lists with history (issue 37, target 4): every tender list ordering, search and deep page, the five
// reports over a year and the pre-order, parts and supplier lists, at 1× and 10× history, CPU per call (the server
// process and the PostgreSQL backends of its pool, from /proc) and the plan of each statement that reads the big
// tables (EXPLAIN, its scans named). `BENCH_BEFORE_ROOT=<checkout>` measures that checkout's server first, in the
// same run, on the same databases, before this checkout's server migrates them (its migrations add indexes).
//   node bench/list-growth.ts          (npm run bench -- growth)
// Data: bench/growth-data.ts builds the four databases (tender data and report data at 1× and 10×: 100,000 tenders /
// 1,000,000 lines at 1×, 1,000,000 / 10,000,000 at 10×) once; they are kept. Port 3793 (BENCH_GROWTH_PORT).
// BENCH_GROWTH_FACTORS (default "1,10"), BENCH_GROWTH_SECONDS (measured time per scenario, default 3),
// BENCH_GROWTH_ONLY (a regular expression on scenario names), BENCH_GROWTH_LABEL (the result files' name).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { presetRange, tallinnDay } from '@portal/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { growthDbName } from './growth-data.ts';
import { cpuMs, ROOT, spawnServer, waitHealthy } from './lib.ts';
import { backendsCpu, DEMO_PASSWORD, dbUrl, login, machineLine } from './tenders-list.ts';

// Its own port (3700–3703 are taken by the other benchmarks, which others may run at the same time).
const PORT = Number(process.env.BENCH_GROWTH_PORT ?? 3793);
const DATA = path.join(ROOT, 'bench/.data');
const SECONDS = Number(process.env.BENCH_GROWTH_SECONDS ?? 3);
const ONLY = process.env.BENCH_GROWTH_ONLY ? new RegExp(process.env.BENCH_GROWTH_ONLY) : null;
const r1 = (x: number) => Math.round(x * 10) / 10;

interface Scenario {
  name: string;
  set: 'tenders' | 'reports';
  path: string;
  role: 'admin' | 'contractor';
}

function scenarios(): Scenario[] {
  const today = tallinnDay(new Date());
  const year = () => {
    const [a, b] = presetRange('last_year', today);
    return `filter_start=${a}&filter_finish=${b}`;
  };
  const n = new Date();
  const since = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const t = (name: string, q: string, role: Scenario['role'] = 'admin'): Scenario => ({
    name: `tenders: ${name}`,
    set: 'tenders',
    path: `/api/tenders/?${q}`,
    role,
  });
  const list: Scenario[] = [
    t('unfiltered first page (-start)', 'page_size=50'),
    t(
      'as a buyer opens it (since the 1st of last month)',
      `filter_start=${since}&ordering=-start&page_size=50`,
      'contractor',
    ),
    t(
      'ORDERED+FINISHED since last month, page 3',
      `filter_status=ORDERED,FINISHED&filter_start=${since}&ordering=-start&page=3&page_size=50`,
      'contractor',
    ),
    t('-proposals_count', 'ordering=-proposals_count&page_size=50'),
    t('proposals_count', 'ordering=proposals_count&page_size=50'),
    t('-details_count', 'ordering=-details_count&page_size=50'),
    t('-winners_count', 'ordering=-winners_count&page_size=50'),
    t('warehouse', 'ordering=warehouse&page_size=50'),
    t('-warehouse', 'ordering=-warehouse&page_size=50'),
    t('group', 'ordering=group&page_size=50'),
    t('creator', 'ordering=creator&page_size=50'),
    t('status', 'ordering=status&page_size=50'),
    t('-status', 'ordering=-status&page_size=50'),
    t('code', 'ordering=code&page_size=50'),
    t('-finish', 'ordering=-finish&page_size=50'),
    t('-created', 'ordering=-created&page_size=50'),
    t('updated', 'ordering=updated&page_size=50'),
    t(
      '-proposals_count, ORDERED+FINISHED',
      'ordering=-proposals_count&filter_status=ORDERED,FINISHED&page_size=50',
      'contractor',
    ),
    t('search a code "B-00012" (100 tenders)', 'search=B-00012&ordering=-start&page_size=50'),
    t('search a code in lower case "b-0001234"', 'search=b-0001234&page_size=50'),
    t(
      'search a warehouse "depoo" (most tenders), page 2',
      'search=depoo&ordering=-start&page=2&page_size=50',
    ),
    t(
      'search a buyer\'s name "kask", -proposals_count',
      'search=kask&ordering=-proposals_count&page_size=50',
    ),
    t('page 200 (the deepest page served now)', 'page=200&page_size=50'),
    t('page 2,000 (offset 99,950)', 'page=2000&page_size=50'),
    t('page 200 ordered by warehouse', 'ordering=warehouse&page=200&page_size=50'),
  ];
  const r = (name: string, p: string, role: Scenario['role'] = 'admin'): Scenario => ({
    name: `reports: ${name}`,
    set: 'reports',
    path: p,
    role,
  });
  list.push(
    r('consolidated, last year', `/api/reports/consolidated/?${year()}&ordering=-orders_sum`),
    r('orders, last year', `/api/reports/orders/?${year()}&page_size=50`),
    r('orders, last year, page 20', `/api/reports/orders/?${year()}&page=20&page_size=50`),
    r('parts, last year', `/api/reports/parts/?${year()}&ordering=-max_price`),
    r('suppliers, last year', `/api/reports/suppliers/?${year()}&ordering=-sum_of_details`),
    r('categories', '/api/reports/categories/'),
  );
  // On the tender data (its 10,000,000 lines at 10×): the pre-order, parts and supplier lists.
  const o = (name: string, p: string): Scenario => ({ name, set: 'tenders', path: p, role: 'admin' });
  list.push(
    o('pre-order lines (PREPARED)', '/api/details/?status=PREPARED&page_size=50'),
    o('pre-order lines, search', '/api/details/?status=PREPARED&search=a&page_size=50'),
    o(
      'pre-order lines, -replenishment_qty',
      '/api/details/?status=PREPARED&ordering=-replenishment_qty&page_size=50',
    ),
    o('parts', '/api/parts/?page_size=50'),
    o('parts, search', '/api/parts/?search=fil&page_size=50'),
    o('suppliers', '/api/suppliers/?page_size=50'),
    o('suppliers, search', '/api/suppliers/?search=a&page_size=50'),
  );
  return list.filter((s) => !ONLY || ONLY.test(s.name));
}

/** Calls the path one at a time for SECONDS (at least 5 calls) after one warm-up call: CPU per call. */
async function cpuPerCall(
  serverUrl: string,
  pid: number | undefined,
  dbUrl_: string,
  p: string,
  token: string,
) {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(`${serverUrl}${p}`, { headers: { authorization: `Token ${token}` } });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - t };
  };
  const first = await call();
  await call();
  const c0 = cpuMs(pid);
  const d0 = await backendsCpu(dbUrl_, undefined, { clientOnly: true });
  const t0 = performance.now();
  const times: number[] = [];
  while (times.length < 5 || (performance.now() - t0 < SECONDS * 1000 && times.length < 2000))
    times.push((await call()).ms);
  const server = cpuMs(pid) - c0;
  const db = (await backendsCpu(dbUrl_, d0.cpu, { clientOnly: true })).ms;
  let rows = 0;
  let count: string | number = '–';
  try {
    const body = JSON.parse(first.text) as {
      results?: unknown[];
      count?: number;
      count_more?: boolean;
    } & Record<string, unknown>;
    rows = body.results?.length ?? (Array.isArray(body) ? body.length : 0);
    count = body.count == null ? '–' : `${body.count_more ? 'more than ' : ''}${body.count}`;
  } catch {}
  times.sort((a, b) => a - b);
  return {
    status: first.status,
    answer: first.status === 200 ? `${rows} of ${count}` : `${first.status} ${first.text.slice(0, 80)}`,
    calls: times.length,
    p50: r1(times[Math.floor(times.length / 2)]),
    serverMs: r1(server / times.length),
    dbMs: r1(db / times.length),
    cpuMs: r1((server + db) / times.length),
  };
}

/** The scans of a JSON plan: "Index Only Scan tenders_status_start_id_group_idx", "Seq Scan tenders", … */
function scans(node: Record<string, unknown>, out: string[] = []): string[] {
  const type = String(node['Node Type']);
  if (/Scan/.test(type) && !/Function|Values|CTE|Subquery|Result/.test(type)) {
    const rel = (node['Index Name'] ?? node['Relation Name'] ?? '') as string;
    const big = /^(tenders|details|proposals|winners|tender_counts|report_|purchase_orders)/.test(
      String(node['Relation Name'] ?? rel),
    );
    if (big) out.push(`${type.replace(' Scan', '')} ${rel}`);
  }
  if (/Sort$/.test(type) && Number(node['Plan Rows'] ?? 0) >= 0) {
    /* sorts are named by what they sort below */
  }
  for (const child of (node.Plans ?? []) as Record<string, unknown>[]) scans(child, out);
  return out;
}

/** The statements one request runs, captured through the real route code of `root`; their plans' scans. */
async function plans(root: string, url: string, list: Scenario[], tokens: Record<string, string>) {
  const { buildApp } = (await import(
    path.join(root, 'apps/server/src/app.ts')
  )) as typeof import('../apps/server/src/app.ts');
  const { loadConfig } = (await import(
    path.join(root, 'apps/server/src/config.ts')
  )) as typeof import('../apps/server/src/config.ts');
  const schema = await import(path.join(root, 'apps/server/src/db/schema/index.ts'));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: { text: string; values: unknown[] }[] = [];
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    captured.push({ text, values: values ?? (config as { values?: unknown[] }).values ?? [] });
    return query(config, values);
  };
  const db = drizzle(pool, { schema });
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }),
    database: {
      db,
      longDb: db,
      kind: 'postgres',
      migrate: async () => {},
      ping: async () => {},
      poolStats: () => [],
      close: () => pool.end(),
    } as never,
  });
  const out = new Map<string, string>();
  let text = '';
  try {
    for (const s of list) {
      captured.length = 0;
      const get = () =>
        app.inject({ method: 'GET', url: s.path, headers: { authorization: `Token ${tokens[s.role]}` } });
      let res = await get();
      if (res.statusCode === 401) {
        // The server's token refused in this process (seen before in list-cpu.ts): a login of this process's own.
        const again = await app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email: `${s.role}@demo.ee`, password: DEMO_PASSWORD },
        });
        tokens[s.role] = (again.json() as { token: string }).token;
        captured.length = 0;
        res = await get();
      }
      if (res.statusCode !== 200) {
        out.set(s.name, `(${res.statusCode}: no statement)`);
        continue;
      }
      const parts: string[] = [];
      text += `\n===== ${s.name}: GET ${s.path}\n`;
      for (const q of captured.filter(
        (c) =>
          /\b(tenders|details|report_\w+|proposals|tender_counts|parts|suppliers)\b/.test(c.text) &&
          !/auth_tokens|user_groups|^\s*(begin|commit|set)/i.test(c.text),
      )) {
        const client = await pool.connect();
        try {
          const r = await client.query(`explain (format json) ${q.text}`, q.values);
          const plan = (r.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0].Plan;
          const s_ = [...new Set(scans(plan))];
          parts.push(s_.length ? s_.join(', ') : String(plan['Node Type']));
          text += `\n--- ${q.text.replace(/\s+/g, ' ').slice(0, 2000)}\n--- ${JSON.stringify(q.values)}\n${s_.join('\n')}\n`;
        } catch (err) {
          parts.push(`(not explained: ${String(err).slice(0, 60)})`);
        } finally {
          client.release();
        }
      }
      out.set(s.name, parts.join(' + '));
    }
  } finally {
    await app.close();
    await pool.end().catch(() => {});
  }
  return { plans: out, text };
}

interface Row {
  code: string;
  factor: number;
  name: string;
  answer: string;
  cpuMs: number;
  serverMs: number;
  dbMs: number;
  p50: number;
  plan: string;
}

async function measureCode(code: string, root: string, factors: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  const list = scenarios();
  for (const factor of factors) {
    for (const set of ['tenders', 'reports'] as const) {
      const mine = list.filter((s) => s.set === set);
      if (!mine.length) continue;
      const url = dbUrl(growthDbName(factor, set));
      const t0 = performance.now();
      const server = spawnServer(
        {
          DATABASE_URL: url,
          LOG_LEVEL: 'warn',
          DATA_DIR: `/tmp/portal-bench-growth-${code}`,
          SEED_DEMO: 'never',
        },
        PORT,
        root,
      );
      try {
        // The server migrates at start: this checkout's indexes on 10× data take a while.
        await waitHealthy(server, performance.now(), 3_600_000);
        console.log(`${code} ${factor}× ${set}: server healthy in ${Math.round(performance.now() - t0)} ms`);
        const tokens = {
          admin: await login(server, 'admin@demo.ee'),
          contractor: await login(server, 'contractor@demo.ee'),
        };
        const measured: Omit<Row, 'plan'>[] = [];
        for (const s of mine) {
          const r = await cpuPerCall(server.url, server.proc.pid, url, s.path, tokens[s.role]);
          console.log(`${code} ${factor}× ${s.name}: ${JSON.stringify(r)}`);
          measured.push({ code, factor, name: s.name, ...r });
        }
        await server.stop();
        // The plans through the route code in this process (its start once ran out of Fastify's 10 s plugin time on
        // a machine at load 40: tried twice, the figures kept either way).
        let p: Awaited<ReturnType<typeof plans>> | null = null;
        for (let attempt = 0; attempt < 2 && !p; attempt++)
          p = await plans(root, url, mine, tokens).catch((err) => {
            console.error(`${code} ${factor}× ${set}: plans not read: ${err}`);
            return null;
          });
        if (p) fs.writeFileSync(path.join(DATA, `list-growth-plans-${code}-${factor}x-${set}.txt`), p.text);
        for (const m of measured) rows.push({ ...m, plan: p?.plans.get(m.name) ?? '(not read)' });
      } finally {
        await server.stop();
      }
    }
  }
  return rows;
}

export async function benchListGrowth() {
  fs.mkdirSync(DATA, { recursive: true });
  const factors = (process.env.BENCH_GROWTH_FACTORS ?? '1,10').split(',').map(Number);
  const before = process.env.BENCH_BEFORE_ROOT;
  const load0 = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const started = new Date().toISOString();
  const rows: Row[] = [];
  if (before) rows.push(...(await measureCode('before', before, factors)));
  rows.push(...(await measureCode('after', ROOT, factors)));
  const label = process.env.BENCH_GROWTH_LABEL ?? 'list-growth';
  fs.writeFileSync(path.join(DATA, `${label}.json`), JSON.stringify(rows, null, 2));
  const table = growthTable(
    rows,
    factors,
    !!before,
    `started ${started}, load ${load0} → ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`\n${table}`);
  fs.writeFileSync(path.join(DATA, `${label}.md`), `${table}\n`);
  return { rows, table };
}

/** The growth table of measured rows (of one run, or of several runs' JSON files together). */
export function growthTable(rows: Row[], factors: number[], before: boolean, note: string) {
  const get = (code: string, f: number, name: string) =>
    rows.find((r) => r.code === code && r.factor === f && r.name === name);
  const [lo, hi] = [factors[0], factors.at(-1) ?? factors[0]];
  const codes = before ? ['before', 'after'] : ['after'];
  const lines = [
    `List growth, ${machineLine()}; ${note}`,
    '',
    `| scenario | ${codes
      .map((c) => `${c}: CPU/call ${lo}× → ${hi}× (ratio)`)
      .join(
        ' | ',
      )} | after: answer at ${hi}× | ${codes.map((c) => `${c}: plan at ${hi}×`).join(' | ')} | target ≤ 1.5× |`,
    `|---|${codes.map(() => '---|').join('')}---|${codes.map(() => '---|').join('')}---|`,
  ];
  for (const s of scenarios()) {
    const cells: string[] = [];
    let ratio = Number.NaN;
    for (const c of codes) {
      const a = get(c, lo, s.name);
      const b = get(c, hi, s.name);
      const x = a && b ? b.cpuMs / Math.max(a.cpuMs, 0.1) : Number.NaN;
      if (c === 'after') ratio = x;
      cells.push(
        a && b ? `${a.cpuMs} → ${b.cpuMs} ms (${r1(x)}×)` : a ? `${a.cpuMs} ms → not measured` : '–',
      );
    }
    const after = get('after', hi, s.name);
    const planCells = codes.map((c) => get(c, hi, s.name)?.plan || '–');
    lines.push(
      `| ${s.name} | ${cells.join(' | ')} | ${after?.answer ?? '–'} | ${planCells.join(' | ')} | ${Number.isFinite(ratio) ? (ratio <= 1.5 ? 'met' : 'not met') : '–'} |`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === path.join(ROOT, 'bench/list-growth.ts')) {
  // `--table a.json b.json …`: the table of earlier runs together (e.g. the 1× and the 10× pair run apart).
  // `--from-log run.log out.json`: the figures a run printed (when it stopped before writing its JSON).
  const files = process.argv.slice(2).filter((a) => a.endsWith('.json'));
  if (process.argv.includes('--from-log')) {
    const [log, out] = process.argv.slice(process.argv.indexOf('--from-log') + 1);
    const rows: Row[] = [];
    for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
      const m = /^(before|after) (\d+)× (.+?): (\{"status".*\})$/.exec(line);
      if (m) rows.push({ code: m[1], factor: Number(m[2]), name: m[3], plan: '', ...JSON.parse(m[4]) });
    }
    fs.writeFileSync(out, JSON.stringify(rows, null, 2));
    console.log(`${rows.length} rows`);
  } else if (process.argv.includes('--table')) {
    const rows = files.flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')) as Row[]);
    const factors = [...new Set(rows.map((r) => r.factor))].sort((a, b) => a - b);
    console.log(
      growthTable(
        rows,
        factors,
        rows.some((r) => r.code === 'before'),
        `runs: ${files.join(', ')}`,
      ),
    );
  } else await benchListGrowth();
}
