// Tender list under load: PostgreSQL database portal_bench_tenders (migrated, demo data, then 100,000 tenders with
// 1,000,000 lines from tenders-scale-data.ts), the real server on port 3700, 50 concurrent clients (autocannon) for
// 15 s per scenario on a filtered, sorted third page and on searches, as a contractor and as the administrator.
// Then each scenario's SQL is captured in-process (the same route code with a logging Drizzle) and run under
// EXPLAIN (ANALYZE, BUFFERS); the plans go to bench/.data/tenders-list-explain.txt.
//   node bench/tenders-list.ts
// Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_DURATION (s, default 15), BENCH_CONNECTIONS (default 50), BENCH_FRESH=1 (recreate the database),
// BENCH_KEEP_DB=1 (keep it afterwards; it is reused by the next run, which saves the ~minutes of generation).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { cpuMs, ROOT, type Server, spawnServer, waitHealthy } from './lib.ts';
import { generateTenderScale } from './tenders-scale-data.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'portal_bench_tenders';
const PORT = 3700;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
export const DEMO_PASSWORD = 'Demo2026parts';
const DATA = path.join(ROOT, 'bench/.data');

export const machineLine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

export function dbUrl(name: string) {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates the database (dropping it first when `fresh`); true when it was created now. */
export async function createDb(name: string, fresh: boolean): Promise<boolean> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await admin.query(`create database ${name}`);
    return true;
  } finally {
    await admin.end();
  }
}

export async function dropDb(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin
    .query(`drop database if exists ${name} with (force)`)
    .catch((err) => console.error(`drop ${name}: ${err}`));
  await admin.end();
}

/** Migrates and seeds the demo data (both skip what is already there). */
export async function migrateAndSeed(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await database.migrate();
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
}

