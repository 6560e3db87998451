// `npm run bench` runs every benchmark in turn and prints each one's table with its target beside the figures;
// `npm run bench -- list offers` runs only the named ones. Raw results go to bench/.data/*.json.
//   start   cold start on a seeded embedded database (bench/start.ts)               target < 3 s
//   api     50 clients on small list pages and login (bench/api.ts)                   (context only)
//   list    tender list page CPU, pgbench beside it, open loop (bench/list-cpu.ts)    ≤ 2 ms CPU; p99 < 50 ms at 400/s
//   offers  500 companies × 20 lines in the last minute (bench/offer-burst.ts)        0 lost/doubled/late; ≤ 5 ms CPU; p99 < 150 ms
//   view    tender view and the supplier offer form in Chromium (bench/tender-view.ts) first rows < 1.0 s; typing p95 < 30 ms
//   web     first load: compressed JS, Lighthouse (bench/first-load.ts)               ≤ 150 KB; score ≥ 0.9
//   faults  the database stopped for 20 s; a tender row held (bench/faults.ts)         503 within 5 s; unrelated < 1 s
//   worst   winner saves and the confirm on a tender of 2,000 lines × 150 offers       save < 50 ms PostgreSQL CPU,
//           (bench/worst-tender.ts; BENCH_BEFORE_ROOT measures another checkout too)   ≤ 2× a 5-offer tender's; confirm < 10 s
//   suggest award suggestions, applying them, the confirm and a part's price history    suggestions < 1.5 s; confirm < 10 s
//           on the worst tender (bench/suggestions.ts)
//   growth  every list ordering, search and deep page, the reports over a year, the   CPU per call at 10× ≤ 1.5× 1×
//           pre-order, parts and supplier lists at 1× and 10× history (bench/list-growth.ts; data by growth-data.ts)
//   worstview  the buyer's view and the comparison matrix on that tender, in Chromium   answers ≤ 2 MB; first rows ≤ 1.5 s;
//           (bench/worst-view.ts; BENCH_SERVER_ROOT, BENCH_WEB_DIST: another checkout)  two buyers < 400 MB server memory
// The machine's load average is printed with every table: wall-clock figures follow it, CPU times hardly do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.ts';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;

