// The rows the triggers keep (tender list counters of 0005/0008/0014, report summaries and monthly roll-ups of
// 0003/0006/0014) rebuilt in one set-based pass, for the scale data generators that insert with the triggers off
// (`session_replication_role = replica`: no statement triggers and no foreign-key checks, so ten million lines go in
// as fast as their indexes allow). The statements are those of the migrations' recounts (0005's first fill of the
// counters, report_refresh's summary rows, 0006's first fill of the roll-ups) over the generated tenders at once;
// `checkDerived` then compares a sample of tenders with what the project's own functions give (report_refresh, a
// plain count), in a transaction it rolls back.
const SUMMARY_STATUSES = `('FINISHED', 'CHOOSING', 'ORDERED', 'FAILED')`;

type Step = (label: string, text: string, params?: unknown[]) => Promise<unknown>;

/** A statement of the generator on its client, logged with the rows it touched and its time. */
export function loggedStep(client: { query: (text: string, params?: unknown[]) => Promise<unknown> }): Step {
  return async (label, text, params = []) => {
    const s = Date.now();
    const r = (await client.query(text, params)) as
      | { rowCount?: number | null }
      | { rowCount?: number | null }[];
    const n = Array.isArray(r) ? r.reduce((a, x) => a + (x.rowCount ?? 0), 0) : (r.rowCount ?? 0);
    console.log(`  ${label}: ${n} rows in ${Date.now() - s} ms`);
    return r;
  };
}

/**
 * The end of a generation's transaction: what the triggers would have kept rebuilt, the choose clock settled, the
 * commit, and `tables` vacuumed and analysed for the planner.
 */
