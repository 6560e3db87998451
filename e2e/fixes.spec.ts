// A maintenance notice scheduled by an administrator is shown to everyone (signed in or not) in their language, and
// trashing a category asks first (issue 35). Screenshots of the changed screens at 1440 and 390 px, axe-checked.
import type { Page } from '@playwright/test';
import { apiLogin, expect, serverNow, shotsDir, test, unique, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('fixes');

async function axe(page: Page) {
  const result = await wcag(page).exclude('.ant-table-measure-row').analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test.describe('issue 35', () => {
  test('a maintenance notice shows to everyone in their language until its window ends', async ({
    page,
    browser,
  }) => {
    const { token } = await apiLogin(page.request, 'admin');
    const now = await serverNow(page.request);
    const tag = unique();
    const res = await page.request.post('/api/maintenance_notices/', {
      headers: { Authorization: `Token ${token}` },
      data: {
        show_from: new Date(now - 60_000).toISOString(),
        starts: new Date(now + 3600_000).toISOString(),
        ends: new Date(now + 3 * 3600_000).toISOString(),
        text_et: `Planeeritud IT-hooldus võib põhjustada katkestusi ${tag}`,
        text_ru: `Плановое обслуживание может вызвать перебои ${tag}`,
        text_en: `Planned IT maintenance may cause disruptions ${tag}`,
      },
    });
    expect(res.status()).toBe(201);
    const notice = await res.json();

    // Signed in (Estonian), on the admin screen that lists it.
    await useToken(page, token);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/setup/maintenance');
    const banner = page.getByTestId('maintenance-banner');
    await expect(banner).toContainText(`Planeeritud IT-hooldus võib põhjustada katkestusi ${tag}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Hooldusteated' })).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(tag) }).first()).toBeVisible();
    await axe(page);
    await page.screenshot({ path: `${SHOTS}/maintenance-1440.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/maintenance-390.png`, fullPage: true });

    // Not signed in, in English: the login screen carries it too.
    const anon = await browser.newContext();
    const p2 = await anon.newPage();
    await p2.addInitScript(() => localStorage.setItem('language', 'en'));
    await p2.goto('/');
    await expect(p2.getByTestId('maintenance-banner')).toBeVisible();
    await p2.screenshot({ path: `${SHOTS}/login-notice.png`, fullPage: true });
    await anon.close();

    const del = await page.request.delete(`/api/maintenance_notices/${notice.id}/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(del.status()).toBe(204);
  });

  test('trashing a category asks first and then says it is deleted', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'admin');
    await useToken(page, token);
    const groups = await (
      await page.request.get('/api/groups/?page_size=100', { headers: { Authorization: `Token ${token}` } })
    ).json();
    const bussid = groups.results.find((g: { name: string }) => g.name === 'Bussid');
    const name = `Prügikast ${unique()}`;
    const created = await page.request.post('/api/categories/', {
      headers: { Authorization: `Token ${token}` },
      data: { name, groups: [bussid.id], parent: 0 },
    });
    expect(created.status()).toBe(201);
    await page.goto('/setup/categories');
    await page.getByRole('checkbox', { name: 'Bussid' }).check();
    const row = page.getByTestId('category-tree').locator('.ant-tree-treenode', { hasText: name });
    const trash = async () => {
      await row.getByRole('button', { name: `Tegevused: ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Kustuta' }).click();
    };
    await trash();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Kas kustutada kategooria „${name}“?`);
    await page.screenshot({ path: `${SHOTS}/category-trash-confirm.png` });
    await dialog.getByRole('button', { name: 'Loobu' }).click();
    await expect(row).toBeVisible();
    await trash();
    await page.getByRole('dialog').getByRole('button', { name: 'Kustuta' }).click();
    await expect(page.getByText('Kategooria kustutatud')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
