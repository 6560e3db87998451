// Issue 33, award suggestions and price history as a buyer meets them: on a 30-line tender the contractor reviews
// the suggestions with their explanations, applies them, changes one line in its winner dialog (which shows the
// line's suggestion and the part's price history), confirms, and the purchase orders are what was chosen. The new
// dialogs pass axe. The @screenshots tests photograph the dialogs in et, ru and en at 1440 and 390 px.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AwardSuggestion, Tender } from '../packages/shared/src/index.ts';
import { apiLogin, expect, moveClock, pickOption, serverNow, shotsDir, test, wcag } from './fixtures.ts';

const SHOTS = shotsDir('suggestions');
const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });
const SUPPLIERS = {
  supplier: 'Demo Parts OÜ',
  supplier2: 'Baltic Auto Supply AS',
  supplier3: 'Nordic Bus Parts OÜ',
};

/**
 * A CHOOSING tender of `n` new pre-order lines (need 6 each, on parts ordered before when the demo data has them)
 * with offers of the three demo suppliers: a third of the lines cheapest at Demo Parts, a third split (Baltic has 4
 * at the lowest price, Nordic the rest), a third cheapest at Nordic. Dates from the server's clock.
 */
async function choosingTender(request: APIRequestContext, n: number) {
  const contractor = await apiLogin(request, 'contractor');
  const ct = auth(contractor.token);
  const warehouses = (await (await request.get('/api/warehouses/?is_active=true&page_size=1000', ct)).json())
    .results as { id: number; group: number }[];
  const wh = warehouses[0];
  // parts of the demo's orders first (they have a price history), then any
  const ordered = (await (await request.get('/api/tenders/?filter_status=ORDERED&page_size=5', ct)).json())
    .results as { id: number }[];
  const partIds: number[] = [];
  for (const t of ordered) {
    const lines = (await (await request.get(`/api/details/?tender=${t.id}&page_size=0`, ct)).json()) as {
      part: number;
    }[];
    for (const l of lines) if (!partIds.includes(l.part)) partIds.push(l.part);
  }
  const parts = (await (await request.get('/api/parts/?page_size=200', ct)).json()).results as {
    id: number;
  }[];
  for (const p of parts) if (!partIds.includes(p.id)) partIds.push(p.id);
  const producers = (await (await request.get('/api/producers/?is_active=true&page_size=50', ct)).json())
    .results as { id: number }[];

  const lines: { id: number; part_code: string; producer: number }[] = [];
  for (const part of partIds) {
    if (lines.length === n) break;
    const res = await request.post('/api/details/', {
      ...ct,
      data: { part, warehouse: wh.id, replenishment_qty: '6', replacement_qty: '0', qty: '6' },
    });
    expect(res.status(), await res.text()).toBe(201);
    const d = (await res.json()) as { id: number; part_code: string; blacklisted_producers: number[] };
    const producer = producers.find((p) => !d.blacklisted_producers.includes(p.id));
    if (!producer) continue;
    lines.push({ id: d.id, part_code: d.part_code, producer: producer.id });
  }
  expect(lines).toHaveLength(n);
  const t0 = await serverNow(request);
  const created = await request.post('/api/tenders/', {
    ...ct,
    data: {
      start: new Date(t0 + 60 * 60_000).toISOString(),
      finish: new Date(t0 + 120 * 60_000).toISOString(),
      group: wh.group,
      warehouse: wh.id,
      status: 'DRAFT',
      additional_info: 'e2e: award suggestions',
      details: lines.map((l) => ({ id: l.id, qty: '6' })),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: number }).id;
  expect((await request.patch(`/api/tenders/${id}/`, { ...ct, data: { status: 'WAITING' } })).status()).toBe(
    200,
  );
  await moveClock(request, t0 + 61 * 60_000);
  const third = Math.ceil(n / 3);
  const price = (role: keyof typeof SUPPLIERS, i: number) => {
    const kind = i < third ? 0 : i < 2 * third ? 1 : 2;
    const table = {
      supplier: ['10', '15', '14'],
      supplier2: ['12', '9', '13'],
      supplier3: ['13', '11', '8.5'],
    };
    return table[role][kind];
  };
  for (const role of ['supplier', 'supplier2', 'supplier3'] as const) {
    const s = await apiLogin(request, role);
    const res = await request.post(`/api/tenders/${id}/offer/`, {
      ...auth(s.token),
      data: {
        agreed: true,
        lines: lines.map((l, i) => ({
          detail: l.id,
          offers: [
            {
              producer: l.producer,
              price: price(role, i),
              delivery_date: new Date(t0 + (role === 'supplier3' ? 12 : 20) * 86_400_000)
                .toISOString()
                .slice(0, 10),
              product_code: `E2E-SUG-${i}`,
              ean_code: '4006381333931',
              available_qty: role === 'supplier2' && i >= third && i < 2 * third ? '4' : '6',
            },
          ],
        })),
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await moveClock(request, t0 + 121 * 60_000);
  const choosing = await request.patch(`/api/tenders/${id}/`, { ...ct, data: { status: 'CHOOSING' } });
  expect(choosing.status(), await choosing.text()).toBe(200);
  return { id, lines, third, token: contractor.token };
}

/** A line's row in the suggestions dialog, on whichever page of its table it is. */
async function rowOf(dialog: ReturnType<Page['getByRole']>, lineId: number) {
  const row = dialog.getByTestId(`suggestion-${lineId}`);
  const pages = dialog.locator('.ant-pagination-item');
  const n = await pages.count();
  for (let p = 1; p <= n && !(await row.isVisible()); p++) {
    await dialog.locator(`.ant-pagination-item-${p}`).click();
    await expect(dialog.locator(`.ant-pagination-item-${p}`)).toHaveClass(/ant-pagination-item-active/);
  }
  return row;
}

test('a buyer applies the suggestions to a 30-line tender, changes one line, confirms: the orders match', async ({
  page,
  request,
  loginAs,
}) => {
  test.setTimeout(900_000);
  const t = await choosingTender(request, 30);
  const suggestions = (await (
    await request.get(`/api/tenders/${t.id}/award_suggestions/`, auth(t.token))
  ).json()) as AwardSuggestion[];
  expect(suggestions).toHaveLength(30);
  await loginAs('contractor');
  await page.goto(`/tenders/${t.id}/view`);
  await page.getByTestId('apply-suggestions').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('suggest-summary')).toHaveText('30 real 30-st rakendatakse soovitus');
  const split = t.lines[t.third];
  await expect(await rowOf(dialog, t.lines[0].id)).toContainText(
    'odavaim 3 pakkumisest, 17 % odavam kui järgmine; tarnib',
  );
  await expect(await rowOf(dialog, split.id)).toContainText(
    `jagatud: ${SUPPLIERS.supplier2} pakub 4 / 6 madalaima hinnaga, ${SUPPLIERS.supplier3} ülejäänud 2`,
  );
  expect((await wcag(page).include('.ant-modal').analyze()).violations).toEqual([]);
  // one call applies them all (the server recomputes the suggestions and saves every line in one transaction)
  const applied = page.waitForResponse(
    (r) => r.url().endsWith(`/api/tenders/${t.id}/apply_suggestions/`) && r.request().method() === 'POST',
  );
  await dialog.getByTestId('apply-suggestions-confirm').click();
  expect(await (await applied).json()).toEqual({ applied: 30, skipped: 0, skipped_ids: [] });
  await expect(page.getByText('Soovitus rakendati 30 reale')).toBeVisible();
  await expect(dialog).toBeHidden();

  // One line changed: the first goes to Nordic instead of Demo Parts (its suggestion is still shown).
  const first = t.lines[0];
  await page
    .locator('tr', { hasText: first.part_code })
    .getByRole('button', { name: 'Vali võitjad' })
    .click();
  const winners = page.getByRole('dialog');
  await expect(winners.getByTestId('winner-suggestion')).toContainText(SUPPLIERS.supplier);
  await expect(winners.getByTestId('price-history')).toBeVisible();
  expect((await wcag(page).include('.ant-modal').analyze()).violations).toEqual([]);
  await pickOption(page, winners.getByLabel('Pakkumine'), SUPPLIERS.supplier3);
  await winners.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Võitjad salvestatud')).toBeVisible();
  await expect(winners).toBeHidden();

  await page.getByRole('button', { name: 'Kinnita võitjad' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Jah' }).click();
  await expect(page.getByText('Võitjad kinnitatud: hange on tellitud')).toBeVisible({ timeout: 120_000 });

  // The orders: each supplier's lines and amounts as suggested, but the first line at Nordic.
  const expected = new Map<string, Map<string, number>>();
  const add = (supplier: string, code: string, amount: number) => {
    const m = expected.get(supplier) ?? new Map<string, number>();
    m.set(code, (m.get(code) ?? 0) + amount);
    expected.set(supplier, m);
  };
  for (const s of suggestions) {
    const line = t.lines.find((l) => l.id === s.detail_id)!;
    if (line === first) add(SUPPLIERS.supplier3, line.part_code, 6);
    else
      for (const [i, w] of s.winners.entries())
        add(s.explanation.shares[i].supplier, line.part_code, Number(w.amount));
  }
  const tender = (await (
    await request.get(`/api/tenders/${t.id}/?export_data=true`, auth(t.token))
  ).json()) as Tender;
  expect(tender.status).toBe('ORDERED');
  const orders = new Map<string, Map<string, number>>();
  for (const o of tender.export_data?.orders ?? [])
    orders.set(
      o.supplier.name,
      new Map(o.details.map((d) => [d.part.code, Number(d.proposal.ordered_qty)] as [string, number])),
    );
  expect(orders).toEqual(expected);
  expect([...(orders.get(SUPPLIERS.supplier2)?.values() ?? [])]).toEqual(Array(10).fill(4));

  // The part-info modal now has the part's price history, with this order in it.
  await page.reload();
  await page.locator('tr', { hasText: first.part_code }).locator('button.part-link').click();
  const info = page.getByRole('dialog');
  await expect(info.getByTestId('price-history')).toContainText(SUPPLIERS.supplier3);
  await expect(info.getByTestId('price-median')).toBeVisible();
  expect((await wcag(page).include('.ant-modal').analyze()).violations).toEqual([]);
});

async function shoot(page: Page, name: string, open: () => Promise<void>) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await open();
    // the dialog as it stays, not half-way through its zoom
    await expect(page.locator('.ant-modal:visible').last()).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    await page.keyboard.press('Escape');
  }
}

for (const lang of ['et', 'ru', 'en'] as const)
  test(`award suggestion screenshots ${lang}`, { tag: '@screenshots' }, async ({ page, request }) => {
    test.setTimeout(240_000);
    const t = await choosingTender(request, 6);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await page.addInitScript((tk) => localStorage.setItem('token', tk), t.token);
    await page.goto(`/tenders/${t.id}/view`);
    await shoot(page, `${lang}-apply`, async () => {
      await page.getByTestId('apply-suggestions').click();
      await expect(page.getByRole('dialog').getByTestId('suggest-summary')).toBeVisible();
    });
    const row = page.locator('tr', { hasText: t.lines[t.third].part_code });
    await shoot(page, `${lang}-winners`, async () => {
      await row.locator('button.wrap-button').click();
      await expect(page.getByRole('dialog').getByTestId('price-median')).toBeVisible();
    });
    await shoot(page, `${lang}-part-info`, async () => {
      await row.locator('button.part-link').click();
      await expect(page.getByRole('dialog').getByTestId('price-median')).toBeVisible();
      expect((await wcag(page).include('.ant-modal').analyze()).violations).toEqual([]);
    });
  });
