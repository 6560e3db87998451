// The tender journey: a contractor creates and starts a tender in the form; two suppliers offer in the view
// (one first hits a bad EAN and a blacklisted producer and corrects them), a third offers through the API;
// the test clock ends the tender; the contractor starts choosing, picks two winners on one part with amounts
// and a comment, confirms and downloads the PDF; a winning supplier downloads its file from the list, the
// losing supplier gets no download button and the server refuses it the file.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  apiLogin,
  confirmYes,
  expect,
  moveClock,
  pickOption,
  type Role,
  serverNow,
  settledOption,
  test,
  useToken,
} from './fixtures.ts';

interface Line {
  id: number;
  part: number;
  part_code: string;
  part_name: string;
  qty: string;
  warehouse: number;
  blacklisted_producers_info: { id: number; name: string }[];
}
interface Named {
  id: number;
  name: string;
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

/** "DD.MM.YYYY HH:mm" (or "DD.MM.YYYY") as the browser shows it in Europe/Tallinn. */
function tallinn(d: Date, withTime = true): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Tallinn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  const date = `${p.day}.${p.month}.${p.year}`;
  return withTime ? `${date} ${p.hour}:${p.minute}` : date;
}

async function producerId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const res = await request.get(
    `/api/producers/?is_active=true&page_size=5&name__icontains=${encodeURIComponent(name)}`,
    auth(token),
  );
  const found = ((await res.json()) as { results: Named[] }).results.find((p) => p.name === name);
  expect(found, `producer ${name}`).toBeTruthy();
  return (found as Named).id;
}

/** A page of its own (own browser context) logged in as `role`. */
async function pageAs(browser: Browser, request: APIRequestContext, role: Role): Promise<Page> {
  const { token } = await apiLogin(request, role);
  const ctx = await browser.newContext({ acceptDownloads: true });
  const page = await ctx.newPage();
  await useToken(page, token);
  return page;
}

/**
 * Searches the form's free lines and waits until the list shows the answer to that search. The search reaches the
 * URL in a router transition and the old rows stay on screen (without a spinner) until the new page of lines
 * arrives, so "no spinner" alone can be seen before the search has even started: wait for the answer itself.
 */
async function searchFreeLines(page: Page, code: string) {
  const available = page.getByTestId('available-lines');
  const search = available.locator('input').first();
  const already = new URL(page.url()).searchParams.get('search') === code;
  const answered = already
    ? null
    : page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/api/details/' &&
          new URL(r.url()).searchParams.get('search') === code &&
          r.status() === 200,
      );
  await search.fill(code);
  await search.press('Enter');
  await answered;
  await expect(search).toHaveValue(code);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(code);
  await expect(available.locator('.ant-spin-spinning')).toHaveCount(0);
}

/** One offer line of the supplier form: producer (searched), price, delivery date, product code, EAN. */
async function fillOffer(
  page: Page,
  detail: number,
  n: number,
  o: { producer: string; price: string; date: string; code: string; ean: string },
) {
  const row = page.getByTestId(`offer-${detail}-${n}`);
  await setProducer(page, detail, n, o.producer);
  await row.getByRole('textbox', { name: `Hind km-ta ${n + 1}` }).fill(o.price);
  const date = row.getByRole('textbox', { name: `Tarnekuupäev ${n + 1}` });
  await date.click();
  await date.fill(o.date);
  await date.press('Enter');
  await row.getByRole('textbox', { name: `Tootekood ${n + 1}` }).fill(o.code);
  await row.getByRole('textbox', { name: `EAN-kood ${n + 1}` }).fill(o.ean);
}

async function setProducer(page: Page, detail: number, n: number, name: string) {
  const select = page.getByTestId(`offer-${detail}-${n}`).locator('.offer-producer');
  await select.click();
  await select.locator('input').fill(name);
  await (await settledOption(page, select, new RegExp(`^${name}$`))).click();
}

