// Issue 32, points 1, 4 and 8 as a buyer meets them: a finished tender counts down its 48 hours to choose the
// winners, the list filters and marks the overdue ones, the winner dialog says in words when an amount is more than
// the offer has available and saves it only when confirmed, and a large order is marked "written contract needed".
// Screenshots at 1440 and 390 px go to SHOTS_DIR/choose-clock.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, moveClock, pickOption, serverNow, shotsDir, test } from './fixtures.ts';

const SHOTS = shotsDir('choose-clock');
const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 390 });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

/**
 * A FINISHED tender of the contractor with one free line (its need above 1) and one offer of 1 available at
 * 10 000 € a piece from Demo Parts OÜ: the clock moved to just after its end.
 */
async function finishedTender(request: APIRequestContext) {
  const contractor = await apiLogin(request, 'contractor');
  const supplier = await apiLogin(request, 'supplier');
  const ct = auth(contractor.token);
  const free = (await (await request.get('/api/details/?status=PREPARED&page_size=0', ct)).json()) as {
    id: number;
    qty: string;
    warehouse: number;
    blacklisted_producers_info?: { id: number }[];
  }[];
  const line = free.find((l) => Number(l.qty) >= 2);
  expect(line, 'a free line with a need of 2 or more').toBeTruthy();
  if (!line) throw new Error('no line');
  const wh = (await (await request.get(`/api/warehouses/${line.warehouse}/`, ct)).json()) as {
    group: number;
  };
  const t0 = await serverNow(request);
  const created = await request.post('/api/tenders/', {
    ...ct,
    data: {
      start: new Date(t0 + 60 * 60_000).toISOString(),
      finish: new Date(t0 + 120 * 60_000).toISOString(),
      group: wh.group,
      warehouse: line.warehouse,
      status: 'DRAFT',
      additional_info: 'e2e: 48 hours to choose',
      details: [{ id: line.id, qty: line.qty }],
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
      results: { id: number }[];
    }
  ).results;
  const producer = producers.find((p) => !(line.blacklisted_producers_info ?? []).some((b) => b.id === p.id));
  const offered = await request.post(`/api/tenders/${id}/offer/`, {
    ...auth(supplier.token),
    data: {
      agreed: true,
      lines: [
        {
          detail: line.id,
          offers: [
            {
              producer: producer?.id,
              price: '10000',
              delivery_date: new Date(t0 + 20 * 86_400_000).toISOString().slice(0, 10),
              product_code: 'E2E-48H',
              ean_code: '4006381333931',
              available_qty: '1',
            },
          ],
        },
      ],
    },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  await moveClock(request, t0 + 121 * 60_000);
  return { id, line: line.id, contractor };
}

test('48 hours to choose, a winner above the offer confirmed, the large order marked', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(300_000);
  const t = await finishedTender(request);
  await loginAs('contractor');
  await page.goto(`/tenders/${t.id}/view`);
  const clock = page.getByTestId('choose-clock');
  await expect(clock).toBeVisible();
  await expect(clock).toHaveAttribute('data-overdue', 'false');
  await expect(page.getByTestId('choose-countdown')).toContainText(/jäänud 1 p 2\d:\d\d:\d\d/);
  await shoot(page, 'countdown', () => expect(page.getByTestId('choose-clock')).toBeVisible());

  // Choosing: the only offer has 1 available; the line needs more.
  const choosing = await request.patch(`/api/tenders/${t.id}/`, {
    ...auth(t.contractor.token),
    data: { status: 'CHOOSING' },
  });
  expect(choosing.status(), await choosing.text()).toBe(200);
  await page.reload();
  const choose = page
    .locator(`.buyer-lines tr[data-row-key="${t.line}"]`)
    .getByRole('button', { name: 'Vali võitjad' });
  await choose.click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Võitjad:' });
  const pick = async () => {
    await pickOption(
      page,
      dialog.getByTestId('winner-row-0').getByRole('combobox', { name: 'Pakkumine' }),
      'Demo Parts OÜ',
    );
  };
  await pick();
  const warning = dialog.getByTestId('above-available-0');
  await expect(warning).toContainText('on rohkem, kui selles pakkumises on saadaval (1)');
  // Photographed at both widths with the dialog opened anew; it stays open (390 px) for the save below.
  await shoot(page, 'above-available', async () => {
    await choose.click();
    await pick();
    await expect(dialog.getByTestId('above-available-0')).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  // Asked first, then saved.
  const ask = page
    .locator('.ant-modal-confirm')
    .filter({ hasText: 'Tellida rohkem, kui pakkumises on saadaval?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Telli siiski' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = (await (await request.get(`/api/details/${t.line}/`, auth(t.contractor.token))).json()) as {
    winners: unknown[];
  };
  expect(saved.winners).toHaveLength(1);

  // Confirmed: the order (10 000 € × the need) needs a written contract.
  const patched = await request.patch(`/api/tenders/${t.id}/`, {
    ...auth(t.contractor.token),
    data: { status: 'ORDERED' },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('large-orders')).toContainText('Vajalik kirjalik leping');
  await shoot(page, 'large-order', () => expect(page.getByTestId('large-orders')).toBeVisible());
  await page.goto(`/tenders/${t.id}/export`);
  await expect(page.getByTestId('contract-needed').first()).toBeVisible();
});

test('the tender list filters and marks the tenders whose winners are overdue', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/tenders?filter_overdue=true&filter_start=2000-01-01');
  const marks = page.getByTestId('tender-overdue');
  await expect(marks.first()).toBeVisible();
  const rows = page.locator('.ant-table-row');
  expect(await rows.count()).toBe(await marks.count());
  await shoot(page, 'overdue-list', () => expect(page.getByTestId('tender-overdue').first()).toBeVisible());
  // The view of an overdue tender says so in words.
  await page.getByTestId('tender-overdue').first().locator('xpath=ancestor::tr').locator('a').first().click();
  await expect(page.getByTestId('choose-clock')).toHaveAttribute('data-overdue', 'true');
  await expect(page.getByTestId('choose-clock')).toContainText('Tähtaeg ületatud');
  await shoot(page, 'overdue-view', () => expect(page.getByTestId('choose-clock')).toBeVisible());
});
