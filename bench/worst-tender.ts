// The worst tender a buyer chooses on: 2,000 lines, 50 supplier companies with 3 offer lines each on every line
// (300,000 offers), beside an ordinary large one (2,000 lines × 5 offers, one each from 5 companies), both CHOOSING,
// on PostgreSQL (database portal_bench_worst, made anew: migrated, demo data, then these two tenders in SQL).
// The real server (port 3800) answers:
//   - winner saves: PATCH /api/details/{id}/add_winners/ on 40 different lines of each tender, one at a time (the
//     cheapest offer, as a buyer clicks), with the latency p50/p95 and the CPU per save of the server process and
//     of its PostgreSQL backends (from /proc; the cluster has no pg_stat_statements);
//   - two buyers at once: 10 rounds of two saves on two lines of the worst tender sent together, the slower one's
//     time against a single save;
//   - the confirm of the worst tender (every line given its cheapest offer first, in SQL): PATCH /api/tenders/{id}/
//     to ORDERED, its answer time and CPU, then how long the outbox took to hand over what the confirm queued.
// BENCH_BEFORE_ROOT=<a checkout of an earlier commit, with node_modules> measures that commit's server (migrated by
// its own migrations, in portal_bench_worst_before) in the same run, before this one's.
//   node bench/worst-tender.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { cpuMs, median, ROOT, type Server, spawnServer, waitHealthy } from './lib.ts';
import { backendsCpu, createDb, dbUrl, dropDb, login, machineLine } from './tenders-list.ts';

const PORT = 3800;
const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const PAIRS = 10;
const LINES = 2000;
const DATA = path.join(ROOT, 'bench/.data');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const r1 = (x: number) => Math.round(x * 10) / 10;

const startServer = (root: string, url: string): Server =>
  spawnServer({ DATABASE_URL: url, DATA_DIR: '/tmp/portal-bench-worst', SEED_DEMO: 'never' }, PORT, root);

/** Two CHOOSING tenders: W50 (50 companies × 3 offer lines per line) and W5 (5 companies × 1). */
export async function buildData(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    const { rows: a } = await c.query(`select id from users where email = 'admin@demo.ee'`);
    const admin = a[0].id as number;
    const { rows: w } = await c.query(
      'select id, group_id from warehouses where is_active order by id limit 1',
    );
    const { rows: prod } = await c.query(
      'select id from producers where is_active and not is_deleted order by id limit 3',
    );
    const { rows: s } = await c.query(
      `insert into suppliers (name, registration_code, email, created, updated)
       select 'Bench Worst ' || lpad(k::text, 2, '0'), 'BW' || lpad(k::text, 6, '0'), 'bw' || k || '@bench.test', now(), now()
       from generate_series(1, 50) k returning id`,
    );
    const sids = s.map((r) => r.id as number);
    await c.query('insert into supplier_groups (supplier_id, group_id) select unnest($1::int[]), $2', [
      sids,
      w[0].group_id,
    ]);
    await c.query(
      `insert into users (email, first_name, last_name, "group", supplier_id, supplier_role, is_active, is_authorized, language, created, updated)
       select 'bw' || k || '@bench.test', 'Bench', 'Worst ' || k, 'SUPPLIER', ($1::int[])[k], 'ADVANCED', true, true, 'et', now(), now()
       from generate_series(1, 50) k`,
      [sids],
    );
    const tender = async (code: string, companies: number[], perCompany: number) => {
      const { rows: t } = await c.query(
        `insert into tenders (tender_code, start, finish, status, warehouse_id, group_id, creator_id, additional_info, created, updated)
         values ($1, now() - interval '3 days', now() - interval '1 day', 'CHOOSING', $2, $3, $4, 'Benchmark: worst tender', now() - interval '5 days', now())
         returning id`,
        [code, w[0].id, w[0].group_id, admin],
      );
      const id = t[0].id as number;
      await c.query(
        `with p as (select array_agg(id order by id) ids from parts)
         insert into details (part_id, warehouse_id, replenishment_qty, replacement_qty, qty, status, tender_id, creator_id, created, updated)
         select p.ids[1 + k % array_length(p.ids, 1)], $2, 1 + k % 20, 0, 1 + k % 20, 'WAITING', $1, $3,
                now() - interval '6 days', now() - interval '6 days'
         from generate_series(1, $4::int) k, p`,
        [id, w[0].id, admin, LINES],
      );
      await c.query(
        `insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code, available_qty, delivery_date, created, updated)
         select d.tender_id, d.id, s.sup, ($4::int[])[1 + o % 3], round((5 + (d.id * 7 + s.n * 13 + o * 5) % 900)::numeric / 3, 4),
                'PC-' || d.id || '-' || s.n || '-' || o, lpad((4740000000000 + d.id * 1000 + s.n * 3 + o)::text, 13, '0'),
                d.qty, (now() + interval '20 days')::date, now() - interval '2 days', now() - interval '2 days'
         from details d, unnest($2::int[]) with ordinality s(sup, n), generate_series(1, $3::int) o
         where d.tender_id = $1`,
        [id, companies, perCompany, prod.map((p) => p.id)],
      );
      return id;
    };
    const worst = await tender('BENCH-WORST-50', sids, 3);
    const ordinary = await tender('BENCH-WORST-5', sids.slice(0, 5), 1);
    await c.query('commit');
    for (const table of ['details', 'proposals', 'winners', 'report_lines', 'report_tender_suppliers'])
      await c.query(`vacuum analyze ${table}`);
    const lines = async (t: number) =>
      (
        await c.query(
          `select d.id, (select p.id from proposals p where p.detail_id = d.id order by p.price, p.id limit 1) best
           from details d where d.tender_id = $1 order by d.id`,
          [t],
        )
      ).rows as { id: number; best: number }[];
    return { worst, ordinary, worstLines: await lines(worst), ordinaryLines: await lines(ordinary) };
  } finally {
    await c.end();
  }
}

