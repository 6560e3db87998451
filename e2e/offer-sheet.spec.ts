// The supplier's offer tools (issue 34 points 1–3) on an ACTIVE tender of its own making: the offer sheet downloaded,
// filled offline and uploaded, reviewed (a bad cell, an unknown producer added) and sent with the normal submit; a
// draft that survives signing out and a new login on another device; the last offer. Screenshots in et, ru and en at
// 1440 and 390 px (@screenshots).
import { writeFile } from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  apiLogin,
  expect,
  moveClock,
  type Role,
  serverNow,
  shotsDir,
  test,
  unique,
  useToken,
  wcag,
} from './fixtures.ts';

const SHOTS = shotsDir('offer-sheet');
const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

interface FreeLine {
  id: number;
  qty: string;
  warehouse: number;
  blacklisted_producers_info?: { id: number }[];
}

/** An ACTIVE tender of two free lines of one warehouse, ending in three days; the clock moved to its start. */
async function activeTender(request: APIRequestContext) {
  const contractor = await apiLogin(request, 'contractor');
  const ct = auth(contractor.token);
  const free = (await (
    await request.get('/api/details/?status=PREPARED&page_size=0', ct)
  ).json()) as FreeLine[];
  const first = free.find(
    (l) => Number(l.qty) >= 1 && free.some((o) => o !== l && o.warehouse === l.warehouse),
  );
  expect(first, 'two free lines of one warehouse').toBeTruthy();
  if (!first) throw new Error('no lines');
  const lines = [first, free.find((o) => o !== first && o.warehouse === first.warehouse) as FreeLine];
  const wh = (await (await request.get(`/api/warehouses/${first.warehouse}/`, ct)).json()) as {
    group: number;
  };
  const t0 = await serverNow(request);
  const created = await request.post('/api/tenders/', {
    ...ct,
    data: {
      start: new Date(t0 + 60 * 60_000).toISOString(),
      finish: new Date(t0 + 3 * 24 * 60 * 60_000).toISOString(),
      group: wh.group,
      warehouse: first.warehouse,
      status: 'DRAFT',
      additional_info: 'e2e: offer sheet',
      details: lines.map((l) => ({ id: l.id, qty: l.qty })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  expect((await request.patch(`/api/tenders/${id}/`, { ...ct, data: { status: 'WAITING' } })).status()).toBe(
    200,
  );
  await moveClock(request, t0 + 61 * 60_000);
  const producers = (
    (await (await request.get('/api/producers/?is_active=true&page_size=50', ct)).json()) as {
      results: { id: number; name: string }[];
    }
  ).results;
  const blocked = new Set(lines.flatMap((l) => (l.blacklisted_producers_info ?? []).map((b) => b.id)));
  const producer = producers.find((p) => !blocked.has(p.id));
  if (!producer) throw new Error('no producer');
  return { id, producer, now: t0 + 61 * 60_000 };
}

let tender: Awaited<ReturnType<typeof activeTender>>;
test.beforeAll(async ({ request }) => {
  tender = await activeTender(request);
});

/** A page of its own (its own storage: another device) signed in as `role`, in a language and a width. */
async function pageAs(browser: Browser, request: APIRequestContext, role: Role, lang = 'et', width = 1440) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'et-EE',
    timezoneId: 'Europe/Tallinn',
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  await useToken(page, (await apiLogin(request, role)).token);
  return page;
}

const dayText = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
};
const excelDay = (ms: number) => Math.floor(ms / 86_400_000) + 25569;

async function downloadSheet(page: Page, label: string) {
  const [dl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label }).click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await dl.path());
  return wb;
}

