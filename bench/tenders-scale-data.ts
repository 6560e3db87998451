// Scale data for the tender benchmarks: 100,000 tenders with 1,000,000 lines (10 per tender) and offers on
// every tenth line, generated in SQL on PostgreSQL on top of the demo data set.
// Usage: DATABASE_URL=postgres://… node bench/tenders-scale-data.ts
import pg from 'pg';

export async function generateTenderScale(url: string, tenders = 100_000, linesPerTender = 10) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  try {
    const { rows } = await client.query(`select count(*)::int n from tenders where tender_code like 'B-%'`);
    if (rows[0].n >= tenders) return { skipped: true, ms: 0 };
    await client.query('begin');
    await client.query(`
      with w as (select array_agg(id order by id) ids, array_agg(group_id order by id) gids from warehouses),
           u as (select array_agg(id order by id) ids from users where "group" <> 'SUPPLIER')
      insert into tenders (tender_code, start, finish, status, warehouse_id, group_id, creator_id, additional_info, created, updated)
      select 'B-' || lpad(g::text, 7, '0'),
             now() - make_interval(mins => g * 5),
             now() - make_interval(mins => g * 5) + interval '2 days',
             (array['DRAFT','WAITING','ACTIVE','FINISHED','CHOOSING','ORDERED','CANCELED','FAILED'])[1 + g % 8],
             w.ids[1 + g % array_length(w.ids, 1)], w.gids[1 + g % array_length(w.ids, 1)],
             u.ids[1 + g % array_length(u.ids, 1)], '', now() - make_interval(mins => g * 5), now() - make_interval(mins => g * 5)
      from generate_series(1, $1::int) g, w, u`, [tenders]);
    await client.query(`
      with p as (select array_agg(id order by id) ids from parts)
      insert into details (part_id, warehouse_id, replenishment_qty, replacement_qty, status, tender_id, created, updated)
      select p.ids[1 + (t.id * 7 + k) % array_length(p.ids, 1)], t.warehouse_id, (1 + k % 9)::numeric, 0,
             case when t.status = 'ORDERED' then 'ORDERED' when t.status in ('CANCELED','FAILED') then 'FAILED' else 'WAITING' end,
             t.id, t.created, t.created
      from tenders t cross join generate_series(1, $1::int) k, p
      where t.tender_code like 'B-%'`, [linesPerTender]);
    await client.query(`
      with s as (select array_agg(id order by id) ids from suppliers),
           pr as (select array_agg(id order by id) ids from producers)
      insert into proposals (tender_id, detail_id, supplier_id, producer_id, price, product_code, ean_code, available_qty, delivery_date, created, updated)
      select d.tender_id, d.id, s.ids[1 + d.id % array_length(s.ids, 1)], pr.ids[1 + d.id % array_length(pr.ids, 1)],
             (10 + d.id % 500)::numeric / 7, 'PC-' || d.id, lpad((d.id % 9999999999999)::text, 13, '0'), d.replenishment_qty,
             (d.created + interval '10 days')::date, d.created, d.created
      from details d, s, pr
      where d.id % 10 = 0 and d.tender_id is not null and d.status in ('ORDERED','FAILED','WAITING')
        and exists (select 1 from tenders t where t.id = d.tender_id and t.tender_code like 'B-%' and t.status not in ('DRAFT','WAITING'))`);
    await client.query('commit');
    await client.query('analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return { skipped: false, ms: Date.now() - t0 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  console.log(await generateTenderScale(url));
}
