// `npm run bench`: cold start and API load benchmarks, then a Markdown summary (paste into BENCHMARKS.md).
// Results are also written to bench/.data/results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApi } from './api.ts';
import { ROOT } from './lib.ts';
import { benchStart } from './start.ts';

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ')}`;
console.log(`machine: ${machine}\n`);
const start = await benchStart();
console.log('');
const api = await benchApi();

const lines = [
  `Machine: ${machine}; ${new Date().toISOString()}; load average at the end ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
  '',
  '| measure | result |',
  '|---|---|',
  `| first start, empty DATA_DIR (migrate + demo seed) | ${start.firstStartMs} ms (process CPU ${start.firstStartCpuMs} ms) |`,
  `| cold start to healthy, seeded embedded DB (${start.runs.length} runs) | median ${start.medianMs} ms, max ${start.maxMs} ms (process CPU median ${start.cpuMedianMs} ms) |`,
  '',
  `API on PostgreSQL, ${api.connections} concurrent clients, ${api.durationSeconds} s per endpoint:`,
  '',
  '| endpoint | rows | p50 | p90 | p99 | max | req/s | errors | server CPU/request |',
  '|---|---|---|---|---|---|---|---|---|',
  ...api.results.map(
    (r) =>
      `| ${r.name} | ${r.rows ?? '–'} | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.max} ms | ${r.rps} | ${r.non2xx + r.errors} | ${r.cpuMsPerRequest} ms |`,
  ),
];
console.log(`\n${lines.join('\n')}`);
fs.mkdirSync(path.join(ROOT, 'bench/.data'), { recursive: true });
fs.writeFileSync(
  path.join(ROOT, 'bench/.data/results.json'),
  JSON.stringify({ machine, start, api }, null, 2),
);