test('tender journey: create and start, offers, clock end, winners, order files', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const contractor = await apiLogin(request, 'contractor');

  // ---------- the lines: one whose part has a blacklisted producer, and one more of the same warehouse ----------
  const res = await request.get('/api/details/?status=PREPARED&page_size=0', auth(contractor.token));
  expect(res.status()).toBe(200);
  const prepared = (await res.json()) as Line[];
  const roomy = (l: Line) => Number(l.qty) >= 2;
  let target = prepared.find((l) => roomy(l) && l.blacklisted_producers_info.length > 0);
  if (!target) {
    target = prepared.find(roomy) as Line;
    const add = await request.post('/api/black_lists/', {
      ...auth(contractor.token),
      data: {
        part: target.part,
        producers: [await producerId(request, contractor.token, 'SKF')],
        is_active: true,
        comment: 'e2e: kvaliteediprobleemid',
      },
    });
    expect(add.status()).toBe(201);
    target.blacklisted_producers_info = [{ id: 0, name: 'SKF' }];
  }
  const blacklisted = target.blacklisted_producers_info[0].name;
  const other = prepared.find(
    (l) => l.warehouse === target.warehouse && l.id !== target.id && Number(l.qty) > 0,
  ) as Line;
  expect(other, 'a second free line in the warehouse').toBeTruthy();
  const wres = await request.get('/api/warehouses/?is_active=true&page_size=1000', auth(contractor.token));
  const warehouse = (
    (await wres.json()) as { results: (Named & { code: string; group_name: string })[] }
  ).results.find((w) => w.id === target.warehouse) as Named & { code: string; group_name: string };

  // The period: from the next quarter hour at least an hour ahead of both clocks, for two hours.
  const base = Math.max(Date.now(), await serverNow(request)) + 60 * 60_000;
  const start = new Date(Math.ceil(base / 900_000) * 900_000);
  const finish = new Date(start.getTime() + 2 * 60 * 60_000);

  // ---------- contractor: the form ----------
  const buyer = await pageAs(browser, request, 'contractor');
  await buyer.goto('/tenders');
  await buyer.getByTestId('add-tender').click();
  await expect(buyer).toHaveURL(/\/tenders\/add$/);
  await expect(buyer.getByRole('heading', { name: 'Uus hange' })).toBeVisible();

  // Starting an empty form shows the required fields.
  await buyer.getByTestId('tender-start-button').click();
  await expect(buyer.getByText('Kohustuslik väli').first()).toBeVisible();

  for (const [label, value] of [
    [/^\*?\s*Algus$/, tallinn(start)],
    [/^\*?\s*Lõpp$/, tallinn(finish)],
  ] as const) {
    const input = buyer.getByRole('textbox', { name: label });
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }
  await pickOption(buyer, buyer.getByTestId('tender-group'), warehouse.group_name);
  await pickOption(buyer, buyer.getByTestId('tender-warehouse'), `${warehouse.name} (${warehouse.code})`);
  await buyer.getByTestId('tender-additional').fill('E2E: pidurid ja filtrid, tarne depoosse.');

  // Pick the two lines from the free lines (searching by part code), then order 4 of the first.
  const available = buyer.getByTestId('available-lines');
  for (const line of [target, other]) {
    await searchFreeLines(buyer, line.part_code);
    await available.getByTestId(`add-line-${line.id}`).click();
    await expect(buyer.getByTestId('chosen-lines').locator(`tr[data-row-key="${line.id}"]`)).toBeVisible();
  }
  await expect(available.getByTestId(`add-line-${target.id}`)).toHaveCount(0);
  const qty = buyer.getByTestId(`chosen-qty-${target.id}`).locator('xpath=descendant-or-self::input');
  await qty.fill('4');
  await expect(buyer.getByTestId('total-qty')).toHaveText(String(4 + Number(other.qty)));

  const created = buyer.waitForResponse(
    (r) => r.url().endsWith('/api/tenders/') && r.request().method() === 'POST',
  );
  await buyer.getByTestId('tender-start-button').click();
  const createdRes = await created;
  expect(createdRes.status()).toBe(201);
  const tenderId = ((await createdRes.json()) as { id: number }).id;
  await expect(buyer.getByText('Hange käivitatud')).toBeVisible();
  await expect(buyer).toHaveURL(/\/tenders$/);
  const row = buyer.locator(`tr[data-row-key="${tenderId}"]`);
  await expect(row.getByTestId('tender-status')).toHaveText('Ootel');
  await expect(row).toContainText(tallinn(start));

  // ---------- the clock opens the tender ----------
  const opened = await moveClock(request, new Date(start.getTime() + 60_000));
  expect(opened.activated).toContain(tenderId);

  // ---------- supplier 1: a bad EAN and a blacklisted producer, then corrected ----------
  const deliver = tallinn(new Date(finish.getTime() + 7 * 86_400_000), false);
  const s1 = await pageAs(browser, request, 'supplier');
  await s1.goto(`/tenders/${tenderId}/view`);
  await expect(s1.getByTestId('tender-status')).toHaveText('Aktiivne');
  await fillOffer(s1, target.id, 0, {
    producer: blacklisted,
    price: '12,50',
    date: deliver,
    code: 'BRK-2201',
    ean: '40063813x3931',
  });
  await s1.getByTestId('agreement').click();
  await s1.getByRole('button', { name: 'Tee pakkumine' }).click();
  const line0 = s1.getByTestId(`offer-${target.id}-0`);
  await expect(line0).toContainText('EAN-kood võib sisaldada ainult numbreid');
  await line0.getByRole('textbox', { name: 'EAN-kood 1' }).fill('4006381333931');
  await s1.getByRole('button', { name: 'Tee pakkumine' }).click();
  await expect(line0).toContainText('Tootja on selle osa mustas nimekirjas');
  await setProducer(s1, target.id, 0, 'Bosch');
  await s1.getByRole('button', { name: 'Tee pakkumine' }).click();
  await expect(s1).toHaveURL(/\/tenders$/);

  // ---------- supplier 2 offers in the view, supplier 3 through the API ----------
  const s2 = await pageAs(browser, request, 'supplier2');
  await s2.goto(`/tenders/${tenderId}/view`);
  await fillOffer(s2, target.id, 0, {
    producer: 'Hella',
    price: '11,90',
    date: deliver,
    code: 'HL-8841',
    ean: '4082300123457',
  });
  await s2.getByTestId('agreement').click();
  await s2.getByRole('button', { name: 'Tee pakkumine' }).click();
  await expect(s2).toHaveURL(/\/tenders$/);

  const s3 = await apiLogin(request, 'supplier3');
  const offer3 = await request.post(`/api/tenders/${tenderId}/offer/`, {
    ...auth(s3.token),
    data: {
      agreed: true,
      lines: [
        {
          detail: target.id,
          offers: [
            {
              producer: await producerId(request, s3.token, 'ZF'),
              price: '14.10',
              delivery_date: new Date(finish.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
              product_code: 'ZF-0001',
              ean_code: '4012345678901',
            },
          ],
        },
      ],
    },
  });
  expect(offer3.status()).toBe(200);

  // ---------- the clock ends it; the contractor chooses two winners on the part ----------
  const ended = await moveClock(request, new Date(finish.getTime() + 60_000));
  expect(ended.finished).toContain(tenderId);
  await buyer.goto(`/tenders/${tenderId}/view`);
  await expect(buyer.getByTestId('tender-status')).toHaveText('Lõppenud');
  await buyer.getByRole('button', { name: 'Alusta hindamist' }).click();
  await confirmYes(buyer);
  await expect(buyer.getByTestId('tender-status')).toHaveText('Hindamisel');

  await buyer
    .locator(`.buyer-lines tr[data-row-key="${target.id}"]`)
    .getByRole('button', { name: 'Vali võitjad' })
    .click();
  const modal = buyer.locator('.ant-modal').filter({ hasText: 'Võitjad:' });
  await pickOption(
    buyer,
    modal.getByTestId('winner-row-0').getByRole('combobox', { name: 'Pakkumine' }),
    'Demo Parts OÜ',
  );
  await modal.getByRole('button', { name: 'Lisa võitja' }).click();
  await pickOption(
    buyer,
    modal.getByTestId('winner-row-1').getByRole('combobox', { name: 'Pakkumine' }),
    'Baltic Auto Supply AS',
  );
  for (const [i, amount, reason] of [
    [0, '1', 'Tarneaeg'],
    [1, '3', 'Hind'],
  ] as const) {
    const r = modal.getByTestId(`winner-row-${i}`);
    await r.getByRole('textbox', { name: 'Kogus' }).fill(amount);
    await pickOption(buyer, r.getByRole('combobox', { name: 'Põhjus' }), reason);
  }
  // With two winners a comment is required.
  await modal.getByRole('button', { name: 'Salvesta' }).click();
  await expect(modal.getByText('Mitme võitja korral on kommentaar kohustuslik')).toBeVisible();
  await modal
    .getByRole('textbox', { name: 'Kommentaar' })
    .fill('Jagatud tarne: kiirem osa Demo Partsilt, ülejäänu odavaimalt.');
  await modal.getByRole('button', { name: 'Salvesta' }).click();
  await expect(modal).toHaveCount(0);
  const winners = buyer.locator(`.buyer-lines tr[data-row-key="${target.id}"]`);
  await expect(winners).toContainText('Demo Parts OÜ');
  await expect(winners).toContainText('Baltic Auto Supply AS');

  await buyer.getByRole('textbox', { name: 'Kinnitaja kommentaar' }).fill('Kinnitatud e2e testis.');
  await buyer.getByRole('button', { name: 'Kinnita võitjad' }).click();
  await confirmYes(buyer);
  await expect(buyer.getByTestId('tender-status')).toHaveText('Tellitud');

  const buyerPdf = buyer.waitForEvent('download');
  await buyer.getByRole('button', { name: 'Laadi alla PDF' }).click();
  expect((await buyerPdf).suggestedFilename()).toMatch(/\.pdf$/);

  // ---------- the winning supplier downloads its file from the list ----------
  await s1.goto('/tenders');
  const s1Row = s1.locator(`tr[data-row-key="${tenderId}"]`);
  await expect(s1Row.getByTestId('tender-status')).toHaveText('Tellitud');
  await s1Row.getByTestId(`download-pdf-${tenderId}`).click();
  const s1Pdf = s1.waitForEvent('download');
  await confirmYes(s1);
  const file = await s1Pdf;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);

  // ---------- the losing supplier sees the tender but gets no file ----------
  const s3Page = await pageAs(browser, request, 'supplier3');
  await s3Page.goto('/tenders');
  const s3Row = s3Page.locator(`tr[data-row-key="${tenderId}"]`);
  await expect(s3Row.getByTestId('tender-status')).toHaveText('Tellitud');
  await expect(s3Row.getByTestId(`download-pdf-${tenderId}`)).toHaveCount(0);
  await expect(s3Row.getByTestId(`download-excel-${tenderId}`)).toHaveCount(0);
  await s3Page.goto(`/tenders/${tenderId}/view`);
  await expect(s3Page.getByTestId('tender-status')).toHaveText('Tellitud');
  await expect(s3Page.getByRole('button', { name: 'Laadi alla PDF' })).toHaveCount(0);
  const refused = await request.get(`/api/tenders/${tenderId}/export_pdf/`, auth(s3.token));
  expect(refused.status()).toBe(403);
});

