// Scale data for the report benchmarks: 100,000 tenders with 1,000,000 lines (10 per tender) on top of the demo
// data set, shaped like a year and a half of real buying: tenders start every 10 minutes back from now (~694
// days); half are ORDERED, the rest spread over the other states. Every line of a FINISHED, CHOOSING, ORDERED or
// FAILED tender has two offers from 50 bench suppliers (each tender draws on 4 of them), 19 of 20 lines of an
// ORDERED tender have a winner, and each winning company of a tender has its purchase order. Set-based SQL in one
// transaction; skipped when the data is there. Inserted with the triggers off (session_replication_role = replica:
// no trigger and no foreign-key check per statement), the counters, report summaries and roll-ups the triggers keep
// then rebuilt in one set-based pass (bench/scale-derived.ts) and compared with a recount (report_refresh, count(*))
// on a sample of tenders. Usage: DATABASE_URL=postgres://… node bench/reports-scale-data.ts [tenders]
import pg from 'pg';
import { checkedGeneration, finishGeneration, loggedStep } from './scale-derived.ts';

export async function generateReportScale(url: string, tenders = 100_000, linesPerTender = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  const step = loggedStep(client);
  try {
    const { rows } = await client.query(`select count(*)::int n from tenders where tender_code like 'R-%'`);
    if (rows[0].n >= tenders) return { skipped: true, ms: 0 };
    if (rows[0].n > 0)
      throw new Error(`a partial report data set is there (${rows[0].n} tenders): use a fresh database`);
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await step(
      'suppliers',
      `insert into suppliers (name, registration_code, email, is_new, is_active)
       select 'Bench Supplier ' || lpad(g::text, 3, '0'), 'BS' || lpad(g::text, 6, '0'), 'bench' || g || '@example.test', false, true
       from generate_series(1, 50) g`,
    );
    await step(
      'supplier groups',
      `insert into supplier_groups (supplier_id, group_id)
       select s.id, g.id from suppliers s cross join groups g where s.registration_code like 'BS%' on conflict do nothing`,
    );
    await step(
      'tenders',
      `with w as (select array_agg(id order by id) ids, array_agg(group_id order by id) gids from warehouses),
            u as (select array_agg(id order by id) ids from users where "group" <> 'SUPPLIER'),
            g as (select g,
                         case when g % 20 < 10 then 'ORDERED' when g % 20 = 10 then 'FAILED' when g % 20 = 11 then 'FINISHED'
                              when g % 20 = 12 then 'CHOOSING' when g % 20 = 13 then 'ACTIVE' when g % 20 = 14 then 'WAITING'
                              when g % 20 in (15, 16) then 'DRAFT' else 'CANCELED' end status,
                         now() - make_interval(mins => g * 10) t
                  from generate_series(1, $1::int) g)
       insert into tenders (tender_code, start, finish, status, warehouse_id, group_id, creator_id, approver_id, approved,
                            additional_info, created, updated)
       select 'R-' || lpad(g.g::text, 7, '0'),
              case when g.status = 'WAITING' then now() + interval '1 day' else g.t end,
              case when g.status = 'WAITING' then now() + interval '3 days'
                   when g.status = 'ACTIVE' then now() + interval '7 days' else g.t + interval '2 days' end,
              g.status, w.ids[1 + g.g % array_length(w.ids, 1)], w.gids[1 + g.g % array_length(w.ids, 1)],
              u.ids[1 + g.g % array_length(u.ids, 1)],
              case when g.status in ('ORDERED', 'FAILED') then u.ids[1 + (g.g / 8) % array_length(u.ids, 1)] end,
              case when g.status in ('ORDERED', 'FAILED') then g.t + interval '3 days' end,
              '', g.t - interval '1 day', g.t
       from g, w, u`,
      [tenders],
    );
    await step(
      'lines',
      `with p as (select array_agg(id order by id) ids from parts)
       insert into details (part_id, warehouse_id, replenishment_qty, replacement_qty, qty, status, tender_id, created, updated)
       select p.ids[1 + (t.id * 7 + k) % array_length(p.ids, 1)], t.warehouse_id, (1 + k % 9)::numeric, 0, (1 + k % 9)::numeric,
              case when t.status = 'ORDERED' then 'ORDERED' when t.status in ('CANCELED', 'FAILED') then 'FAILED' else 'WAITING' end,
              t.id, t.created, t.created
       from tenders t cross join generate_series(1, $1::int) k, p
       where t.tender_code like 'R-%'`,
      [linesPerTender],
    );
    await step(
      'offers',
      `with s as (select array_agg(id order by id) ids from suppliers where registration_code like 'BS%'),
            pr as (select array_agg(id order by id) ids from producers)
       insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code, available_qty,
                              delivery_date, created, updated)
       select d.tender_id, d.id, s.ids[1 + (t.id * 7 + (d.id + j) % 4) % 50], pr.ids[1 + (d.id + j) % array_length(pr.ids, 1)],
              round((10 + (d.id * 37 + j * 13) % 5000)::numeric / 7, 4), 'PC-' || d.id || '-' || j, lpad((d.id % 999999999)::text, 13, '0'),
              d.qty, (t.finish + interval '10 days')::date, t.start, t.start
       from details d join tenders t on t.id = d.tender_id cross join generate_series(0, 1) j, s, pr
       where t.tender_code like 'R-%' and t.status in ('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')`,
    );
    await step(
      'winners',
      `insert into winners (detail_id, proposal_id, amount, reason, created, updated)
       select p.detail_id, p.id, d.qty, (array['PRICE','DUE DATE','PRODUCER','TEST'])[1 + d.id % 4], t.approved, t.approved
       from proposals p join details d on d.id = p.detail_id join tenders t on t.id = p.tender_id
       where t.tender_code like 'R-%' and t.status = 'ORDERED' and p.product_code like '%-0' and d.id % 20 <> 0`,
    );
    await step(
      'purchase orders',
      `insert into purchase_orders (tender_id, supplier_id, order_code, created)
       select x.tender_id, x.supplier_id, t.tender_code || '-' || lpad(row_number() over (partition by x.tender_id order by x.supplier_id)::text, 2, '0'), t.approved
       from (select distinct p.tender_id, p.supplier_id from winners w join proposals p on p.id = w.proposal_id) x
       join tenders t on t.id = x.tender_id
       where t.tender_code like 'R-%'`,
    );
    await finishGeneration('R-', step, [
      'suppliers',
      'tenders',
      'details',
      'proposals',
      'winners',
      'purchase_orders',
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
  return checkedGeneration(url, 'R-', t0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  console.log(await generateReportScale(url, Number(process.argv[2] ?? 100_000)));
}