test('a supplier downloads the offer sheet, fills it offline, uploads it, reviews it and sends the offer', async ({
  browser,
  request,
}) => {
  const page = await pageAs(browser, request, 'supplier3');
  await page.goto(`/tenders/${tender.id}/view`);
  await expect(page.getByTestId('offer-sheet-panel')).toBeVisible();
  const wb = await downloadSheet(page, 'Laadi pakkumise tabel alla');
  const ws = wb.getWorksheet('Pakkumine');
  if (!ws) throw new Error('no offer sheet');
  expect(ws.getCell('G3').value).toBe('Tootja');
  const first = Number(ws.getCell('A4').value);
  const second = Number(ws.getCell('A7').value);

  // As a spreadsheet program writes it: comma decimals and text dates, an Excel day number, an invalid EAN, a
  // producer the portal does not know.
  const newProducer = `E2E Tootja ${unique()}`;
  const cells: [string, ExcelJS.CellValue][] = [
    ['G4', tender.producer.name],
    ['H4', '12,5'],
    ['I4', dayText(tender.now + 20 * 86_400_000)],
    ['J4', 'E2E-1'],
    ['K4', '4006381333931'],
    ['G5', newProducer],
    ['H5', 8.4],
    ['I5', excelDay(tender.now + 25 * 86_400_000)],
    ['J5', 'E2E-2'],
    ['K5', '5901234123457'],
    ['G7', tender.producer.name],
    ['H7', '3,3'],
    ['I7', dayText(tender.now + 20 * 86_400_000)],
    ['J7', 'E2E-3'],
    ['K7', '12AB'],
  ];
  for (const [addr, v] of cells) ws.getCell(addr).value = v;
  const file = test.info().outputPath('filled.xlsx');
  await writeFile(file, Buffer.from(await wb.xlsx.writeBuffer()));

  await page.getByTestId('offer-sheet-file').setInputFiles(file);
  const review = page.getByRole('dialog', { name: 'Mida pakkumise tabel sisaldab' });
  await expect(review).toContainText('2 rida on valmis, 1 lahtris on viga');
  const errors = review.getByTestId('offer-sheet-errors');
  await expect(errors).toContainText('EAN-kood võib sisaldada ainult numbreid');
  const bad = errors.locator('tbody tr.ant-table-row').first();
  await expect(bad).toContainText('7');
  await expect(bad).toContainText('K');
  expect((await wcag(page).include('.ant-modal').analyze()).violations).toEqual([]);

  // The unknown producer is added as in the form.
  await review.getByRole('button', { name: `+ Lisa tootja ${newProducer}` }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Lisa' }).click();
  await expect(review.getByTestId('offer-sheet-unknown')).toContainText('lisatud');
  await review.getByTestId('offer-sheet-apply').click();
  await expect(review).toHaveCount(0);

  // In the form as unsent changes: the first part drafted, its values there.
  await expect(page.getByTestId(`part-state-${first}`)).toHaveText('Mustand, saatmata');
  await expect(page.getByTestId(`price-${first}-0`)).toHaveValue('12,5');
  await expect(page.getByTestId(`price-${first}-1`)).toHaveValue('8,4');
  await expect(page.getByTestId(`price-${second}-0`)).toHaveValue('');

  // The normal submit sends it.
  await page.getByTestId('agreement').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Tee pakkumine' }).click();
  await expect(page.getByText('Pakkumine salvestatud')).toBeVisible();
  const me = await apiLogin(request, 'supplier3');
  const lines = (await (
    await request.get(`/api/details/?tender=${tender.id}&page_size=0`, auth(me.token))
  ).json()) as { id: number; proposals: { price: string; producer: { name: string } }[] }[];
  const sent = lines.find((l) => l.id === first)?.proposals ?? [];
  expect(sent.map((p) => [p.price, p.producer.name]).sort()).toEqual(
    [
      ['12.5000', tender.producer.name],
      ['8.4000', newProducer],
    ].sort(),
  );
  expect(lines.find((l) => l.id === second)?.proposals ?? []).toEqual([]);
  await page.context().close();
});

test('a draft is kept when the supplier signs out and comes back after a new login on another device', async ({
  browser,
  request,
}) => {
  const page = await pageAs(browser, request, 'supplier2');
  await page.goto(`/tenders/${tender.id}/view`);
  const price = page.locator('[data-testid^="price-"]').first();
  await expect(price).toBeVisible();
  const testId = (await price.getAttribute('data-testid')) ?? '';
  const detail = testId.split('-')[1];
  await price.fill('33,3');
  await expect(page.getByTestId(`part-state-${detail}`)).toHaveText('Mustand, saatmata');
  // Signed out at once (before the draft's pause): the draft is saved on the way out.
  await page.getByRole('button', { name: 'Logi välja' }).click();
  await expect(page).toHaveURL(/\/$/);

  const other = await pageAs(browser, request, 'supplier2');
  await other.goto(`/tenders/${tender.id}/view`);
  await expect(other.getByTestId(testId)).toHaveValue('33,3');
  await expect(other.getByTestId(`part-state-${detail}`)).toHaveText('Mustand, saatmata');
  await expect(other.getByTestId('draft-status')).toContainText('mustandina');
  expect((await wcag(other).analyze()).violations).toEqual([]);

  // Never an offer: buyers see none of it, and nor does it count.
  const buyer = await apiLogin(request, 'contractor');
  expect((await request.get(`/api/tenders/${tender.id}/offer_draft/`, auth(buyer.token))).status()).toBe(403);
  const seen = await request.get(`/api/details/?tender=${tender.id}&page_size=0`, auth(buyer.token));
  expect(await seen.text()).not.toContain('33.3');
  await page.context().close();
  await other.context().close();
});

for (const lang of ['et', 'ru', 'en'] as const)
  for (const width of [1440, 390])
    test(`offer tools in ${lang} at ${width} px @screenshots`, async ({ browser, request }) => {
      const page = await pageAs(browser, request, 'supplier2', lang, width);
      await page.goto(`/tenders/${tender.id}/view`);
      await expect(page.getByTestId('offer-sheet-panel')).toBeVisible();
      await expect(page.getByTestId('draft-status')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/form-${lang}-${width}.png`, fullPage: false });
      const labels = {
        et: 'Laadi pakkumise tabel alla',
        ru: 'Скачать таблицу предложения',
        en: 'Download offer sheet',
      };
      const wb = await downloadSheet(page, labels[lang]);
      const ws = wb.worksheets[0];
      ws.getCell('K4').value = 'X1';
      ws.getCell('G4').value = `New ${unique()}`;
      ws.getCell('H4').value = '1,5';
      ws.getCell('I4').value = dayText(tender.now + 5 * 86_400_000);
      ws.getCell('J4').value = 'C-1';
      ws.getCell('G5').value = 'Unknown brand';
      ws.getCell('H5').value = '2,75';
      ws.getCell('I5').value = dayText(tender.now + 6 * 86_400_000);
      ws.getCell('J5').value = 'C-2';
      ws.getCell('K5').value = '123';
      const file = test.info().outputPath(`shot-${lang}-${width}.xlsx`);
      await writeFile(file, Buffer.from(await wb.xlsx.writeBuffer()));
      await page.getByTestId('offer-sheet-file').setInputFiles(file);
      await expect(page.getByTestId('offer-sheet-apply')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/review-${lang}-${width}.png` });
      await page.context().close();
    });
