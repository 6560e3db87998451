// Tender screens as people meet them: a comma in a quantity is a decimal, a negative price or a date typed into
// a price field is refused with a message, leaving a form with unsaved changes asks first, an expired session
// keeps the offer being typed and brings the supplier back to it, and a phone (390 px) gets a closed menu
// drawer and no page wider than the screen.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, DEMO, DEMO_PASSWORD, expect, serverNow, shotsDir, test } from './fixtures.ts';

interface Line {
  id: number;
  qty: string;
  warehouse: number;
  warehouse_group?: number;
  tender?: number | null;
}
interface TenderRow {
  id: number;
  status: string;
  company_proposals: number;
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

/** A DRAFT tender of the contractor with one free line of some warehouse. */
async function draftTender(request: APIRequestContext, token: string) {
  const res = await request.get('/api/details/?status=PREPARED&page_size=0', auth(token));
  expect(res.status()).toBe(200);
  const line = ((await res.json()) as Line[]).find((l) => Number(l.qty) > 0) as Line;
  expect(line, 'a free line').toBeTruthy();
  const wres = await request.get('/api/warehouses/?is_active=true&page_size=1000', auth(token));
  const wh = ((await wres.json()) as { results: { id: number; group: number }[] }).results.find(
    (w) => w.id === line.warehouse,
  ) as { id: number; group: number };
  const now = await serverNow(request);
  const created = await request.post('/api/tenders/', {
    ...auth(token),
    data: {
      status: 'DRAFT',
      start: new Date(now + 3 * 3600_000).toISOString(),
      finish: new Date(now + 6 * 3600_000).toISOString(),
      group: wh.group,
      warehouse: wh.id,
      details: [{ id: line.id, qty: line.qty }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { tender: ((await created.json()) as { id: number }).id, line: line.id };
}

async function lineQty(request: APIRequestContext, token: string, tender: number, line: number) {
  const res = await request.get(`/api/details/?tender=${tender}&page_size=0`, auth(token));
  const lines = (await res.json()) as Line[];
  return lines.find((l) => l.id === line)?.qty;
}

/** The ACTIVE demo tender (the demo suppliers may offer on it). */
async function activeTender(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/tenders/?filter_status=ACTIVE&page_size=50', auth(token));
  const rows = ((await res.json()) as { results: TenderRow[] }).results.filter((t) => t.status === 'ACTIVE');
  expect(rows.length, 'an ACTIVE demo tender').toBeGreaterThan(0);
  return rows[0].id;
}

test('a comma in the order quantity is a decimal: "75,5" is saved as 75.5, a date is refused', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('contractor');
  const { tender, line } = await draftTender(request, token);
  await page.goto(`/tenders/${tender}/edit`);
  const qty = page.getByTestId(`chosen-qty-${line}`).locator('xpath=descendant-or-self::input');
  await expect(qty).toBeVisible();

  await qty.fill('75,5');
  await expect(page.getByTestId('total-qty')).toHaveText('75,5');
  // A date typed over it is refused as it is typed, with a message; the value stays.
  await qty.fill('12.03.2026');
  await expect(page.getByRole('tooltip')).toContainText('Sisesta arv');
  await expect(qty).toHaveValue('75,5');
  // Typed key by key, the second separator is refused; a dot after a comma too.
  await qty.pressSequentially('.');
  await expect(page.getByRole('tooltip')).toContainText('Sisesta arv');
  await expect(qty).toHaveValue('75,5');
  // A minus sign is refused too.
  await qty.fill('-2');
  await expect(page.getByRole('tooltip')).toContainText('Negatiivne arv ei ole lubatud');
  await expect(qty).toHaveValue('75,5');

  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/tenders/${tender}/`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('tender-save').click();
  expect((await saved).status()).toBe(200);
  expect(Number(await lineQty(request, token, tender, line))).toBe(75.5);

  // "2,5" and "2.5" are the same number; thousands are grouped the Estonian way when shown again.
  await page.goto(`/tenders/${tender}/edit`);
  await expect(qty).toHaveValue('75,5');
  await qty.fill('2.5');
  await expect(page.getByTestId('total-qty')).toHaveText('2,5');
  await qty.fill('1234,25');
  await qty.blur();
  await expect(qty).toHaveValue('1\u00a0234,25');
});

test('leaving the tender form with unsaved changes asks first', async ({ page, request, loginAs }) => {
  const { token } = await loginAs('contractor');
  const { tender, line } = await draftTender(request, token);
  await page.goto(`/tenders/${tender}/edit`);
  const qty = page.getByTestId(`chosen-qty-${line}`).locator('xpath=descendant-or-self::input');
  // A quantity other than the line's own: typing the same number again changes nothing and rightly asks nothing
  // (the free line this test takes depends on what earlier tests used, and one had 3).
  const typed = (await qty.inputValue()) === '3' ? '4' : '3';
  await qty.fill(typed);
  await page.getByTestId('tender-cancel').click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: 'Lahkuda salvestamata?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Jää lehele' }).click();
  await expect(page).toHaveURL(new RegExp(`/tenders/${tender}/edit`));
  await expect(qty).toHaveValue(typed);
  await page.getByTestId('tender-cancel').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Lahku' }).click();
  await expect(page).toHaveURL(/\/tenders$/);
});

test('offer form: a negative price is refused with a message, an expired session keeps the offer and returns to it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const supplier = await apiLogin(request, 'supplier2');
  const tender = await activeTender(request, supplier.token);
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-token-set')) return;
    localStorage.setItem('token', t);
    localStorage.setItem('language', 'et');
    sessionStorage.setItem('e2e-token-set', '1');
  }, supplier.token);
  await page.goto(`/tenders/${tender}/view`);
  await expect(page.locator('.offer-table')).toBeVisible();

  const price = page.getByRole('textbox', { name: 'Hind km-ta 1' }).first();
  const row = page.locator('[data-testid^="offer-"][data-testid$="-0"]').first();
  const before = await price.inputValue();
  await price.fill('-5');
  await expect(page.getByRole('tooltip')).toContainText('Negatiivne arv ei ole lubatud');
  await expect(price).toHaveValue(before);
  await price.fill('12.03.2026');
  await expect(page.getByRole('tooltip')).toContainText('Sisesta arv');
  await expect(price).toHaveValue(before);
  await price.fill('12,5');
  await expect(price).toHaveValue('12,5');
  await row.getByRole('textbox', { name: 'Tootekood 1' }).fill('KEEP-ME-1');

  // Leaving asks first.
  await page.getByRole('button', { name: 'Tühista' }).last().click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: 'Lahkuda salvestamata?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Jää lehele' }).click();
  await expect(price).toHaveValue('12,5');

  // The session ends elsewhere; the next call to the server finds it gone and says so on the login screen. That
  // call may be the page's own (the draft kept on the server, a refresh of the view) or the producer search.
  const out = await request.post('/api/logout/', auth(supplier.token));
  expect(out.status()).toBeLessThan(300);
  const expired = page.getByTestId('session-expired');
  await expect(async () => {
    if (!(await expired.isVisible())) {
      const producer = row.locator('.offer-producer');
      await producer.click({ timeout: 5_000 });
      await producer.locator('input').fill('Bos', { timeout: 5_000 });
    }
    await expect(expired).toBeVisible({ timeout: 15_000 });
  }).toPass({ timeout: 90_000 });

  await page.getByRole('tab', { name: 'E-post' }).click();
  await page.getByLabel('E-posti aadress').fill(DEMO.supplier2);
  await page.getByLabel('Salasõna').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /Logi sisse/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tenders/${tender}/view$`));
  await expect(page.getByRole('textbox', { name: 'Hind km-ta 1' }).first()).toHaveValue('12,5');
  await expect(
    page
      .locator('[data-testid^="offer-"][data-testid$="-0"]')
      .first()
      .getByRole('textbox', { name: 'Tootekood 1' }),
  ).toHaveValue('KEEP-ME-1');
});

/** The page is no wider than the screen (nothing scrolls the whole page sideways). */
async function noWiderThanScreen(page: import('@playwright/test').Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(width);
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is a closed drawer, the list and the offer form fit the screen', async ({
    page,
    request,
    loginAs,
  }) => {
    const { token } = await loginAs('supplier');
    await page.goto('/tenders');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.shell-sider')).toHaveCount(0);
    await expect(page.getByTestId('menu-drawer')).toHaveCount(0);
    await page.getByTestId('menu-toggle').click();
    const drawer = page.getByTestId('menu-drawer');
    await expect(drawer.getByRole('link', { name: 'Hanked' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Hanked' }).click();
    await expect(drawer).toBeHidden();
    // The list shows its key columns: code and status.
    const firstRow = page.locator('.resource-table tbody tr[data-row-key]').first();
    await expect(firstRow.getByTestId('tender-status')).toBeVisible();
    await noWiderThanScreen(page);
    await page.screenshot({ path: `${shotsDir('screens')}/list-390-et.png` });

    const tender = await activeTender(request, token);
    await page.goto(`/tenders/${tender}/view`);
    await expect(page.locator('.offer-table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tee pakkumine' })).toBeVisible();
    await noWiderThanScreen(page);
    await page.screenshot({ path: `${shotsDir('screens')}/offer-390-et.png`, fullPage: true });
  });

  test('the tender list opens with its filter closed and its rows on the first screen; opened, it stays open', async ({
    page,
    loginAs,
  }) => {
    await loginAs('contractor');
    await page.goto('/tenders');
    const filter = page.getByRole('button', { name: /Filter/ });
    await expect(filter).toHaveAttribute('aria-expanded', 'false');
    // The header still says how many filters apply (the default start day).
    await expect(filter).toContainText('1');
    await expect(page.getByRole('combobox', { name: 'Staatus' })).toBeHidden();
    const first = page.locator('.resource-table tbody tr[data-row-key]').first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect((box?.y ?? 1e9) + (box?.height ?? 0), 'the first row on the first screen').toBeLessThanOrEqual(
      844,
    );
    await page.screenshot({ path: `${shotsDir('screens')}/list-filter-closed-390.png` });

    await filter.click();
    await expect(page.getByRole('combobox', { name: 'Staatus' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: /Filter/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: 'Staatus' })).toBeVisible();

    // A wide screen opens it until the person closes it.
    await page.evaluate(() => localStorage.removeItem('tenders:filter_open'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.getByRole('button', { name: /Filter/ })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a master gets a menu with the tenders', async ({ page, loginAs }) => {
    await loginAs('master');
    await page.goto('/tenders');
    await page.getByTestId('menu-toggle').click();
    await expect(page.getByTestId('menu-drawer').getByRole('link', { name: 'Hanked' })).toBeVisible();
    await noWiderThanScreen(page);
  });
});

// The tender list's column headers stay below the app bar (56 px) while the page scrolls its rows under them: on a
// phone the table fits the screen and the header row sticks by CSS, on a wide screen antd's sticky header does it.
for (const [width, height] of [
  [390, 844],
  [1440, 700],
])
  test(`the tender list's header stays in view when the page scrolls (${width} px)`, async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width, height });
    await loginAs('contractor');
    await page.goto('/tenders');
    const rows = page.locator('.resource-table tbody tr[data-row-key]');
    await expect(rows.nth(2)).toBeVisible();
    const code = page.getByRole('columnheader', { name: 'Kood' });
    const top = () => code.evaluate((h) => Math.round(h.getBoundingClientRect().top));
    const before = await top();
    // The second row just under the app bar: the header would be above the screen if it scrolled with the page.
    const y = await rows.nth(1).evaluate((r) => r.getBoundingClientRect().top + window.scrollY - 56 - 2);
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBeGreaterThan(before - 56);
    await expect.poll(top).toBe(56);
    // Nothing covers it: the point under its label is the header itself.
    const covered = await code.evaluate((h) => {
      const r = h.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!at && h.contains(at);
    });
    expect(covered, 'the header cell is on top at its place').toBe(true);
    await noWiderThanScreen(page);
    await page.screenshot({ path: `${shotsDir('screens')}/list-scrolled-${width}.png` });
  });

for (const lang of ['et', 'ru'] as const)
  for (const width of [1440, 390])
    test(`screenshots ${lang} ${width}`, { tag: '@screenshots' }, async ({ page, request, loginAs }) => {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      const { token } = await loginAs('contractor');
      const dir = `${shotsDir('screens')}/${lang}-${width}`;
      await page.goto('/tenders');
      await expect(page.locator('.resource-table tbody tr[data-row-key]').first()).toBeVisible();
      await page.screenshot({ path: `${dir}-list.png` });
      await page.goto('/tenders/add');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `${dir}-form.png` });
      const supplier = await apiLogin(request, 'supplier');
      const tender = await activeTender(request, supplier.token);
      void token;
      const ctx = await page
        .context()
        .browser()
        ?.newContext({ viewport: { width, height: 900 } });
      const sp = await ctx?.newPage();
      if (!sp) return;
      await sp.addInitScript(
        ([t, l]) => {
          localStorage.setItem('token', t);
          localStorage.setItem('language', l);
        },
        [supplier.token, lang],
      );
      await sp.goto(`/tenders/${tender}/view`);
      await expect(sp.locator('.offer-table')).toBeVisible();
      await sp.screenshot({ path: `${dir}-offer.png` });
      await ctx?.close();
    });