export async function login(server: Server, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${server.url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export type LoadRow = {
  name: string;
  connections: number;
  rows: number;
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
  requests: number;
  errors: number;
  non2xx: number;
  cpuMsPerRequest: number;
  dbCpuMsPerRequest: number;
};

/**
 * The PostgreSQL backends connected to a database (the server's pool) and their CPU time so far. `clientOnly`: client
 * backends only (not autovacuum, which may still be at work on new rows).
 */
export async function backendsCpu(
  url: string,
  before?: Map<number, number>,
  opts: { clientOnly?: boolean } = {},
): Promise<{ cpu: Map<number, number>; ms: number }> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  const { rows } = await c.query(
    `select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
      and ($2::boolean is not true or backend_type = 'client backend')`,
    [new URL(url).pathname.slice(1), opts.clientOnly ?? false],
  );
  await c.end();
  const cpu = new Map<number, number>();
  for (const r of rows) {
    const ms = cpuMs(r.pid as number);
    if (!Number.isNaN(ms)) cpu.set(r.pid as number, ms);
  }
  // Backends opened since `before` (the pool grows under load) count in full.
  let ms = 0;
  for (const [pid, v] of cpu) ms += v - (before?.get(pid) ?? 0);
  return { cpu, ms };
}

/**
 * Like bench/api.ts's `load` (not exported there): a 2 s warm-up, then the measured run; plus the CPU time the
 * PostgreSQL backends of the server's pool used per request (load-independent, as the server CPU). Afterwards one
 * more request waits until the server's queue is drained, so the next scenario starts clean.
 */
async function measure(
  server: Server,
  dbUrlOfServer: string,
  name: string,
  url: string,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<LoadRow> {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${name}: ${probe.status} ${await probe.text()}`);
  const body = (await probe.json()) as { results: unknown[]; count: number };
  await autocannon({ url, headers, connections, duration: 2, timeout: 60 });
  const cpu0 = cpuMs(server.proc.pid);
  const db0 = await backendsCpu(dbUrlOfServer);
  const r = await autocannon({ url, headers, connections, duration, timeout: 60 });
  const cpu = cpuMs(server.proc.pid) - cpu0;
  const db = (await backendsCpu(dbUrlOfServer, db0.cpu)).ms;
  await fetch(url, { headers }).then((res) => res.arrayBuffer()); // drain
  const per = (x: number) => (r.requests.total ? Math.round((x / r.requests.total) * 10) / 10 : 0);
  const row: LoadRow = {
    name,
    connections,
    rows: body.results.length,
    count: body.count,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    rps: Math.round(r.requests.average * 10) / 10,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpuMsPerRequest: per(cpu),
    dbCpuMsPerRequest: per(db),
  };
  console.log(
    `${name}, ${connections} conn.: ${row.rows} rows of ${row.count}; p50 ${row.p50} ms, p90 ${row.p90} ms, p99 ${row.p99} ms, max ${row.max} ms, ${row.rps} req/s, ${row.requests} requests, ${row.non2xx} non-2xx, ${row.errors} errors, CPU per request: server ${row.cpuMsPerRequest} ms, PostgreSQL ${row.dbCpuMsPerRequest} ms`,
  );
  return row;
}

/**
 * Runs each request once through the real route code in-process with a Drizzle logger, then EXPLAIN ANALYZE on
 * every captured statement that reads tenders. Returns per scenario the statements' execution times.
 */
async function explainScenarios(url: string, scenarios: { name: string; path: string; token: string }[]) {
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
  const out: { name: string; statements: { ms: number; firstLine: string }[] }[] = [];
  let text = '';
  try {
    for (const s of scenarios) {
      captured.length = 0;
      const res = await app.inject({
        method: 'GET',
        url: s.path,
        headers: { authorization: `Token ${s.token}` },
      });
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
      const statements: { ms: number; firstLine: string }[] = [];
      text += `\n===== ${s.name}: GET ${s.path}\n`;
      for (const q of captured.filter((c) => /from "tenders"|from "comments"/.test(c.sql))) {
        // Best of three (the machine is shared): the plan of the fastest run is kept.
        let lines: string[] = [];
        let ms = Number.POSITIVE_INFINITY;
        for (let k = 0; k < 3; k++) {
          const plan = await pool.query(`explain (analyze, buffers) ${q.sql}`, q.params);
          const l = plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']);
          const t = Number(/Execution Time: ([\d.]+)/.exec(l.at(-1) ?? '')?.[1] ?? Number.NaN);
          if (t < ms) [ms, lines] = [t, l];
        }
        statements.push({ ms, firstLine: lines[0] });
        text += `\n--- ${q.sql}\n--- params ${JSON.stringify(q.params)}\n${lines.join('\n')}\n`;
      }
      console.log(`EXPLAIN ${s.name}: ${statements.map((x) => `${x.ms} ms`).join(' + ')}`);
      out.push({ name: s.name, statements });
    }
  } finally {
    await app.close();
    await pool.end();
  }
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(path.join(DATA, 'tenders-list-explain.txt'), text);
  return out;
}

export async function benchTendersList() {
  const url = dbUrl(DB_NAME);
  const t0 = performance.now();
  await createDb(DB_NAME, process.env.BENCH_FRESH === '1');
  await migrateAndSeed(url);
  const scale = await generateTenderScale(url);
  console.log(
    `database ${DB_NAME} ready in ${Math.round(performance.now() - t0)} ms (scale data ${scale.skipped ? 'already there' : `generated in ${scale.ms} ms`})`,
  );
  const sizes = await (async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query(
      `select (select count(*) from tenders)::int tenders, (select count(*) from details)::int details,
              (select count(*) from proposals)::int proposals, (select count(*) from winners)::int winners`,
    );
    await c.end();
    return rows[0] as { tenders: number; details: number; proposals: number; winners: number };
  })();
  console.log(`data: ${JSON.stringify(sizes)}`);

  // The list page's default start filter: the beginning of the previous month.
  const n = new Date();
  const since = new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const filtered = `/api/tenders/?filter_status=ORDERED,FINISHED&filter_start=${since}&ordering=-start&page=3&page_size=50`;
  const searchRecent = `/api/tenders/?search=B-00001&filter_start=${since}&ordering=-start&page_size=50`;
  const searchAll = `/api/tenders/?search=B-00012&ordering=-start&page_size=50`;
  const searchWarehouse = `/api/tenders/?search=${encodeURIComponent('depoo')}&ordering=-start&page=2&page_size=50`;

  const server = spawnServer(
    { DATABASE_URL: url, LOG_LEVEL: 'warn', DATA_DIR: '/tmp/portal-bench-tenders', SEED_DEMO: 'never' },
    PORT,
  );
  const results: LoadRow[] = [];
  let tokens: Record<string, string> = {};
  try {
    await waitHealthy(server, performance.now());
    tokens = {
      contractor: await login(server, 'contractor@demo.ee'),
      admin: await login(server, 'admin@demo.ee'),
    };
    // `heavy` ones (a search matching most of the table) only with one client: 50 would queue for minutes.
    const scenarios = [
      {
        name: `contractor, ORDERED+FINISHED since ${since}, -start, page 3`,
        path: filtered,
        token: tokens.contractor,
        heavy: false,
      },
      {
        name: `admin, ORDERED+FINISHED since ${since}, -start, page 3`,
        path: filtered,
        token: tokens.admin,
        heavy: false,
      },
      {
        name: `contractor, search "B-00001" since ${since}`,
        path: searchRecent,
        token: tokens.contractor,
        heavy: false,
      },
      { name: 'admin, search "B-00012", all time', path: searchAll, token: tokens.admin, heavy: false },
      {
        name: 'admin, search "depoo" (warehouse name, matches 80%), all time, page 2',
        path: searchWarehouse,
        token: tokens.admin,
        heavy: true,
      },
    ];
    for (const s of scenarios) {
      const h = { authorization: `Token ${s.token}` };
      if (!s.heavy)
        results.push(await measure(server, url, s.name, `${server.url}${s.path}`, h, CONNECTIONS, DURATION));
      results.push(await measure(server, url, s.name, `${server.url}${s.path}`, h, 1, 5));
    }
    await new Promise((r) => setTimeout(r, 1000));
    await server.stop();
    const explain = await explainScenarios(url, scenarios);
    const report = {
      machine: machineLine(),
      at: new Date().toISOString(),
      sizes,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      results,
      explain,
    };
    fs.mkdirSync(DATA, { recursive: true });
    fs.writeFileSync(path.join(DATA, 'tenders-list.json'), JSON.stringify(report, null, 2));
    console.log(`\nMachine: ${report.machine}\n`);
    console.log(
      '| scenario | clients | rows / total | p50 | p90 | p99 | max | req/s | errors | CPU/request server + PostgreSQL | SQL alone (EXPLAIN ANALYZE, best of 3) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of results) {
      const e = explain.find((x) => x.name === r.name);
      console.log(
        `| ${r.name} | ${r.connections} | ${r.rows} / ${r.count} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.max} ms | ${r.rps} | ${r.non2xx + r.errors} | ${r.cpuMsPerRequest} + ${r.dbCpuMsPerRequest} ms | ${e?.statements.map((s) => `${s.ms} ms`).join(' + ')} |`,
      );
    }
    return report;
  } finally {
    await server.stop();
    if (process.env.BENCH_KEEP_DB !== '1') await dropDb(DB_NAME);
    else console.log(`kept database ${DB_NAME}`);
  }
}

if (process.argv[1] === path.join(ROOT, 'bench/tenders-list.ts')) {
  await benchTendersList();
}