const benches: Record<string, () => Promise<string>> = {
  start: async () => {
    const { benchStart } = await import('./start.ts');
    const s = await benchStart();
    return [
      '| measure | result | target |',
      '|---|---|---|',
      `| cold start to healthy, seeded embedded DB (${s.runs.length} runs) | median ${s.medianMs} ms, max ${s.maxMs} ms (process CPU median ${s.cpuMedianMs} ms) | < 3 s: ${s.medianMs < 3000 ? 'met' : 'not met'} |`,
      `| first start, empty DATA_DIR (migrate + demo seed) | ${s.firstStartMs} ms (process CPU ${s.firstStartCpuMs} ms) | |`,
    ].join('\n');
  },
  api: async () => {
    const { benchApi } = await import('./api.ts');
    const api = await benchApi();
    return [
      `${api.connections} concurrent clients, ${api.durationSeconds} s per endpoint (closed loop; context, no target)`,
      '',
      '| endpoint | rows | p50 | p90 | p99 | max | req/s | errors | server CPU/request |',
      '|---|---|---|---|---|---|---|---|---|',
      ...api.results.map(
        (r) =>
          `| ${r.name} | ${r.rows ?? '–'} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.max} ms | ${r.rps} | ${r.non2xx + r.errors} | ${r.cpuMsPerRequest} ms |`,
      ),
    ].join('\n');
  },
  list: async () => (await (await import('./list-cpu.ts')).benchListCpu()).table,
  faults: async () => (await import('./faults.ts')).benchFaults(),
  offers: async () => {
    const { benchOfferBurst } = await import('./offer-burst.ts');
    const s = (await benchOfferBurst()) as unknown as {
      burst: Record<string, number>;
      bell: Record<string, number>;
      problems: string[];
      triggers: Record<string, number> | null;
      underLoad: Record<string, number>;
      idleWake: Record<'js' | 'http', Record<string, number>>;
    };
    const cpu = s.burst.serverCpuMsPerRequest + s.burst.dbCpuMsPerRequest;
    return [
      '| measure | result | target |',
      '|---|---|---|',
      `| lost / doubled / late | ${s.problems.length ? s.problems.join('; ') : '0 / 0 / 0'} | 0: ${s.problems.length ? 'not met' : 'met'} |`,
      `| CPU per offer set (server + PostgreSQL) at the burst's arrival rate | ${s.burst.serverCpuMsPerRequest} + ${s.burst.dbCpuMsPerRequest} ms | ≤ 5 ms: ${cpu <= 5 ? 'met' : 'not met'} |`,
      `| the same offer sets on another tender at once (${s.underLoad.inFlight} in flight, the last of ${s.underLoad.rounds} rounds): CPU per set | ${s.underLoad.serverCpuMsPerRequest} + ${s.underLoad.dbCpuMsPerRequest} ms (${s.underLoad.perSecond} sets/s) | |`,
      `| this machine: the same JavaScript every ${s.idleWake.js.gapMs} ms (the burst's spacing) against back to back | ${s.idleWake.js.spacedMs} against ${s.idleWake.js.backToBackMs} ms CPU: ${s.idleWake.js.factor}× | |`,
      `| this machine: a bare Node HTTP server's answer every ${s.idleWake.http.gapMs} ms against back to back | ${s.idleWake.http.spacedMs} against ${s.idleWake.http.backToBackMs} ms CPU: ${s.idleWake.http.factor}× | |`,
      `| latency at the burst's arrival rate (${s.burst.offersPerSecond}/s) | p50 ${s.burst.p50} ms, p99 ${s.burst.p99} ms | p99 < 150 ms: ${s.burst.p99 < 150 ? 'met' : 'not met'} |`,
      `| closing bell: sent in time / accepted / refused late | ${s.bell.sentBeforeFinish} / ${s.bell.accepted} / ${s.bell.refusedDeadline} | |`,
      `| triggers on one offer set (delete + insert of 20 lines) | ${
        s.triggers
          ? Object.entries(s.triggers)
              .filter(([k]) => !k.startsWith('RI_'))
              .map(([k, v]) => `${k} ${v} ms`)
              .join(', ')
          : '–'
      } | |`,
    ].join('\n');
  },
  view: async () => {
    const { benchTenderView } = await import('./tender-view.ts');
    const r = (await benchTenderView()) as unknown as {
      views: {
        name: string;
        firstRowMs: number;
        mainThreadCpuMs: number | null;
        api: { kb: number };
        typing?: { p95: number; p50: number };
        returningFirstRowMs: number;
      }[];
    };
    return [
      '| view | first row (median of 3) | returning visit: first row (median of 3) | page main thread CPU until the first row | lines answer | typing p50 / p95 | target |',
      '|---|---|---|---|---|---|---|',
      ...r.views.map(
        (v) =>
          `| ${v.name} | ${v.firstRowMs} ms | ${v.returningFirstRowMs} ms | ${v.mainThreadCpuMs ?? '–'} ms | ${v.api.kb} KiB | ${v.typing ? `${v.typing.p50} / ${v.typing.p95} ms` : '–'} | ${v.typing ? `first rows < 1.0 s: ${v.firstRowMs < 1000 ? 'met' : 'not met'}; typing p95 < 30 ms: ${v.typing.p95 < 30 ? 'met' : 'not met'}` : ''} |`,
      ),
    ].join('\n');
  },
  web: async () => (await (await import('./first-load.ts')).benchFirstLoad()).table,
  worst: async () => (await (await import('./worst-tender.ts')).benchWorstTender()).table,
  suggest: async () => (await (await import('./suggestions.ts')).benchSuggestions()).table,
  growth: async () => (await (await import('./list-growth.ts')).benchListGrowth()).table,
  worstview: async () => (await (await import('./worst-view.ts')).benchWorstView()).table,
};

const names = process.argv.slice(2).filter((a) => a in benches);
const unknown = process.argv.slice(2).filter((a) => !(a in benches));
if (unknown.length) {
  console.error(
    `unknown benchmark(s): ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`,
  );
  process.exit(2);
}
const out: string[] = [`Machine: ${machine}; ${new Date().toISOString()}`];
for (const name of names.length ? names : Object.keys(benches)) {
  const before = load();
  console.log(`\n=== ${name} (load average ${before})`);
  try {
    const table = await benches[name]();
    out.push('', `### ${name} (load average ${before} → ${load()})`, '', table);
  } catch (err) {
    out.push('', `### ${name}: failed: ${err}`);
  }
}
console.log(`\n${out.join('\n')}`);
fs.mkdirSync(path.join(ROOT, 'bench/.data'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench/.data/summary.md'), `${out.join('\n')}\n`);