type Saves = { p50: number; p95: number; dbCpuMs: number; serverCpuMs: number };

async function save(server: Server, token: string, line: { id: number; best: number }) {
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/details/${line.id}/add_winners/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
    body: JSON.stringify({ winners: [{ name: line.best }] }),
  });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`add_winners ${line.id}: ${res.status}`);
  return performance.now() - t0;
}

/** One save of two sent together: its time, or the status it was refused with. */
const trySave = (server: Server, token: string, line: { id: number; best: number }) =>
  save(server, token, line).then(
    (ms) => ({ ms, refused: null as string | null }),
    (err: Error) => ({ ms: Number.NaN, refused: err.message.split(': ').pop() ?? 'error' }),
  );

async function saves(server: Server, url: string, token: string, lines: { id: number; best: number }[]) {
  const measured = lines.slice(0, SAVES);
  const cpu0 = cpuMs(server.proc.pid);
  const db0 = await backendsCpu(url, undefined, { clientOnly: true });
  const times: number[] = [];
  for (const l of measured) times.push(await save(server, token, l));
  const db = (await backendsCpu(url, db0.cpu, { clientOnly: true })).ms;
  const cpu = cpuMs(server.proc.pid) - cpu0;
  return {
    p50: Math.round(pct(times, 50)),
    p95: Math.round(pct(times, 95)),
    dbCpuMs: r1(db / measured.length),
    serverCpuMs: r1(cpu / measured.length),
  } satisfies Saves;
}

