// Reports at scale: PostgreSQL database portal_bench_reports (migrated, demo data, then 100,000 tenders with
// 1,000,000 lines, 1.3 M offers, ~0.5 M winners and their purchase orders from reports-scale-data.ts), the real
// server on port 3701, one client asking each report's 50-row page 15 times in a row (after 3 warm-up calls);
// median, p95 and max against the 200 ms goal. Then each scenario's SQL is captured in-process (the same route
// code with a logging Drizzle) and run under EXPLAIN (ANALYZE, BUFFERS); plans go to bench/.data/reports-explain.txt.
//   node bench/reports.ts
// Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_FRESH=1 (recreate the database), BENCH_KEEP_DB=1 (keep it for the next run: generation takes minutes),
// BENCH_RUNS (timed calls per scenario, default 15), BENCH_PARALLEL=1 (parallel query plans; default serial, so
// that the PostgreSQL CPU per call counts all the work).
import fs from 'node:fs';
import path from 'node:path';
import { presetRange, tallinnDay } from '@portal/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database, Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { cpuMs, ROOT, type Server, spawnServer, waitHealthy } from './lib.ts';
import { generateReportScale } from './reports-scale-data.ts';
import { backendsCpu, createDb, dbUrl, dropDb, login, machineLine, migrateAndSeed } from './tenders-list.ts';

const DB_NAME = 'portal_bench_reports';
const PORT = 3701;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DATA = path.join(ROOT, 'bench/.data');
const GOAL_MS = 200;

interface Scenario {
  name: string;
  path: string;
  role: 'admin' | 'contractor';
}

