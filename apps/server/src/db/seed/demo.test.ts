import { TEMPLATE_DEFINITIONS, TEMPLATE_LANGUAGES, TENDER_STATUSES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { freshDatabase } from '../../test/db.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';

const database = await freshDatabase();
const db = database.db;
afterAll(() => database.close());

async function rows<T>(q: ReturnType<typeof sql>) {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
async function counts() {
  const tables = await rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables)
    out[name] = (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`))[0].n;
  return out;
}

describe('demo seed', () => {
  it('loads the whole demo data set into a fresh database', async () => {
    const started = performance.now();
    expect(await seedDemo(db)).toEqual({ seeded: true });
    const ms = performance.now() - started;
    console.log(`demo seed took ${ms.toFixed(0)} ms`);

    const users = await rows<{
      email: string;
      group: string;
      can_blacklist: boolean;
      groups: string[] | null;
    }>(sql`
      select u.email, u."group", u.can_blacklist,
        array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = u.id order by g.name) as groups
      from users u order by u.email`);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    for (const e of ['admin', 'contractor', 'master', 'supplier', 'employee', 'supplier2', 'supplier3'])
      expect(byEmail.has(`${e}@demo.ee`), e).toBe(true);
    expect(byEmail.get('admin@demo.ee')).toMatchObject({
      group: 'ADMINISTRATOR',
      can_blacklist: true,
      groups: ['Bussid', 'Trammid'],
    });
    expect(byEmail.get('contractor@demo.ee')).toMatchObject({
      group: 'CONTRACTOR',
      can_blacklist: true,
      groups: ['Bussid', 'Trammid'],
    });
    expect(byEmail.get('master@demo.ee')).toMatchObject({ group: 'MASTER', groups: ['Bussid'] });

    const c = await counts();
    expect(c.parts).toBeGreaterThanOrEqual(300);
    expect(c.part_codes).toBeGreaterThanOrEqual(300);
    expect(c.units).toBe(16);
    const [prepared] = await rows<{ n: number; groups: number }>(sql`
      select count(*)::int as n, count(distinct w.group_id)::int as groups
      from details d join warehouses w on w.id = d.warehouse_id where d.status = 'PREPARED' and d.tender_id is null`);
    expect(prepared.n).toBeGreaterThanOrEqual(60);
    expect(prepared.groups).toBe(2);

    const statuses = (await rows<{ status: string }>(sql`select distinct status from tenders`))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([...TENDER_STATUSES].sort());

    const templates = await rows<{ key: string; type: string; language: string }>(
      sql`select key, type, language from email_templates`,
    );
    for (const def of TEMPLATE_DEFINITIONS)
      for (const language of TEMPLATE_LANGUAGES)
        expect(
          templates.some((t) => t.key === def.key && t.type === def.type && t.language === language),
          `${def.key}/${def.type}/${language}`,
        ).toBe(true);

    const [depth] = await rows<{ d: number }>(sql`
      with recursive t as (select id, 1 as d from categories where parent_id is null and is_placed
        union all select c.id, t.d + 1 from categories c join t on c.parent_id = t.id)
      select max(d)::int as d from t`);
    expect(depth.d).toBeGreaterThanOrEqual(3);
    expect(c.category_groups).toBeGreaterThan(0);
    expect(c.blacklist_producers).toBeGreaterThan(0);
    expect(c.blacklist_comments).toBeGreaterThan(0);
    const [settings] = await rows<{
      smtp_server: string;
      smtp_port: number;
      from_email: string;
      admin_email: string;
    }>(sql`select smtp_server, smtp_port, from_email, admin_email from email_settings where id = 1`);
    expect(settings).toEqual({
      smtp_server: '127.0.0.1',
      smtp_port: 2525,
      from_email: 'portal@demo.ee',
      admin_email: 'admin@demo.ee',
    });
    const [directo] = await rows<{ url: string; is_active: boolean }>(
      sql`select url, is_active from modules where name = 'Directo'`,
    );
    expect(directo).toEqual({ url: 'http://127.0.0.1:4010/xmlcore/demo/xmlcore.asp', is_active: true });
  });

  it('keeps the tender data consistent', async () => {
    // Tender lines carry the status that matches their tender.
    const bad = await rows<{ code: string; tstatus: string; dstatus: string }>(sql`
      select t.tender_code as code, t.status as tstatus, d.status as dstatus from details d join tenders t on t.id = d.tender_id
      where not (
        (t.status in ('DRAFT','WAITING','ACTIVE','FINISHED','CHOOSING') and d.status = 'WAITING')
        or (t.status in ('CANCELED','FAILED') and d.status = 'FAILED')
        or (t.status = 'ORDERED' and d.status in ('ORDERED','FAILED')))`);
    expect(bad).toEqual([]);
    // Every offer: the supplier serves the tender's group, the producer is not blacklisted for the part.
    const wrongGroup = await rows(sql`
      select p.id from proposals p join tenders t on t.id = p.tender_id
      where not exists (select 1 from supplier_groups sg where sg.supplier_id = p.supplier_id and sg.group_id = t.group_id)`);
    expect(wrongGroup).toEqual([]);
    const blacklisted = await rows(sql`
      select p.id from proposals p join details d on d.id = p.detail_id
      join blacklists b on b.part_id = d.part_id and not b.is_deleted
      join blacklist_producers bp on bp.blacklist_id = b.id and bp.producer_id = p.producer_id`);
    expect(blacklisted).toEqual([]);
    // A supplier's offer lines on one part share its need (the offer rule), so a demo offer can be re-sent as it is.
    const overNeed = await rows(sql`
      select p.detail_id, p.supplier_id from proposals p join details d on d.id = p.detail_id
      group by p.detail_id, p.supplier_id, d.qty, d.replenishment_qty, d.replacement_qty
      having sum(p.available_qty) > coalesce(d.qty, d.replenishment_qty + d.replacement_qty)`);
    expect(overNeed).toEqual([]);
    // Several suppliers offer; ORDERED lines have winners; each winning supplier has an order.
    const [offers] = await rows<{ suppliers: number }>(
      sql`select count(distinct supplier_id)::int as suppliers from proposals`,
    );
    expect(offers.suppliers).toBeGreaterThanOrEqual(3);
    const orderedWithoutWinner = await rows(sql`
      select d.id from details d where d.status = 'ORDERED' and not exists (select 1 from winners w where w.detail_id = d.id)`);
    expect(orderedWithoutWinner).toEqual([]);
    const missingOrder = await rows(sql`
      select distinct p.tender_id, p.supplier_id from winners w join proposals p on p.id = w.proposal_id
      where not exists (select 1 from purchase_orders po where po.tender_id = p.tender_id and po.supplier_id = p.supplier_id)`);
    expect(missingOrder).toEqual([]);
    const kinds = (await rows<{ kind: string }>(sql`select distinct kind from comments`))
      .map((r) => r.kind)
      .sort();
    expect(kinds).toEqual(['APPROVER', 'DETAIL_SUPPLIER', 'TENDER', 'WINNER']);
    const actions = (await rows<{ action: string }>(sql`select distinct action from tender_logs`))
      .map((r) => r.action)
      .sort();
    expect(actions).toEqual(['AGREED', 'WATCHED']);
    // Dates relative to now: ACTIVE ends in the future, WAITING starts in the future, decided ones are in the past.
    const [dates] = await rows<{ active_ok: boolean; waiting_ok: boolean; past_ok: boolean }>(sql`
      select bool_and(finish > now() and start < now()) filter (where status = 'ACTIVE') as active_ok,
             bool_and(start > now()) filter (where status = 'WAITING') as waiting_ok,
             bool_and(finish < now()) filter (where status in ('FINISHED','CHOOSING','ORDERED')) as past_ok
      from tenders`);
    expect(dates).toEqual({ active_ok: true, waiting_ok: true, past_ok: true });
    const [hist] = await rows<{ n: number }>(
      sql`select count(*)::int as n from history where entity = 'tender' and action = 'status'`,
    );
    expect(hist.n).toBeGreaterThan(20);
  });

  it('changes nothing when run again', async () => {
    const before = await counts();
    expect(await seedDemo(db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
  });

  it('lets a demo account log in through the app', async () => {
    const app = await buildApp({ config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }), database });
    try {
      for (const email of ['admin@demo.ee', 'supplier2@demo.ee']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/login/',
          payload: { email, password: DEMO_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().token).toBeTruthy();
      }
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: 'master@demo.ee', password: 'nope-nope' },
      });
      expect(wrong.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});