test('draft: client rules, save, edit and remove a line, delete the empty draft from the list', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const contractor = await apiLogin(request, 'contractor');
  const res = await request.get('/api/details/?status=PREPARED&page_size=0', auth(contractor.token));
  const line = ((await res.json()) as Line[]).find((l) => Number(l.qty) > 0) as Line;
  const wres = await request.get('/api/warehouses/?is_active=true&page_size=1000', auth(contractor.token));
  const warehouse = (
    (await wres.json()) as { results: (Named & { code: string; group_name: string })[] }
  ).results.find((w) => w.id === line.warehouse) as Named & { code: string; group_name: string };
  const base = Math.max(Date.now(), await serverNow(request));
  const future = new Date(Math.ceil((base + 3 * 3600_000) / 900_000) * 900_000);

  const page = await pageAs(browser, request, 'contractor');
  // The form reads its values from the query: group and warehouse are pre-selected.
  await page.goto(
    `/tenders/add?group=${(await groupId(request, contractor.token, warehouse.group_name)) ?? ''}&warehouse=${warehouse.id}`,
  );
  await expect(page.getByTestId('available-lines')).toBeVisible();
  const startInput = page.getByRole('textbox', { name: /^\*?\s*Algus$/ });
  const finishInput = page.getByRole('textbox', { name: /^\*?\s*Lõpp$/ });
  // An end only 15 minutes after the start: refused by the shared form rules.
  for (const [input, value] of [
    [startInput, tallinn(new Date(future.getTime() - 15 * 60_000))],
    [finishInput, tallinn(future)],
  ] as const) {
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  await page.getByTestId('tender-save').click();
  await expect(page.getByText('Hange peab kestma vähemalt 30 minutit')).toBeVisible();
  await startInput.click();
  await startInput.fill(tallinn(new Date(future.getTime() - 60 * 60_000)));
  await startInput.press('Enter');

  // Starting needs a line; a draft may be saved with one.
  await page.getByTestId('tender-start-button').click();
  await expect(page.getByTestId('chosen-lines-error')).toHaveText('Palun valige vähemalt üks rida');
  await searchFreeLines(page, line.part_code);
  await page.getByTestId(`add-line-${line.id}`).click();
  await expect(page.getByTestId('chosen-lines').locator(`tr[data-row-key="${line.id}"]`)).toBeVisible();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/tenders/') && r.request().method() === 'POST',
  );
  await page.getByTestId('tender-save').click();
  const id = ((await (await saved).json()) as { id: number }).id;
  await expect(page.getByText('Mustand lisatud')).toBeVisible();
  await expect(page).toHaveURL(/\/tenders$/);

  // The DRAFT's code opens the form; with a line it cannot be deleted yet.
  const row = page.locator(`tr[data-row-key="${id}"]`);
  await expect(row.getByTestId('tender-status')).toHaveText('Mustand');
  await expect(row.getByTestId(`delete-${id}`)).toHaveCount(0);
  await row.getByTestId(`tender-link-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/tenders/${id}/edit$`));
  await expect(page.getByTestId('chosen-lines').locator(`tr[data-row-key="${line.id}"]`)).toBeVisible();
  await page.getByTestId(`remove-line-${line.id}`).click();
  // The removed line is offered again among the free lines.
  await expect(page.getByTestId(`add-line-${line.id}`)).toBeVisible();
  await page.getByTestId('tender-save').click();
  await expect(page.getByText('Mustand uuendatud')).toBeVisible();
  await expect(page).toHaveURL(/\/tenders$/);

  // Now empty: delete it, after a confirmation.
  await row.getByTestId(`delete-${id}`).click();
  await confirmYes(page);
  await expect(page.getByText('Kustutatud')).toBeVisible();
  await expect(page.locator(`tr[data-row-key="${id}"]`)).toHaveCount(0);
  const gone = await request.get(`/api/details/${line.id}/`, auth(contractor.token));
  expect(((await gone.json()) as { status: string }).status).toBe('PREPARED');
});