export async function finishGeneration(prefix: string, step: Step, tables: string[]) {
  await rebuildDerived(prefix, step);
  await settleChooseClock(prefix, step);
  await step('commit', 'commit');
  for (const table of tables) await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`);
}

/** After the commit: the rebuilt rows of a sample checked against a recount, and the generation's time. */
export async function checkedGeneration(url: string, prefix: string, t0: number) {
  const ms = Date.now() - t0;
  const c = Date.now();
  const checked = await checkDerived(url, prefix);
  console.log(
    `  check: counters and report rows of ${checked} tenders equal a recount (${Date.now() - c} ms)`,
  );
  return { skipped: false, ms };
}

/**
 * Counters and report summaries of the tenders whose code starts with `prefix` (inserted with the triggers off and
 * without any derived row), and the monthly roll-ups of every summary. Runs in the caller's transaction, which must
 * still have `session_replication_role = replica` (else the deferred pair → tender trigger would add the pairs'
 * totals to tender_counts a second time at commit).
 */
export async function rebuildDerived(
  prefix: string,
  step: (label: string, text: string) => Promise<unknown>,
) {
  const mine = `t.tender_code like '${prefix}%'`;
  await step(
    'counters: tender_counts',
    `insert into tender_counts (tender_id, details, failed_bc, proposals, winners)
     select t.id, coalesce(d.n, 0), coalesce(d.f, 0), coalesce(p.n, 0), coalesce(w.n, 0)
     from tenders t
     left join (select tender_id, count(*)::int n, (count(*) filter (where bc_status = 'error'))::int f
                from details where tender_id is not null group by tender_id) d on d.tender_id = t.id
     left join (select tender_id, count(*)::int n from proposals group by tender_id) p on p.tender_id = t.id
     left join (select pr.tender_id, count(*)::int n from winners v join proposals pr on pr.id = v.proposal_id
                group by pr.tender_id) w on w.tender_id = t.id
     where ${mine}
     on conflict (tender_id) do update set details = excluded.details, failed_bc = excluded.failed_bc,
       proposals = excluded.proposals, winners = excluded.winners`,
  );
  await step(
    'counters: tender_supplier_counts',
    `insert into tender_supplier_counts (tender_id, supplier_id, proposals, winners, first_created, last_updated)
     select p.tender_id, p.supplier_id, count(*)::int, coalesce(sum(w.n), 0)::int, min(p.created), max(p.updated)
     from proposals p join tenders t on t.id = p.tender_id
     left join (select proposal_id, count(*) n from winners group by proposal_id) w on w.proposal_id = p.id
     where ${mine}
     group by p.tender_id, p.supplier_id`,
  );
  // report_refresh's two statements (0006), over every generated tender instead of an id list.
  await step(
    'reports: report_tender_suppliers',
    `insert into report_tender_suppliers (tender_id, supplier_id, group_id, tender_start, tender_code, status, order_id,
                                          order_code, first_proposal_id, proposals, details, qty, total)
     select p.tender_id, p.supplier_id, t.group_id, t.start, t.tender_code, t.status, po.id, po.order_code,
            min(p.id), count(*)::int,
            (count(distinct w.detail_id) filter (where w.id is not null and t.status = 'ORDERED'))::int,
            coalesce(sum(w.amount) filter (where t.status = 'ORDERED'), 0),
            coalesce(sum(round(w.amount * p.price, 2)) filter (where t.status = 'ORDERED'), 0)
     from proposals p
     join tenders t on t.id = p.tender_id
     left join winners w on w.proposal_id = p.id
     left join purchase_orders po on po.tender_id = p.tender_id and po.supplier_id = p.supplier_id
     where ${mine} and t.status in ${SUMMARY_STATUSES}
     group by p.tender_id, p.supplier_id, t.group_id, t.start, t.tender_code, t.status, po.id, po.order_code`,
  );
  await step(
    'reports: report_lines',
    `insert into report_lines (detail_id, tender_id, group_id, tender_start, tender_code, part_id, part_code, min_price,
                               max_price, prices, reasons, qty, total)
     select p.detail_id, p.tender_id, t.group_id, t.start, t.tender_code, d.part_id, pt.code, min(p.price), max(p.price),
            coalesce(array_agg(p.price::text order by p.price, w.id) filter (where w.id is not null and t.status = 'ORDERED'), '{}'),
            coalesce(array_agg(distinct w.reason) filter (where w.id is not null and t.status = 'ORDERED'), '{}'),
            coalesce(sum(w.amount) filter (where t.status = 'ORDERED'), 0),
            coalesce(sum(round(w.amount * p.price, 2)) filter (where t.status = 'ORDERED'), 0)
     from proposals p
     join tenders t on t.id = p.tender_id
     join details d on d.id = p.detail_id
     join parts pt on pt.id = d.part_id
     left join winners w on w.proposal_id = p.id
     where ${mine} and t.status in ${SUMMARY_STATUSES}
     group by p.detail_id, p.tender_id, t.group_id, t.start, t.tender_code, d.part_id, pt.code`,
  );
  // The roll-ups are exact sums of the summaries (0006): recomputed whole, as 0006 first filled them.
  await step(
    'reports: roll-ups emptied',
    'delete from report_supplier_months; delete from report_line_months',
  );
  await step(
    'reports: report_supplier_months',
    `insert into report_supplier_months (month, group_id, supplier_id, tenders, proposals, won_tenders, won_proposals,
                                         details, total, orders, order_details, order_qty, order_total)
     select date_trunc('month', r.tender_start at time zone 'Europe/Tallinn')::date, r.group_id, r.supplier_id,
            count(*), sum(r.proposals), count(*) filter (where r.details > 0),
            coalesce(sum(r.proposals) filter (where r.details > 0), 0), sum(r.details), sum(r.total),
            count(*) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'),
            coalesce(sum(r.details) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0),
            coalesce(sum(r.qty) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0),
            coalesce(sum(r.total) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0)
     from report_tender_suppliers r
     group by 1, 2, 3`,
  );
  await step(
    'reports: report_line_months',
    `insert into report_line_months (month, group_id, reason, lines, qty, total)
     select date_trunc('month', l.tender_start at time zone 'Europe/Tallinn')::date, l.group_id, x.reason,
            count(*), sum(l.qty), sum(l.total)
     from report_lines l
     cross join lateral (select '' as reason union all select unnest(l.reasons)) x
     group by 1, 2, 3`,
  );
}

/**
 * The choose clock's reminders (0015) of the generated FINISHED and CHOOSING tenders, written as sent (both kinds, at
 * each tender's end): their ends lie days to years back, so a server started on the data would otherwise spend its
 * first minutes (hours at 10×) queueing a reminder mail for every one of them, beside whatever is being measured.
 */
export async function settleChooseClock(
  prefix: string,
  step: (label: string, text: string) => Promise<unknown>,
) {
  await step(
    'choose reminders (as sent)',
    `insert into tender_choose_reminders (tender_id, kind, finish, sent)
     select t.id, k.kind, t.finish, t.finish from tenders t cross join (values ('DUE_SOON'), ('OVERDUE')) k(kind)
     where t.tender_code like '${prefix}%' and t.status in ('FINISHED', 'CHOOSING')
     on conflict do nothing`,
  );
}

/**
 * Compares the rebuilt rows of a sample of the generated tenders (all of them when there are at most `sample`) with
 * a recount: the counters with count(*) of their lines, offers and winners, the report summaries and roll-ups with
 * what report_refresh (the project's own rewrite of a tender) makes of the same tenders. Everything it writes is
 * rolled back. Throws on the first difference; returns the number of tenders compared.
 */
export async function checkDerived(url: string, prefix: string, sample = 500) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const diff = async (label: string, a: string, b: string) => {
    const { rows } = await client.query(
      `select count(*)::int n from ((${a}) except all (${b})) x1
       union all select count(*)::int from ((${b}) except all (${a})) x2`,
    );
    if (rows[0].n || rows[1].n)
      throw new Error(`${label}: ${rows[0].n} rebuilt rows differ from the recount, ${rows[1].n} missing`);
  };
  try {
    await client.query('begin');
    await client.query(
      `create temp table chk on commit drop as
       select id from tenders where tender_code like '${prefix}%' order by random() limit ${sample}`,
    );
    const { rows } = await client.query('select count(*)::int n from chk');
    await diff(
      'tender_counts',
      `select c.tender_id, c.details, c.failed_bc, c.proposals, c.winners from tender_counts c join chk on chk.id = c.tender_id`,
      `select chk.id, (select count(*) from details d where d.tender_id = chk.id)::int,
              (select count(*) from details d where d.tender_id = chk.id and d.bc_status = 'error')::int,
              (select count(*) from proposals p where p.tender_id = chk.id)::int,
              (select count(*) from winners w join proposals p on p.id = w.proposal_id where p.tender_id = chk.id)::int
       from chk`,
    );
    await diff(
      'tender_supplier_counts',
      `select c.tender_id, c.supplier_id, c.proposals, c.winners, c.first_created, c.last_updated
       from tender_supplier_counts c join chk on chk.id = c.tender_id`,
      `select p.tender_id, p.supplier_id, count(*)::int,
              (select count(*) from winners w join proposals q on q.id = w.proposal_id
               where q.tender_id = p.tender_id and q.supplier_id = p.supplier_id)::int, min(p.created), max(p.updated)
       from proposals p join chk on chk.id = p.tender_id group by p.tender_id, p.supplier_id`,
    );
    // The roll-ups as the sums of all summaries (as 0006 defines them), then report_refresh over the sample: its
    // rows must be the rebuilt ones, and the roll-ups (it subtracts the old rows and adds its own) must not move.
    const rollups = {
      s: `select month, group_id, supplier_id, tenders, proposals, won_tenders, won_proposals, details, total, orders,
                 order_details, order_qty, order_total from report_supplier_months`,
      l: `select month, group_id, reason, lines, qty, total from report_line_months`,
    };
    await diff(
      'report_line_months',
      rollups.l,
      `select date_trunc('month', l.tender_start at time zone 'Europe/Tallinn')::date, l.group_id, x.reason,
              count(*)::int, sum(l.qty), sum(l.total)
       from report_lines l cross join lateral (select '' as reason union all select unnest(l.reasons)) x
       group by 1, 2, 3`,
    );
    await diff(
      'report_supplier_months',
      rollups.s,
      `select date_trunc('month', r.tender_start at time zone 'Europe/Tallinn')::date, r.group_id, r.supplier_id,
              count(*)::int, sum(r.proposals)::int, (count(*) filter (where r.details > 0))::int,
              coalesce(sum(r.proposals) filter (where r.details > 0), 0)::int, sum(r.details)::int, sum(r.total),
              (count(*) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'))::int,
              coalesce(sum(r.details) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0)::int,
              coalesce(sum(r.qty) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0),
              coalesce(sum(r.total) filter (where r.order_id is not null and r.details > 0 and r.status = 'ORDERED'), 0)
       from report_tender_suppliers r group by 1, 2, 3`,
    );
    await client.query(`create temp table chk_s on commit drop as ${rollups.s}`);
    await client.query(`create temp table chk_l on commit drop as ${rollups.l}`);
    const summaries = {
      ts: `select r.* from report_tender_suppliers r join chk on chk.id = r.tender_id`,
      l: `select r.* from report_lines r join chk on chk.id = r.tender_id`,
    };
    await client.query(`create temp table chk_ts on commit drop as ${summaries.ts}`);
    await client.query(`create temp table chk_rl on commit drop as ${summaries.l}`);
    await client.query(`select report_refresh(array(select id from chk order by id))`);
    await diff('report_tender_suppliers', 'select * from chk_ts', summaries.ts);
    await diff('report_lines', 'select * from chk_rl', summaries.l);
    await diff('report_supplier_months', 'select * from chk_s', rollups.s);
    await diff('report_line_months (after report_refresh)', 'select * from chk_l', rollups.l);
    return rows[0].n as number;
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}