function scenarios(): Scenario[] {
  const today = tallinnDay(new Date());
  const range = (p: Parameters<typeof presetRange>[0]) => {
    const [a, b] = presetRange(p, today);
    return `filter_start=${a}&filter_finish=${b}`;
  };
  const monthStart = `${today.slice(0, 7)}-01`;
  return [
    {
      name: 'consolidated, last month (default)',
      path: `/api/reports/consolidated/?${range('last_month')}`,
      role: 'admin',
    },
    {
      name: 'consolidated, last year, -orders_sum',
      path: `/api/reports/consolidated/?${range('last_year')}&ordering=-orders_sum`,
      role: 'admin',
    },
    { name: 'consolidated, all time', path: '/api/reports/consolidated/?ordering=name', role: 'admin' },
    {
      name: 'consolidated chart, last 6 months',
      path: `/api/reports/consolidated/chart/?${range('last_6_months')}`,
      role: 'admin',
    },
    {
      name: 'orders, last month, code',
      path: `/api/reports/orders/?${range('last_month')}&page_size=50`,
      role: 'admin',
    },
    {
      name: 'orders, all time, -sum_of_details, page 3',
      path: '/api/reports/orders/?ordering=-sum_of_details&page=3&page_size=50',
      role: 'admin',
    },
    {
      name: 'orders, one supplier last month (consolidated link)',
      path: `/api/reports/orders/?${range('last_month')}&filter_name=Bench%20Supplier%20007&filter_registration_code=BS000007&page_size=50`,
      role: 'admin',
    },
    {
      name: 'orders, contractor, last 3 months',
      path: `/api/reports/orders/?${range('last_3_months')}&page_size=50`,
      role: 'contractor',
    },
    {
      name: 'parts, from the 1st of this month (default)',
      path: `/api/reports/parts/?filter_start=${monthStart}`,
      role: 'admin',
    },
    {
      name: 'parts, last 3 months, -max_price',
      path: `/api/reports/parts/?${range('last_3_months')}&ordering=-max_price`,
      role: 'admin',
    },
    {
      name: 'parts, last year, reason DUE DATE',
      path: `/api/reports/parts/?${range('last_year')}&filter_reason=DUE%20DATE`,
      role: 'contractor',
    },
    {
      name: 'suppliers, last month, code',
      path: `/api/reports/suppliers/?${range('last_month')}`,
      role: 'admin',
    },
    {
      name: 'suppliers, last year, winners, -sum_of_details',
      path: `/api/reports/suppliers/?${range('last_year')}&filter_winner=true&ordering=-sum_of_details`,
      role: 'admin',
    },
    {
      name: 'orders, last year, search a company (totals from the summary)',
      path: `/api/reports/orders/?${range('last_year')}&search=Bench%20Supplier%20007`,
      role: 'admin',
    },
    {
      name: 'parts, last year, part code filter (totals from the summary)',
      path: `/api/reports/parts/?${range('last_year')}&filter_code=1`,
      role: 'admin',
    },
    { name: 'categories, first page', path: '/api/reports/categories/', role: 'admin' },
  ];
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const r1 = (x: number) => Math.round(x * 10) / 10;

async function timeScenario(server: Server, url: string, s: Scenario, token: string) {
  const call = async () => {
    const t = performance.now();
    const res = await fetch(`${server.url}${s.path}`, { headers: { authorization: `Token ${token}` } });
    const body = (await res.json()) as { results?: unknown[]; count?: number } | unknown[];
    if (!res.ok) throw new Error(`${s.name}: ${res.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t, body };
  };
  for (let i = 0; i < 3; i++) await call();
  // CPU time of the server process and of the PostgreSQL backends serving it over the timed calls: unlike the
  // latencies, it hardly depends on what else runs on the shared machine.
  const cpu0 = cpuMs(server.proc.pid);
  const db0 = await backendsCpu(url);
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof call>>['body'] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await call();
    times.push(r.ms);
    last = r.body;
  }
  const serverCpu = (cpuMs(server.proc.pid) - cpu0) / RUNS;
  const dbCpu = (await backendsCpu(url, db0.cpu)).ms / RUNS;
  const rows = Array.isArray(last) ? last.length : (last.results?.length ?? 0);
  const count = Array.isArray(last) ? last.length : (last.count ?? 0);
  const row = {
    name: s.name,
    rows,
    count,
    p50: r1(pct(times, 50)),
    p95: r1(pct(times, 95)),
    max: r1(Math.max(...times)),
    serverCpuMs: r1(serverCpu),
    dbCpuMs: r1(dbCpu),
  };
  console.log(
    `${s.name}: ${rows} rows of ${count}; p50 ${row.p50} ms, p95 ${row.p95} ms, max ${row.max} ms; CPU per call server ${row.serverCpuMs} + PostgreSQL ${row.dbCpuMs} ms`,
  );
  return row;
}

/** The route code in-process with a logging Drizzle; EXPLAIN ANALYZE (best of 3) of every statement. */
async function explainScenarios(url: string, list: Scenario[], tokens: Record<string, string>) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const captured: { sql: string; params: unknown[] }[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (q: string, params: unknown[]) => captured.push({ sql: q, params }) },
  });
  const database: Database = {
    db: db as unknown as Db,
    longDb: db as unknown as Db,
    kind: 'postgres',
    migrate: async () => {},
    ping: async () => {},
    poolStats: () => [],
    close: () => pool.end(),
  };
  const app = await buildApp({ config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }), database });
  const out: { name: string; statements: number[] }[] = [];
  let text = '';
  try {
    for (const s of list) {
      captured.length = 0;
      const res = await app.inject({
        method: 'GET',
        url: s.path,
        headers: { authorization: `Token ${tokens[s.role]}` },
      });
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      const statements: number[] = [];
      text += `\n===== ${s.name}: GET ${s.path}\n`;
      for (const q of captured.filter(
        (c) => /report_|"suppliers"/.test(c.sql) && !/auth_tokens|user_groups/.test(c.sql),
      )) {
        let lines: string[] = [];
        let ms = Number.POSITIVE_INFINITY;
        for (let k = 0; k < 3; k++) {
          const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
          const l = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
          const t = Number(/Execution Time: ([\d.]+)/.exec(l.at(-1) ?? '')?.[1] ?? Number.NaN);
          if (t < ms) [ms, lines] = [t, l];
        }
        statements.push(ms);
        text += `\n--- ${q.sql}\n--- params ${JSON.stringify(q.params)}\n${lines.join('\n')}\n`;
      }
      console.log(`EXPLAIN ${s.name}: ${statements.map((x) => `${x} ms`).join(' + ')}`);
      out.push({ name: s.name, statements });
    }
  } finally {
    await app.close();
    await pool.end();
  }
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(path.join(DATA, 'reports-explain.txt'), text);
  return out;
}

export async function benchReports() {
  const url = dbUrl(DB_NAME);
  const t0 = performance.now();
  await createDb(DB_NAME, process.env.BENCH_FRESH === '1');
  await migrateAndSeed(url);
  const scale = await generateReportScale(url);
  console.log(
    `database ${DB_NAME} ready in ${Math.round(performance.now() - t0)} ms (scale data ${scale.skipped ? 'already there' : `generated in ${scale.ms} ms`})`,
  );
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const sizes = (
    await c.query(
      `select (select count(*) from tenders)::int tenders, (select count(*) from details)::int lines,
              (select count(*) from proposals)::int offers, (select count(*) from winners)::int winners,
              (select count(*) from purchase_orders)::int orders, (select count(*) from suppliers)::int suppliers`,
    )
  ).rows[0];
  // Fresh statistics of the report tables: the migrations analyse them while they are empty and autovacuum may not
  // have come round after the bulk load (a plan for an empty table would be measured otherwise).
  for (const table of [
    'report_tender_suppliers',
    'report_lines',
    'report_supplier_months',
    'report_line_months',
  ])
    if ((await c.query('select to_regclass($1) is not null as x', [table])).rows[0].x)
      await c.query(`vacuum analyze ${table}`);
  // Parallel query workers are processes of their own that end with the query: their CPU time would escape the
  // per-backend CPU figures below. On 2 shared cores they rarely help either, so the measured runs plan serially
  // (BENCH_PARALLEL=1 keeps PostgreSQL's default).
  await c.query(
    `alter database ${DB_NAME} ${process.env.BENCH_PARALLEL === '1' ? 'reset max_parallel_workers_per_gather' : 'set max_parallel_workers_per_gather = 0'}`,
  );
  await c.end();
  console.log(`data: ${JSON.stringify(sizes)}`);

  const server = spawnServer(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', DATA_DIR: '/tmp/portal-bench-reports', SEED_DEMO: 'never' },
    PORT,
  );
  const list = scenarios();
  try {
    await waitHealthy(server, performance.now());
    const tokens = {
      admin: await login(server, 'admin@demo.ee'),
      contractor: await login(server, 'contractor@demo.ee'),
    };
    const results = [];
    for (const s of list) results.push(await timeScenario(server, url, s, tokens[s.role]));
    await server.stop();
    const explain = await explainScenarios(url, list, tokens);
    const report = {
      machine: machineLine(),
      at: new Date().toISOString(),
      sizes,
      runs: RUNS,
      results,
      explain,
    };
    fs.mkdirSync(DATA, { recursive: true });
    fs.writeFileSync(path.join(DATA, 'reports.json'), JSON.stringify(report, null, 2));
    console.log(`\nMachine: ${report.machine}\n`);
    console.log(
      '| scenario | rows / total | p50 | p95 | max | goal 200 ms | CPU per call: server + PostgreSQL | SQL alone (EXPLAIN ANALYZE, best of 3) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      const e = explain.find((x) => x.name === r.name);
      console.log(
        `| ${r.name} | ${r.rows} / ${r.count} | ${r.p50} ms | ${r.p95} ms | ${r.max} ms | ${r.p95 < GOAL_MS ? 'met' : 'MISSED'} | ${r.serverCpuMs} + ${r.dbCpuMs} ms | ${e?.statements.map((x) => `${x} ms`).join(' + ')} |`,
      );
    }
    return report;
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP_DB !== '1') await dropDb(DB_NAME);
    else console.log(`kept database ${DB_NAME}`);
  }
}

if (process.argv[1] === path.join(ROOT, 'bench/reports.ts')) {
  await benchReports();
}
