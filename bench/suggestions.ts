// Award suggestions and price history on the worst tender (issue 33): the tenders of bench/worst-tender.ts (2,000
// lines × 50 companies × 3 offer lines = 300,000 offers, beside 2,000 × 5) on PostgreSQL (database
// portal_bench_suggest, made anew), the real server (port BENCH_SUGGEST_PORT, default 3812):
//   - GET /api/tenders/{id}/award_suggestions/ on both tenders: answer time (median and max of 5 after a warm-up)
//     and the answer's size;
//   - applying every suggestion as the web's "Apply suggestions" does (one POST /api/tenders/{id}/apply_suggestions/),
//     then the confirm of the whole tender (PATCH /api/tenders/{id}/ to ORDERED);
//   - the order exports of the confirmed tender (GET …/export_excel/ and …/export_pdf/, as a buyer: every order);
//   - GET /api/parts/{id}/price_history/ of a part ordered in that tender (median of 20).
//   node bench/suggestions.ts
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import type { AwardSuggestion } from '../packages/shared/src/index.ts';
import { median, ROOT, spawnServer, waitHealthy } from './lib.ts';
import { createDb, dbUrl, dropDb, login, machineLine } from './tenders-list.ts';
import { buildData } from './worst-tender.ts';

const PORT = Number(process.env.BENCH_SUGGEST_PORT ?? 3812);
const DB = process.env.BENCH_SUGGEST_DB ?? 'portal_bench_suggest';
const DATA = path.join(ROOT, 'bench/.data');

async function timed<T>(fn: () => Promise<T>) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

export async function benchSuggestions() {
  await createDb(DB, true);
  const url = dbUrl(DB);
  const migrated = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/src/db/migrate-cli.ts')], {
    cwd: path.join(ROOT, 'apps/server'),
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (migrated.status !== 0) throw new Error('migrations failed');
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await seedDemo(database.db);
  } finally {
    await database.close();
  }
  const data = await buildData(url);
  const server = spawnServer(
    { DATABASE_URL: url, DATA_DIR: '/tmp/portal-bench-suggest', SEED_DEMO: 'never' },
    PORT,
  );
  try {
    await waitHealthy(server, performance.now());
    const token = await login(server, 'admin@demo.ee');
    const headers = { authorization: `Token ${token}`, 'content-type': 'application/json' };
    const get = async (p: string) => {
      const res = await fetch(`${server.url}${p}`, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`${p}: ${res.status} ${text.slice(0, 200)}`);
      return text;
    };
    const suggest = async (tender: number) => {
      await get(`/api/tenders/${tender}/award_suggestions/`); // warm-up
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const r = await timed(() => get(`/api/tenders/${tender}/award_suggestions/`));
        times.push(r.ms);
        bytes = r.out.length;
      }
      return {
        median: Math.round(median(times)),
        max: Math.round(Math.max(...times)),
        kb: Math.round(bytes / 1024),
      };
    };
    const ordinary = await suggest(data.ordinary);
    console.log('suggestions W5', ordinary);
    const worst = await suggest(data.worst);
    console.log('suggestions W50', worst);

    // apply every suggestion as the web does, then confirm
    const list = JSON.parse(await get(`/api/tenders/${data.worst}/award_suggestions/`)) as AwardSuggestion[];
    const toApply = list.filter((s) => s.winners.length && !s.needs_confirmation).length;
    const failed: string[] = [];
    let applied = 0;
    const apply = await timed(async () => {
      const res = await fetch(`${server.url}/api/tenders/${data.worst}/apply_suggestions/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({}),
      });
      const out = (await res.json()) as { applied: number };
      if (!res.ok) throw new Error(`apply: ${res.status} ${JSON.stringify(out)}`);
      applied = out.applied;
      if (applied !== toApply) failed.push(`${toApply - applied} not applied`);
    });
    console.log('apply', Math.round(apply.ms), 'ms', failed.length, 'failed');
    const confirm = await timed(async () => {
      const res = await fetch(`${server.url}/api/tenders/${data.worst}/`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 'ORDERED' }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`confirm: ${res.status}`);
    });
    console.log('confirm', Math.round(confirm.ms), 'ms');

    // the order exports of the confirmed tender (every company's orders: the buyer's download)
    const exportOf = async (kind: 'excel' | 'pdf') => {
      let kb = 0;
      const r = await timed(async () => {
        const res = await fetch(`${server.url}/api/tenders/${data.worst}/export_${kind}/`, { headers });
        const body = await res.arrayBuffer();
        if (!res.ok) throw new Error(`export ${kind}: ${res.status}`);
        kb = Math.round(body.byteLength / 1024);
      });
      return { ms: Math.round(r.ms), kb };
    };
    const xlsx = await exportOf('excel');
    const pdf = await exportOf('pdf');
    console.log('exports', { xlsx, pdf });

    // the price history of a part the worst tender has just ordered (each part is on several of its lines)
    const lines = JSON.parse(await get(`/api/details/?tender=${data.worst}&page_size=1`)) as {
      results: { part: number }[];
    };
    const part = lines.results[0].part;
    const historyTimes: number[] = [];
    let orders = 0;
    for (let i = 0; i < 21; i++) {
      const r = await timed(() => get(`/api/parts/${part}/price_history/`));
      if (i) historyTimes.push(r.ms);
      orders = (JSON.parse(r.out) as { orders: unknown[] }).orders.length;
    }
    const history = Math.round(median(historyTimes));
    const table = [
      `Machine: ${machineLine()}`,
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| award suggestions, 2,000 lines × 5 offers: median / max of 5 | ${ordinary.median} / ${ordinary.max} ms (${ordinary.kb} KB) | |`,
      `| award suggestions, 2,000 lines × 150 offers (300,000): median / max of 5 | ${worst.median} / ${worst.max} ms (${worst.kb} KB) | < 1.5 s: ${worst.max < 1500 ? 'met' : 'not met'} |`,
      `| applying the suggestions in one call (POST apply_suggestions, ${applied} of 2,000 lines) | ${Math.round(apply.ms)} ms${failed.length ? `, ${failed.join('; ')}` : ''} | |`,
      `| confirm of the applied suggestions (2,000 lines) | ${Math.round(confirm.ms)} ms | < 10 s: ${confirm.ms < 10_000 ? 'met' : 'not met'} |`,
      `| order exports of that tender, xlsx / pdf: time, size | ${xlsx.ms} ms, ${xlsx.kb} KiB / ${pdf.ms} ms, ${pdf.kb} KiB | < 10 s each: ${Math.max(xlsx.ms, pdf.ms) < 10_000 ? 'met' : 'not met'} |`,
      `| price history of a part (${orders} orders shown): median of 20 | ${history} ms | |`,
    ].join('\n');
    fs.mkdirSync(DATA, { recursive: true });
    fs.writeFileSync(
      path.join(DATA, 'suggestions.json'),
      JSON.stringify(
        { ordinary, worst, applyMs: apply.ms, failed, confirmMs: confirm.ms, xlsx, pdf, history },
        null,
        2,
      ),
    );
    return { table };
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP_DB) await dropDb(DB);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { table } = await benchSuggestions();
  console.log(`\n${table}`);
}
