// People and access end to end: the supplier adds a PLAIN employee who then cannot open the supplier editor; an
// administrator adds a worker with one group who then sees only that group's tenders; an administrator activates
// a newly registered supplier. New people get their password straight in the database here (the invitation mail
// with a set-password link is another part of the product), so this spec needs DATABASE_URL (PostgreSQL).
// Screenshots of every people screen at 1440 and 390 px in Estonian and English go to shotsDir('people') (`npm run screenshots`).
import type { Page } from '@playwright/test';
import pg from 'pg';
import {
  apiLogin,
  DEMO_PASSWORD,
  expect,
  settledOption,
  shotsDir,
  test,
  unique,
  useToken,
  wcag,
} from './fixtures.ts';

const DB = process.env.DATABASE_URL;
test.skip(!DB, 'people.spec.ts sets passwords in the database: run it with DATABASE_URL');

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Gives a new account the demo password (copied from a demo account's hash) and consents to the terms for it. */
async function givePassword(page: Page, email: string) {
  await sql(
    `update users set password_hash = (select password_hash from users where email = 'admin@demo.ee')
     where lower(email) = lower($1)`,
    [email],
  );
  const res = await page.request.post('/api/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `login ${email}`).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.request.post('/api/terms-of-use-consent/', { headers: { Authorization: `Token ${token}` } });
  return token;
}

/** Picks an option of the antd select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  const field = page.getByRole('combobox', { name: label });
  await field.click();
  await (await settledOption(page, field, new RegExp(`^${option}$`))).click();
}

test('the supplier adds a PLAIN employee, who then cannot open the supplier editor', async ({
  page,
  browser,
  loginAs,
}) => {
  const me = await loginAs('supplier');
  const sup = me.user.supplier as number;
  const email = `tootaja.${unique()}@demo.ee`;

  await page.goto(`/supplier/${sup}/details`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Demo Parts OÜ');
  await page.getByRole('link', { name: 'Lisa töötaja' }).click();
  await expect(page).toHaveURL(new RegExp(`/supplier/${sup}/users/add$`));
  await expect(page.getByRole('heading', { name: /Uus töötaja/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Eesnimi' }).fill('Mati');
  await page.getByRole('textbox', { name: 'Perekonnanimi' }).fill('Maasikas');
  await page.getByRole('textbox', { name: 'E-post' }).fill(email);
  await page.getByRole('textbox', { name: 'Telefon' }).fill('+372 5123 4567');
  await page.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Tarnija kasutaja lisatud')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/supplier/${sup}/users$`));
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Tarnija'); // PLAIN is labelled "supplier"

  // The new employee signs in (password set in the database) and is refused the supplier editor.
  const token = await givePassword(page, email);
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await useToken(other, token);
  await other.goto('/tenders');
  await expect(other.getByRole('button', { name: 'Logi välja' })).toBeVisible();
  await expect(other.locator('.shell-sider a[href$="/details"]')).toHaveCount(0);
  await other.goto(`/supplier/${sup}/details`);
  await expect(other.locator('.ant-result-title')).toHaveText('Juurdepääs puudub');
  await expect(other.getByRole('button', { name: 'Muuda' })).toHaveCount(0);
  // Told once, by the page: no toast repeats it.
  await other.waitForLoadState('networkidle');
  await expect(other.locator('.ant-notification-notice')).toHaveCount(0);
  // Nor may it add employees: the form says so instead of offering fields, and the server refuses both writes.
  await other.goto(`/supplier/${sup}/users/add`);
  await expect(other.locator('.ant-result-title')).toHaveText('Juurdepääs puudub');
  await expect(other.getByRole('button', { name: 'Salvesta' })).toHaveCount(0);
  await expect(other.locator('.ant-notification-notice')).toHaveCount(0);
  const auth = { Authorization: `Token ${token}` };
  const res = await other.request.patch(`/api/suppliers/${sup}/`, {
    headers: auth,
    data: { notes: 'changed by an employee' },
  });
  expect(res.status()).toBe(403);
  const add = await other.request.post('/api/supplier_users/', {
    headers: auth,
    data: {
      supplier__id: sup,
      first_name: 'Kati',
      last_name: 'Karu',
      email: `kati.${unique()}@demo.ee`,
      phone: '+372 5000 0000',
    },
  });
  expect(add.status()).toBe(403);
  await ctx.close();
});

test('an administrator adds a worker with one group, who then sees only that group’s tenders', async ({
  page,
  browser,
  loginAs,
}) => {
  const admin = await loginAs('admin');
  const email = `ostja.${unique()}@demo.ee`;
  await page.goto('/workers');
  await expect(page.getByRole('heading', { name: 'Töötajad' })).toBeVisible();
  await page.getByRole('link', { name: 'Lisa töötaja' }).click();
  await expect(page.getByRole('heading', { name: 'Uus töötaja' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Eesnimi' }).fill('Tiina');
  await page.getByRole('textbox', { name: 'Perekonnanimi' }).fill('Trammi');
  await page.getByRole('textbox', { name: 'E-post' }).fill(email);
  await page.getByRole('textbox', { name: 'Telefon' }).fill('+372 5234 5678');
  await expect(page.getByLabel('Roll')).toBeVisible();
  await expect(page.locator('.ant-select').filter({ hasText: 'Hankija' })).toBeVisible(); // default CONTRACTOR
  await choose(page, 'Grupid', 'Trammid');
  await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
  await expect(page.getByText('Töötaja lisatud')).toBeVisible();
  await expect(page).toHaveURL(/\/workers$/);

  // The tenders of each group, as the administrator sees them.
  const all = (await (
    await page.request.get('/api/tenders/?page_size=0', {
      headers: { Authorization: `Token ${admin.token}` },
    })
  ).json()) as { tender_code: string; group_name: string; status: string }[];
  const tram = all.filter((t) => t.group_name === 'Trammid');
  const bus = all.filter((t) => t.group_name === 'Bussid');
  expect(tram.length).toBeGreaterThan(0);
  expect(bus.length).toBeGreaterThan(0);

  const token = await givePassword(page, email);
  const ctx = await browser.newContext({ locale: 'et-EE', timezoneId: 'Europe/Tallinn' });
  const worker = await ctx.newPage();
  await useToken(worker, token);
  await worker.goto('/tenders?page_size=200');
  await expect(worker.getByRole('button', { name: 'Logi välja' })).toBeVisible();
  await expect(worker.getByText(tram[0].tender_code)).toBeVisible();
  for (const t of bus) await expect(worker.getByText(t.tender_code, { exact: true })).toHaveCount(0);
  const mine = (await (
    await worker.request.get('/api/tenders/?page_size=0', { headers: { Authorization: `Token ${token}` } })
  ).json()) as { group_name: string }[];
  expect(mine.length).toBe(tram.length);
  expect(new Set(mine.map((t) => t.group_name))).toEqual(new Set(['Trammid']));
  await ctx.close();
});

test('an administrator activates a newly registered supplier', async ({ page, loginAs }) => {
  // New until someone opens it: other specs (the accessibility walk) may have opened the demo's new company.
  await sql(`update suppliers set is_new = true where name = 'Tallinna Veermikuosad OÜ'`);
  await loginAs('admin');
  await page.goto('/suppliers');
  await expect(page.getByRole('heading', { name: 'Tarnijad' })).toBeVisible();
  const link = page.getByRole('link', { name: /Tallinna Veermikuosad OÜ/ });
  await expect(link).toHaveClass(/supplier-new/); // bold until opened
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tallinna Veermikuosad OÜ');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ootab aktiveerimist');
  await page.getByRole('button', { name: 'Aktiveeri' }).click();
  await page.getByRole('button', { name: 'Jah' }).click();
  await expect(page.getByText('Tarnija aktiveeritud')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Aktiivne');

  await page.goto('/suppliers');
  await expect(page.getByRole('link', { name: /Tallinna Veermikuosad OÜ/ })).not.toHaveClass(/supplier-new/);
  const mails = await sql<{ template: string }>(
    `select payload->>'template' as template from outbox
     where kind = 'email' and payload->>'to' in (select email from users where supplier_id =
       (select id from suppliers where registration_code = '16543210'))`,
  );
  expect(mails.map((m) => m.template)).toContain('ACCOUNT_ACTIVATED');
  // The waiting main user can sign in now.
  const user = await sql<{ is_active: boolean }>(
    `select is_active from users where supplier_id = (select id from suppliers where registration_code = '16543210')`,
  );
  expect(user.every((u) => u.is_active)).toBe(true);
});

for (const [lang, width] of [
  ['et', 1440],
  ['et', 390],
  ['en', 1440],
  ['en', 390],
] as const)
  test(`screenshots of the people screens at ${width} px in ${lang}`, { tag: '@screenshots' }, async ({
    browser,
    request,
  }) => {
    test.setTimeout(900_000);
    const admin = await apiLogin(request, 'admin');
    const supplier = await apiLogin(request, 'supplier');
    const sup = supplier.user.supplier as number;
    const anyWorker = (
      (await (
        await request.get('/api/workers/?page_size=1', { headers: { Authorization: `Token ${admin.token}` } })
      ).json()) as { results: { id: number }[] }
    ).results[0].id;
    const anyEmployee = (
      (await (
        await request.get(`/api/supplier_users/?supplier=${sup}&is_admin=false`, {
          headers: { Authorization: `Token ${supplier.token}` },
        })
      ).json()) as { results: { id: number }[] }
    ).results[0].id;
    const screens: [string, string, string][] = [
      ['admin', '/suppliers', 'suppliers'],
      ['admin', '/suppliers/add', 'supplier-add'],
      ['admin', `/suppliers/${sup}/edit`, 'supplier-edit'],
      ['admin', `/supplier/${sup}/details`, 'supplier-page'],
      ['admin', `/supplier/${sup}/details#categories`, 'supplier-categories'],
      ['admin', '/workers', 'workers'],
      ['admin', '/workers/add', 'worker-add'],
      ['admin', `/workers/${anyWorker}/edit`, 'worker-edit'],
      ['admin', '/profile', 'profile-admin'],
      ['supplier', '/profile?tab=account', 'profile-account'],
      ['supplier', '/profile?tab=supplier', 'profile-supplier'],
      ['supplier', '/profile?tab=employees', 'profile-employees'],
      ['supplier', `/supplier/${sup}/users`, 'employees'],
      ['supplier', `/supplier/${sup}/users/add`, 'employee-add'],
      ['supplier', `/supplier/${sup}/users/edit?id=${anyEmployee}`, 'employee-edit'],
    ];
    const tokens: Record<string, string> = { admin: admin.token, supplier: supplier.token };
    const violations: string[] = [];
    {
      const ctx = await browser.newContext({
        viewport: { width, height: width > 400 ? 900 : 844 },
        locale: 'et-EE',
        timezoneId: 'Europe/Tallinn',
      });
      for (const [role, path, name] of screens) {
        const page = await ctx.newPage();
        await page.addInitScript(
          ([t, l, narrow]) => {
            localStorage.setItem('token', t);
            localStorage.setItem('language', l);
            // A phone user folds the side menu (the shell remembers it).
            if (narrow) localStorage.setItem('menu_collapsed', 'true');
          },
          [tokens[role], lang, width < 400 ? 'narrow' : ''],
        );
        await page.goto(path.replace('#categories', ''));
        await expect(page.locator('h1').first()).toBeVisible();
        if (path.endsWith('#categories')) {
          await page.getByRole('tab', { name: lang === 'et' ? 'Kategooriad' : 'Categories' }).click();
          await expect(page.locator('.ant-tree').first()).toBeVisible();
        }
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${shotsDir('people')}/${name}-${lang}-${width}.png`, fullPage: true });
        if (lang === 'et') {
          // WCAG 2.1 AA on the screen's own content (the shell around it has its own checks).
          const axe = await wcag(page)
            .include('main')
            .exclude('.ant-table-measure-row') // antd's zero-height sizing row
            .analyze();
          for (const v of axe.violations)
            violations.push(
              `${name} ${width}: ${v.id} ${v.nodes.length}× e.g. ${v.nodes[0]?.html.slice(0, 160)}`,
            );
        }
        await page.close();
      }
      await ctx.close();
    }
    expect(violations).toEqual([]);
  });
