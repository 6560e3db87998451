// The tender view of the ACTIVE demo tender: the supplier gets its own offer-entry form (pre-filled with its
// offer), a buyer gets sealed placeholders and never a supplier's name or price.
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, expect, shotsDir, test } from './fixtures.ts';

interface TenderRow {
  id: number;
  tender_code: string;
  status: string;
  company_proposals: number;
}

/** The ACTIVE demo tender on which the demo supplier has already offered. */
async function activeTender(request: APIRequestContext, token: string): Promise<TenderRow> {
  const res = await request.get('/api/tenders/?filter_status=ACTIVE&page_size=50', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { results: TenderRow[] }).results.filter((t) => t.status === 'ACTIVE');
  const own = rows.find((t) => t.company_proposals > 0);
  expect(own, 'an ACTIVE demo tender with an offer of Demo Parts OÜ').toBeTruthy();
  return own as TenderRow;
}

test('the supplier sees its own offer form on an ACTIVE tender', async ({ page, request, loginAs }) => {
  const { token } = await loginAs('supplier');
  const tender = await activeTender(request, token);
  await page.goto(`/tenders/${tender.id}/view`);

  await expect(page.getByTestId('tender-status')).toHaveText('Aktiivne');
  await expect(page.getByText(tender.tender_code).first()).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  // The offer-entry table with its own offer lines pre-filled, the agreement and the buttons.
  await expect(page.locator('.offer-table')).toBeVisible();
  const prices = page.getByRole('textbox', { name: /^Hind km-ta \d$/ });
  await expect(prices.first()).toBeVisible();
  const values = await prices.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(
    values.some((v) => /^\d+([.,]\d+)?$/.test(v)),
    'an own price is filled in',
  ).toBe(true);
  await expect(page.getByTestId('agreement')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tee pakkumine' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tühista pakkumine' })).toBeVisible();
  // No other supplier is named and no sealed placeholders are shown to a supplier.
  await expect(page.getByText('Baltic Auto Supply AS')).toHaveCount(0);
  await expect(page.getByTestId('sealed-offer')).toHaveCount(0);
});

test('a buyer sees sealed placeholders and no supplier name or price on an ACTIVE tender', async ({
  page,
  request,
  loginAs,
}) => {
  const supplier = await apiLogin(request, 'supplier');
  const tender = await activeTender(request, supplier.token);
  await loginAs('contractor');
  await page.goto(`/tenders/${tender.id}/view`);

  await expect(page.getByTestId('tender-status')).toHaveText('Aktiivne');
  const lines = page.locator('.buyer-lines');
  await expect(lines).toBeVisible();
  await expect(page.getByTestId('sealed-offer').first()).toBeVisible();
  await expect(page.getByTestId('sealed-offer').first()).toContainText('Peidetud tarnija');
  const text = (await page.getByTestId('tender-view').textContent()) ?? '';
  for (const name of ['Demo Parts OÜ', 'Baltic Auto Supply AS', 'Nordic Bus Parts OÜ'])
    expect(text).not.toContain(name);
  // No price anywhere in the line table: only the masked "••••• €".
  expect((await lines.textContent()) ?? '').not.toMatch(/\d+(?:[.,]\d+)?\s*€/);
  await expect(page.getByTestId('offer-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tee pakkumine' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tühista hange' })).toBeVisible();
});

test('opened by its address, the view asks for the profile, the tender and its lines once each, before its code has loaded', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('supplier');
  const tender = await activeTender(request, token);
  const asked: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') || /\/TenderViewPage-[^/]+\.js$/.test(u.pathname))
      asked.push(u.pathname + u.search);
  });
  await page.goto(`/tenders/${tender.id}/view`);
  await expect(page.locator('.offer-table .ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Hind km-ta \d$/ }).first()).toBeVisible();

  const calls = (path: string) => asked.filter((a) => a.split('?')[0] === path);
  expect(calls('/api/profile/')).toHaveLength(1);
  expect(calls(`/api/tenders/${tender.id}/`)).toHaveLength(1);
  // The lines in the view's shape, asked for once (one page holds them all): the entry's request is the one the
  // view's query used.
  expect(calls('/api/details/')).toEqual([
    `/api/details/?tender=${tender.id}&page=1&page_size=250&fields=view&offers=3`,
  ]);
  const screenCode = asked.findIndex((a) => a.includes('/TenderViewPage-'));
  expect(screenCode, 'the view screen code is loaded').toBeGreaterThanOrEqual(0);
  expect(asked.indexOf(calls('/api/details/')[0]), 'the lines asked for first').toBeLessThan(screenCode);
});

test("the tender's head shows while its lines are still on their way, and a failed lines request says so", async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('supplier');
  const tender = await activeTender(request, token);
  // The lines answer held back until the head is checked.
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/details/?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/tenders/${tender.id}/view`);
  await expect(page.getByTestId('tender-status')).toHaveText('Aktiivne');
  await expect(page.getByText(tender.tender_code).first()).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/\d{2}:\d{2}:\d{2}/);
  await expect(page.locator('.offer-table')).toHaveCount(0);
  await expect(page.locator('.ant-skeleton')).toBeVisible();
  await page.screenshot({ path: `${shotsDir('view')}/head-before-lines.png` });
  release();
  await expect(page.locator('.offer-table .ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton')).toHaveCount(0);
  await page.unroute('**/api/details/?*');

  // The lines refused: the head stays, and the page says the lines could not be had instead of loading forever.
  await page.route('**/api/details/?*', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"detail":"not_found"}' }),
  );
  await page.reload();
  await expect(page.getByText(tender.tender_code).first()).toBeVisible();
  await expect(page.getByTestId('lines-load-error')).toContainText('Ei leitud');
  await expect(page.locator('.offer-table')).toHaveCount(0);
  await page.screenshot({ path: `${shotsDir('view')}/lines-refused.png` });
});