async function runOne(label: string, root: string, dbName: string) {
  console.log(`--- ${label}: ${root}`);
  await createDb(dbName, true);
  const url = dbUrl(dbName);
  const migrated = spawnSync(process.execPath, [path.join(root, 'apps/server/src/db/migrate-cli.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (migrated.status !== 0) throw new Error(`migrations of ${root} failed`);
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  const t0 = performance.now();
  const data = await buildData(url);
  console.log(`data: ${Math.round(performance.now() - t0)} ms`);
  const server = startServer(root, url);
  try {
    await waitHealthy(server, performance.now());
    const token = await login(server, 'admin@demo.ee');
    // warm-up on the last 20 lines of each tender: 20 saves at once, so that every connection of the server's pool
    // is open and has run the save (a new backend's start and first trigger calls cost tens of ms once), then three
    // one at a time
    for (const lines of [data.ordinaryLines, data.worstLines]) {
      // (an earlier server that queues saves of one tender may refuse some of them: they are not measured)
      await Promise.all(lines.slice(-20).map((l) => trySave(server, token, l)));
      for (const l of lines.slice(-23, -20)) await save(server, token, l);
    }
    const ordinary = await saves(server, url, token, data.ordinaryLines);
    console.log(`${label} W5`, ordinary);
    const worst = await saves(server, url, token, data.worstLines);
    console.log(`${label} W50`, worst);
    // two buyers at once on two lines of the worst tender
    const free = data.worstLines.slice(SAVES);
    const single: number[] = [];
    const pair: number[] = [];
    const refused: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      single.push(await save(server, token, free[3 * i]));
      const two = await Promise.all([
        trySave(server, token, free[3 * i + 1]),
        trySave(server, token, free[3 * i + 2]),
      ]);
      for (const t of two) if (t.refused) refused.push(t.refused);
      const ok = two.filter((t) => !t.refused).map((t) => t.ms);
      if (ok.length) pair.push(Math.max(...ok));
    }
    const together = {
      single: Math.round(median(single)),
      pair: pair.length ? Math.round(median(pair)) : Number.NaN,
      refused,
    };
    console.log(`${label} two at once`, together);
    // the rest of the lines get their cheapest offer (the report triggers see one statement), then the confirm
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    let confirm: { ms: number; dbCpuMs: number; serverCpuMs: number; outboxMs: number; outboxRows: number };
    try {
      await c.query('begin');
      await c.query(
        `insert into winners (detail_id, proposal_id, amount, reason, created, updated)
         select d.id, b.best, d.qty, 'PRICE', now(), now()
         from details d join unnest($2::int[], $3::int[]) b(id, best) on b.id = d.id
         where d.tender_id = $1 and not exists (select 1 from winners w where w.detail_id = d.id)`,
        [data.worst, data.worstLines.map((l) => l.id), data.worstLines.map((l) => l.best)],
      );
      await c.query(`update details set status = 'ORDERED' where tender_id = $1 and status <> 'ORDERED'`, [
        data.worst,
      ]);
      await c.query('commit');
      const { rows: o0 } = await c.query('select coalesce(max(id), 0)::int m from outbox');
      const cpu0 = cpuMs(server.proc.pid);
      const db0 = await backendsCpu(url, undefined, { clientOnly: true });
      const t1 = performance.now();
      const res = await fetch(`${server.url}/api/tenders/${data.worst}/`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body: JSON.stringify({ status: 'ORDERED' }),
      });
      await res.arrayBuffer();
      const ms = performance.now() - t1;
      if (!res.ok) throw new Error(`confirm: ${res.status}`);
      const db = (await backendsCpu(url, db0.cpu, { clientOnly: true })).ms;
      const cpu = cpuMs(server.proc.pid) - cpu0;
      // what the confirm queued, handed over (delivered, or failed for good: no SMTP server listens here)
      let outboxMs = 0;
      let outboxRows = 0;
      for (;;) {
        const { rows } = await c.query(
          `select count(*)::int n, (count(*) filter (where delivered_at is null and attempts = 0))::int waiting
           from outbox where id > $1`,
          [o0[0].m],
        );
        outboxRows = rows[0].n;
        outboxMs = performance.now() - t1;
        if (rows[0].waiting === 0 || outboxMs > 300_000) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      confirm = {
        ms: Math.round(ms),
        dbCpuMs: Math.round(db),
        serverCpuMs: Math.round(cpu),
        outboxMs: Math.round(outboxMs),
        outboxRows,
      };
      console.log(`${label} confirm`, confirm);
    } finally {
      await c.end();
    }
    return { label, ordinary, worst, together, confirm };
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP_DB) await dropDb(dbName);
  }
}

export async function benchWorstTender() {
  const runs: Awaited<ReturnType<typeof runOne>>[] = [];
  const before = process.env.BENCH_BEFORE_ROOT;
  if (before) runs.push(await runOne('before', path.resolve(before), 'portal_bench_worst_before'));
  runs.push(await runOne('after', ROOT, 'portal_bench_worst'));
  const after = runs[runs.length - 1];
  const cell = (f: (r: (typeof runs)[number]) => string) => runs.map(f).join(' | ');
  const head = runs.map((r) => r.label).join(' | ');
  const ratio = after.worst.dbCpuMs / Math.max(0.1, after.ordinary.dbCpuMs);
  const table = [
    `Machine: ${machineLine()}; ${SAVES} saves per tender, one at a time`,
    '',
    `| measure | ${head} | target |`,
    `|---|${runs.map(() => '---|').join('')}---|`,
    `| winner save, 2,000 × 5 offers: p50 / p95 | ${cell((r) => `${r.ordinary.p50} / ${r.ordinary.p95} ms`)} | |`,
    `| winner save, 2,000 × 150 offers: p50 / p95 | ${cell((r) => `${r.worst.p50} / ${r.worst.p95} ms`)} | |`,
    `| PostgreSQL CPU per save, 5 offers | ${cell((r) => `${r.ordinary.dbCpuMs} ms`)} | < 50 ms: ${after.ordinary.dbCpuMs < 50 ? 'met' : 'not met'} |`,
    `| PostgreSQL CPU per save, 150 offers | ${cell((r) => `${r.worst.dbCpuMs} ms`)} | < 50 ms and ≤ 2× the 5-offer save (${r1(ratio)}×): ${after.worst.dbCpuMs < 50 && ratio <= 2 ? 'met' : 'not met'} |`,
    `| server CPU per save, 5 / 150 offers | ${cell((r) => `${r.ordinary.serverCpuMs} / ${r.worst.serverCpuMs} ms`)} | |`,
    `| two buyers at once on two lines (150 offers): the slower of the two, against one alone (medians of ${PAIRS}) | ${cell((r) => `${r.together.pair} against ${r.together.single} ms${r.together.refused.length ? `; ${r.together.refused.length} of ${2 * PAIRS} refused (HTTP ${[...new Set(r.together.refused)].join(', ')})` : ''}`)} | no queueing |`,
    `| confirm of 2,000 lines (150 offers each): answer | ${cell((r) => `${r.confirm.ms} ms`)} | < 10 s: ${after.confirm.ms < 10_000 ? 'met' : 'not met'} |`,
    `| confirm: PostgreSQL / server CPU | ${cell((r) => `${r.confirm.dbCpuMs} / ${r.confirm.serverCpuMs} ms`)} | |`,
    `| confirm: outbox rows queued, handed over (delivered or tried) after the request began | ${cell((r) => `${r.confirm.outboxRows} rows, ${r.confirm.outboxMs} ms`)} | after the answer |`,
  ].join('\n');
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(
    path.join(DATA, 'worst-tender.json'),
    JSON.stringify({ runs, at: new Date().toISOString() }, null, 2),
  );
  return { table, runs };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await benchWorstTender();
  console.log(`\n${table}`);
}
