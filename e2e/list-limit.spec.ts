// The list pager above the server's count limit (issue 37): "more than 10 000" in the language's number grouping
// (et, ru, en), the last page served tells how to see further; a page deeper than the limit is refused by the real
// server with a translated message. The demo data hold a few tenders, far from the limit, so the tender list's real
// answer is passed on with its count marked as the server marks it above the limit (count = 10,000, count_more,
// 200 pages of 50); everything else is the real server.
import { expect, shotsDir, test } from './fixtures.ts';

const TEXT = {
  en: { total: 'Total: more than 10,000', note: 'Further pages are not shown' },
  et: { total: 'Kokku: üle 10\u00a0000', note: 'Edasisi lehekülgi ei näidata' },
  ru: { total: 'Всего: более 10\u00a0000', note: 'Следующие страницы не показываются' },
} as const;

for (const lang of ['et', 'ru', 'en'] as const)
  test(`the tender list's pager says "more than" above the limit (${lang})`, async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.route(/\/api\/tenders\/\?/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { results: unknown[]; count: number; pages: number };
      await route.fulfill({ response: res, json: { ...body, count: 10_000, count_more: true, pages: 200 } });
    });
    await page.goto('/tenders');
    const pager = page
      .getByRole('navigation', { name: /.+/ })
      .filter({ hasText: TEXT[lang].total.slice(0, 5) });
    await expect(pager.getByText(TEXT[lang].total)).toBeVisible();
    await expect(pager.getByText(TEXT[lang].note)).toHaveCount(0);
    await page.screenshot({ path: `${shotsDir('list-limit')}/${lang}-first.png`, fullPage: true });
    // The last page served: the note on how to see further.
    await pager.locator('button').last().click(); // the "last page" button
    await expect(pager.getByText(TEXT[lang].note)).toBeVisible();
    await page.screenshot({ path: `${shotsDir('list-limit')}/${lang}-last.png`, fullPage: true });
  });

test('a page beyond the limit is refused by the server with its message key', async ({ request }) => {
  const login = await request.post('/api/login/', {
    data: { email: 'admin@demo.ee', password: 'Demo2026parts' },
  });
  const { token } = (await login.json()) as { token: string };
  const res = await request.get('/api/tenders/?page=2000', { headers: { authorization: `Token ${token}` } });
  expect(res.status()).toBe(400);
  expect(await res.json()).toEqual({ page: ['page_too_deep'] });
});
