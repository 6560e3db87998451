// Scale data for the tender benchmarks: 100,000 tenders with 1,000,000 lines (10 per tender), one offer on every
// tenth line of every started tender and a winner on each offer of an ORDERED tender, generated in SQL on
// PostgreSQL on top of the demo data set. Tender codes 'B-0000001'…; the run is skipped when they are there.
// Times are consistent with the statuses, so the server's scheduler finds nothing to move: tenders start every
// 5 minutes back from now (~347 days), last 2 days; ACTIVE ones end 7 days from now, WAITING ones start tomorrow.
// Inserted with the triggers off (session_replication_role = replica: no trigger and no foreign-key check per
// statement), the counters and report summaries the triggers keep then rebuilt in one set-based pass
// (bench/scale-derived.ts) and compared with a recount on a sample of tenders. Each step's time is printed.
// Usage: DATABASE_URL=postgres://… node bench/tenders-scale-data.ts [tenders]
import pg from 'pg';
import { checkedGeneration, finishGeneration, loggedStep } from './scale-derived.ts';

export async function generateTenderScale(url: string, tenders = 100_000, linesPerTender = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  const step = loggedStep(client);
  try {
    const { rows } = await client.query(`select count(*)::int n from tenders where tender_code like 'B-%'`);
    if (rows[0].n >= tenders) return { skipped: true, ms: 0 };
    if (rows[0].n > 0)
      throw new Error(`a partial scale data set is there (${rows[0].n} tenders): use a fresh database`);
    await client.query('begin');
    // One transaction, the triggers off in it (set local: back on at commit).
    await client.query('set local session_replication_role = replica');
    await step(
      'tenders',
      `
      with w as (select array_agg(id order by id) ids, array_agg(group_id order by id) gids from warehouses),
           u as (select array_agg(id order by id) ids from users where "group" <> 'SUPPLIER'),
           g as (select g, (array['DRAFT','WAITING','ACTIVE','FINISHED','CHOOSING','ORDERED','CANCELED','FAILED'])[1 + g % 8] status,
                        now() - make_interval(mins => g * 5) t from generate_series(1, $1::int) g)
      insert into tenders (tender_code, start, finish, status, warehouse_id, group_id, creator_id, approver_id, approved,
                           additional_info, created, updated)
      select 'B-' || lpad(g.g::text, 7, '0'),
             case when g.status = 'WAITING' then now() + interval '1 day' else g.t end,
             case when g.status = 'WAITING' then now() + interval '3 days'
                  when g.status = 'ACTIVE' then now() + interval '7 days' else g.t + interval '2 days' end,
             g.status,
             w.ids[1 + g.g % array_length(w.ids, 1)], w.gids[1 + g.g % array_length(w.ids, 1)],
             u.ids[1 + g.g % array_length(u.ids, 1)],
             case when g.status in ('ORDERED','FAILED') then u.ids[1 + (g.g / 8) % array_length(u.ids, 1)] end,
             case when g.status in ('ORDERED','FAILED') then g.t + interval '3 days' end,
             '', g.t - interval '1 day', g.t
      from g, w, u`,
      [tenders],
    );
    await step(
      'lines',
      `
      with p as (select array_agg(id order by id) ids from parts)
      insert into details (part_id, warehouse_id, replenishment_qty, replacement_qty, status, tender_id, created, updated)
      select p.ids[1 + (t.id * 7 + k) % array_length(p.ids, 1)], t.warehouse_id, (1 + k % 9)::numeric, 0,
             case when t.status = 'ORDERED' then 'ORDERED' when t.status in ('CANCELED','FAILED') then 'FAILED' else 'WAITING' end,
             t.id, t.created, t.created
      from tenders t cross join generate_series(1, $1::int) k, p
      where t.tender_code like 'B-%'`,
      [linesPerTender],
    );
    await step(
      'offers',
      `
      with s as (select array_agg(id order by id) ids from suppliers where is_active),
           pr as (select array_agg(id order by id) ids from producers)
      insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code, available_qty, delivery_date, created, updated)
      select d.tender_id, d.id, s.ids[1 + d.id % array_length(s.ids, 1)], pr.ids[1 + d.id % array_length(pr.ids, 1)],
             round((10 + d.id % 500)::numeric / 7, 4), 'PC-' || d.id, lpad((d.id % 9999999999999)::text, 13, '0'), d.replenishment_qty,
             (d.created + interval '10 days')::date, d.created, d.created
      from details d join tenders t on t.id = d.tender_id, s, pr
      where d.id % 10 = 0 and t.tender_code like 'B-%' and t.status not in ('DRAFT','WAITING','CANCELED')`,
    );
    await step(
      'winners',
      `
      insert into winners (detail_id, proposal_id, amount, reason, created, updated)
      select p.detail_id, p.id, p.available_qty, 'PRICE', t.approved, t.approved
      from proposals p join tenders t on t.id = p.tender_id
      where t.tender_code like 'B-%' and t.status = 'ORDERED'`,
    );
    await finishGeneration('B-', step, [
      'tenders',
      'details',
      'proposals',
      'winners',
      'tender_counts',
      'tender_supplier_counts',
      'report_tender_suppliers',
      'report_lines',
      'report_supplier_months',
      'report_line_months',
    ]);
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return checkedGeneration(url, 'B-', t0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  console.log(await generateTenderScale(url, Number(process.argv[2] ?? 100_000)));
}