test('list per role: a buyer filters and exports, a supplier watches', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const buyer = await pageAs(browser, request, 'contractor');
  await buyer.goto('/tenders');
  await expect(buyer.locator('.resource-table tbody tr[data-row-key]').first()).toBeVisible();
  // Status filter: only ORDERED tenders remain.
  const statusFilter = buyer.getByRole('combobox', { name: 'Staatus' });
  await statusFilter.click();
  await (await settledOption(buyer, statusFilter, 'Tellitud')).click();
  await buyer.keyboard.press('Escape');
  await buyer.getByTestId('filter-search').click();
  await expect(buyer).toHaveURL(/filter_status=ORDERED/);
  const statuses = buyer.locator('.resource-table tbody tr[data-row-key]').getByTestId('tender-status');
  await expect(statuses.first()).toHaveText('Tellitud');
  expect(new Set(await statuses.allInnerTexts())).toEqual(new Set(['Tellitud']));
  const xlsx = buyer.waitForEvent('download');
  await buyer.getByTestId('export-all').click();
  expect((await xlsx).suggestedFilename()).toBe('export.xlsx');
  // Reset returns the default filter (start from the beginning of the previous month).
  await buyer.getByTestId('filter-reset').click();
  await expect(buyer).not.toHaveURL(/filter_status/);

  const supplier = await pageAs(browser, request, 'supplier2');
  await supplier.goto('/tenders');
  const first = supplier.locator('.resource-table tbody tr[data-row-key]').first();
  await expect(first).toBeVisible();
  // No selection boxes, export buttons or sync column for a supplier.
  await expect(supplier.locator('.resource-table .ant-checkbox')).toHaveCount(0);
  await expect(supplier.getByTestId('export-all')).toHaveCount(0);
  await expect(supplier.getByRole('columnheader', { name: 'Sünkroon' })).toHaveCount(0);
  const id = await first.getAttribute('data-row-key');
  const toggle = first.getByTestId(`watch-${id}`);
  const label = await toggle.getAttribute('aria-label');
  await toggle.click();
  await confirmYes(supplier);
  await expect(
    supplier.getByText(label === 'Jälgi' ? 'Hange jälgimisel' : 'Hanke jälgimine lõpetatud'),
  ).toBeVisible();
  await expect(first.getByTestId(`watch-${id}`)).toHaveAttribute(
    'aria-label',
    label === 'Jälgi' ? 'Lõpeta jälgimine' : 'Jälgi',
  );
});

async function groupId(request: APIRequestContext, token: string, name: string): Promise<number | undefined> {
  const res = await request.get('/api/groups/?page_size=100', auth(token));
  return ((await res.json()) as { results: Named[] }).results.find((g) => g.name === name)?.id;
}
