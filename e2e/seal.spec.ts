// The seal in the tender history: a buyer who opens /tenders/{id}/history of an ACTIVE tender by its URL sees the
// buyers' own changes and a sentence saying why offers are missing, and no supplier's name, user or price.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, shotsDir, test } from './fixtures.ts';

interface TenderRow {
  id: number;
  tender_code: string;
  status: string;
  company_proposals: number;
}
interface Line {
  proposals: { price: string | null }[];
}

const SUPPLIERS = ['Demo Parts OÜ', 'Baltic Auto Supply AS', 'Nordic Bus Parts OÜ'];

/** The ACTIVE demo tender on which the demo supplier has offered, with that supplier's prices and user name. */
async function activeWithOffer(request: APIRequestContext) {
  const supplier = await apiLogin(request, 'supplier');
  const headers = { Authorization: `Token ${supplier.token}` };
  const res = await request.get('/api/tenders/?filter_status=ACTIVE&page_size=50', { headers });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { results: TenderRow[] }).results;
  const tender = rows.find((t) => t.status === 'ACTIVE' && t.company_proposals > 0);
  expect(tender, 'an ACTIVE demo tender with an offer of Demo Parts OÜ').toBeTruthy();
  const lines = (await (
    await request.get(`/api/details/?tender=${tender!.id}&page_size=0`, { headers })
  ).json()) as Line[];
  const prices = lines.flatMap((l) => l.proposals.map((p) => p.price)).filter((p): p is string => !!p);
  expect(prices.length).toBeGreaterThan(0);
  const userName = `${supplier.user.first_name} ${supplier.user.last_name}`;
  return { tender: tender!, prices, userName };
}

for (const role of ['master', 'admin'] as const) {
  test(`a ${role} opening the history of an ACTIVE tender by URL sees no supplier data`, async ({
    page,
    request,
    loginAs,
  }) => {
    const { tender, prices, userName } = await activeWithOffer(request);
    await loginAs(role);
    await page.goto(`/tenders/${tender.id}/history`);

    await expect(page.getByRole('heading', { name: new RegExp(tender.tender_code) })).toBeVisible();
    await expect(page.getByTestId('history-sealed')).toBeVisible();
    await expect(page.getByTestId('history-sealed')).toContainText('Pakkumised on suletud');
    // The buyers' own story is there (the tender was created and started) …
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const text = await page.locator('main, body').first().textContent();
    // … and nothing of any supplier: names, users, prices, or an offer row.
    for (const name of SUPPLIERS) expect(text, name).not.toContain(name);
    expect(text).not.toContain(userName);
    for (const p of prices) {
      const [int, frac = ''] = p.split('.');
      const shown = frac.replace(/0+$/, '');
      expect(text).not.toContain(shown ? `${int},${shown}` : int === '0' ? '0,' : `${int} €`);
      expect(text).not.toContain(p);
    }
    await expect(page.getByText('Pakkumine', { exact: true })).toHaveCount(0);

    if (role === 'master') {
      await page.screenshot({ path: `${shotsDir('seal')}/history-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByTestId('history-sealed')).toBeVisible();
      await page.screenshot({ path: `${shotsDir('seal')}/history-phone.png`, fullPage: true });
    }
  });
}

test('an ORDERED tender: the history shows the offers and no seal notice', async ({
  page,
  request,
  loginAs,
}) => {
  const admin = await apiLogin(request, 'admin');
  const res = await request.get('/api/tenders/?filter_status=ORDERED&page_size=1', {
    headers: { Authorization: `Token ${admin.token}` },
  });
  const [tender] = ((await res.json()) as { results: TenderRow[] }).results;
  expect(tender).toBeTruthy();
  await loginAs('admin');
  await page.goto(`/tenders/${tender.id}/history`);
  await expect(page.getByRole('heading', { name: new RegExp(tender.tender_code) })).toBeVisible();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByTestId('history-sealed')).toHaveCount(0);
});
