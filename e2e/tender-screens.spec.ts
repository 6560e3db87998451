// Tender screens, the rest of "as people meet them": the history reads as sentences with names in the reader's
// language, the export page says why an export failed, the tender form keeps what was typed across an expired
// session, a missing tender is told once, the clear button of a search box is labelled and no Tab stop, the
// comments count matches the comments shown, the winner's reason does not cover the delivery date, and the list
// moves a tender on when its countdown ends. Screenshots at 1440 and 390 px.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  DEMO,
  DEMO_PASSWORD,
  expect,
  moveClock,
  serverNow,
  shotsDir,
  test,
  useToken,
} from './fixtures.ts';

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });
const SHOTS = shotsDir('tender-screens');

interface Row {
  id: number;
  tender_code: string;
  status: string;
  is_winner?: boolean;
  comments_options?: unknown[];
}
interface Line {
  id: number;
  qty: string;
  warehouse: number;
  supplier_comments: unknown[];
}

async function tenders(request: APIRequestContext, token: string, status: string): Promise<Row[]> {
  const res = await request.get(`/api/tenders/?filter_status=${status}&filter_start=2000-01-01&page_size=0`, {
    ...auth(token),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Row[]).filter((t) => t.status === status);
}

/** A DRAFT tender of the contractor with one free line, starting `startIn` ms after the server's now. */
async function draftTender(
  request: APIRequestContext,
  token: string,
  startIn = 3 * 3600_000,
  length = 3600_000,
) {
  const res = await request.get('/api/details/?status=PREPARED&page_size=0', auth(token));
  const line = ((await res.json()) as Line[]).find((l) => Number(l.qty) > 0) as Line;
  expect(line, 'a free line').toBeTruthy();
  const wres = await request.get('/api/warehouses/?is_active=true&page_size=1000', auth(token));
  const wh = ((await wres.json()) as { results: { id: number; group: number }[] }).results.find(
    (w) => w.id === line.warehouse,
  ) as { id: number; group: number };
  const base = Math.max(Date.now(), await serverNow(request));
  const created = await request.post('/api/tenders/', {
    ...auth(token),
    data: {
      status: 'DRAFT',
      start: new Date(base + startIn).toISOString(),
      finish: new Date(base + startIn + length).toISOString(),
      group: wh.group,
      warehouse: wh.id,
      details: [{ id: line.id, qty: line.qty }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const body = (await created.json()) as { id: number };
  return { tender: body.id, line: line.id, start: base + startIn, finish: base + startIn + length };
}

/** No toast is showing (a missing tender is told once, by the page). */
async function noToast(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
}

async function setLanguage(page: Page, lang: string) {
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
}

test.describe('readable history', () => {
  for (const lang of ['et', 'ru', 'en'] as const)
    for (const width of [1440, 390])
      test(`the history of an ORDERED tender reads as sentences (${lang}, ${width} px)`, async ({
        page,
        request,
        loginAs,
      }) => {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await setLanguage(page, lang);
        const { token } = await loginAs('admin');
        // The demo data's own (the first made): other specs order tenders of their own, with whole prices.
        const ordered = (await tenders(request, token, 'ORDERED')).sort((a, b) => a.id - b.id)[0];
        expect(ordered, 'an ORDERED demo tender').toBeTruthy();
        const lines = (await (
          await request.get(`/api/details/?tender=${ordered.id}&page_size=0`, auth(token))
        ).json()) as { proposals: { supplier_name: string | null }[]; winners: unknown[] }[];
        const supplierNames = new Set(lines.flatMap((l) => l.proposals.map((p) => p.supplier_name ?? '')));

        await page.goto(`/tenders/${ordered.id}/history`);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(ordered.tender_code);
        const sentences = page.getByTestId('history-sentence');
        await expect(sentences.first()).toBeVisible();
        const texts = await sentences.allInnerTexts();
        const all = texts.join('\n');
        // Names, not ids or field names.
        expect(all).not.toMatch(/#\d/);
        for (const raw of [
          'supplier_id',
          'proposal:',
          'detail:',
          'entity',
          'undefined',
          'null',
          'tender_code',
        ])
          expect(all).not.toContain(raw);
        expect(
          [...supplierNames].some((n) => n && all.includes(n)),
          'a supplier named',
        ).toBe(true);
        const words = {
          et: ['Hanke olek muutus', 'tegi pakkumise osale', 'võitjaks valiti'],
          ru: ['Статус тендера изменён', 'предложение по детали', 'Победителем по детали'],
          en: ['Tender status changed', 'made an offer for', 'chosen as the winner for'],
        }[lang];
        for (const w of words) expect(all).toContain(w);
        // Prices the reader's way: a comma in et and ru, a dot in en.
        const prices = all.match(/\d[\d\u00a0,.]* €/g) ?? [];
        expect(prices.length).toBeGreaterThan(0);
        if (lang === 'en') expect(prices.some((p) => /\d\.\d/.test(p))).toBe(true);
        else expect(prices.every((p) => !/\d\.\d/.test(p))).toBe(true);
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(scroll, 'no page wider than the screen').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}/history-${lang}-${width}.png` });
      });
});

test('the export page says why the last export failed', async ({ page, request, loginAs }) => {
  const { token } = await loginAs('admin');
  let failed: Row | undefined;
  for (const t of await tenders(request, token, 'ORDERED')) {
    const res = await request.get(`/api/tenders/${t.id}/export_data/`, auth(token));
    if (res.status() === 200 && ((await res.json()) as { status: string | null }).status === 'FAILED') {
      failed = t;
      break;
    }
  }
  expect(failed, 'a demo tender whose export failed').toBeTruthy();
  await page.goto(`/tenders/${failed?.id}/export`);
  await expect(page.getByTestId('export-status')).toHaveText('Ebaõnnestus');
  await expect(page.getByTestId('export-reason')).toContainText('Directo vastas:');
  await expect(page.getByTestId('export-reason')).toContainText('HTTP 503');
  await page.screenshot({ path: `${SHOTS}/export-failed-1440.png` });
});

test('the tender form keeps what was typed when the session expires and puts it back after login', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('contractor');
  const { tender, line } = await draftTender(request, token);
  await page.goto(`/tenders/${tender}/edit`);
  const qty = page.getByTestId(`chosen-qty-${line}`).locator('xpath=descendant-or-self::input');
  await expect(qty).toBeVisible();
  await qty.fill('7,5');
  await page.getByTestId('tender-additional').fill('Värav 2, helistada enne');

  // The session ends elsewhere; saving finds it gone and the login screen says so.
  const out = await request.post('/api/logout/', auth(token));
  expect(out.status()).toBeLessThan(300);
  await page.getByTestId('tender-save').click();
  await expect(page.getByTestId('session-expired')).toBeVisible({ timeout: 15_000 });

  await page.getByRole('tab', { name: 'E-post' }).click();
  await page.getByLabel('E-posti aadress').fill(DEMO.contractor);
  await page.getByLabel('Salasõna').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /Logi sisse/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tenders/${tender}/edit$`));
  await expect(page.getByText('Taastasime hankevormi salvestamata muudatused.')).toBeVisible();
  await expect(qty).toHaveValue('7,5');
  await expect(page.getByTestId('tender-additional')).toHaveValue('Värav 2, helistada enne');

  // Saved now; the kept copy is gone, so the form opens with the saved values and no "restored" message.
  const saved = page.waitForResponse(
    (r) => r.url().includes(`/api/tenders/${tender}/`) && r.request().method() === 'PATCH',
  );
  await page.getByTestId('tender-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/tenders$/);
  const keys = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('tender-form-draft')),
  );
  expect(keys).toEqual([]);
});

test('a missing tender is told once, on the page, for the view, form, history and export', async ({
  page,
  loginAs,
}) => {
  await loginAs('contractor');
  for (const path of ['view', 'edit', 'history', 'export']) {
    await page.goto(`/tenders/99999999/${path}`);
    await expect(page.getByTestId('tender-not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hanget ei saanud avada');
    await noToast(page);
  }
  await page.screenshot({ path: `${SHOTS}/missing-1440.png` });
});

test('the search box clear button is labelled in the interface language and no Tab stop', async ({
  page,
  loginAs,
}) => {
  await setLanguage(page, 'ru');
  await loginAs('contractor');
  await page.goto('/tenders');
  const search = page.getByRole('searchbox').or(page.locator('.ant-input-search input')).first();
  await search.fill('abc');
  const clear = page.locator('.ant-input-search .ant-input-clear-icon').first();
  await expect(clear).toHaveAttribute('aria-label', 'Очистить');
  await expect(clear).toHaveAttribute('tabindex', '-1');
  await search.focus();
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement?.className ?? '');
  expect(focused).not.toContain('clear-icon');
  await clear.click();
  await expect(search).toHaveValue('');
});

test('the comments count on the viewer button matches the comments it shows', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('admin');
  let chosen: { id: number; count: number } | undefined;
  for (const status of ['ORDERED', 'CHOOSING', 'FINISHED'])
    for (const t of await tenders(request, token, status)) {
      if (chosen) break;
      const one = (await (await request.get(`/api/tenders/${t.id}/`, auth(token))).json()) as Row;
      const lines = (await (
        await request.get(`/api/details/?tender=${t.id}&page_size=0`, auth(token))
      ).json()) as Line[];
      const parts = lines.reduce((n, l) => n + l.supplier_comments.length, 0);
      if (parts > 0) chosen = { id: t.id, count: parts + (one.comments_options?.length ?? 0) };
    }
  expect(chosen, 'a demo tender with part comments').toBeTruthy();
  await page.goto(`/tenders/${chosen?.id}/view`);
  const button = page.getByRole('button', { name: /Tarnijate kommentaarid \(\d+\)/ });
  await expect(button).toHaveText(`Tarnijate kommentaarid (${chosen?.count})`);
  await button.click();
  const modal = page.locator('.ant-modal').filter({ hasText: 'Tarnijate kommentaarid' }).last();
  await expect(modal.locator('.ant-list-item')).toHaveCount(chosen?.count ?? -1);
});

test('a winning supplier sees the reason below the price, clear of the delivery date', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('supplier');
  const won = (await tenders(request, token, 'ORDERED')).find((t) => t.is_winner);
  expect(won, 'an ORDERED demo tender the supplier won').toBeTruthy();
  await page.goto(`/tenders/${won?.id}/view`);
  const reason = page.getByTestId('winner-reason').first();
  await expect(reason).toBeVisible();
  const row = page.getByTestId('own-offer').filter({ has: reason }).first();
  const tag = await reason
    .locator('xpath=descendant-or-self::span[contains(@class,"ant-tag")]')
    .boundingBox();
  const date = await row.locator('td').nth(2).boundingBox();
  const price = await row.locator('td').nth(1).boundingBox();
  expect(tag && date && price).toBeTruthy();
  if (!tag || !date || !price) return;
  expect(tag.x + tag.width, 'the badge ends before the delivery date').toBeLessThanOrEqual(date.x + 0.5);
  expect(tag.x).toBeGreaterThanOrEqual(price.x - 0.5);
  await page.screenshot({ path: `${SHOTS}/supplier-ordered-1440.png` });

  // A phone: one card per part, the winning offer with its reason and ordered quantity, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByTestId('supplier-line-cards');
  await expect(cards).toBeVisible();
  const winning = cards.locator('.own-offer-card.offer-winner').first();
  await expect(winning.getByTestId('winner-reason')).toBeVisible();
  await expect(winning).toContainText('Tellitud kogus');
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(scroll, 'no page wider than the screen').toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/supplier-ordered-390.png`, fullPage: true });
});

test('the list shows a tender as finished once its countdown ends, without a reload', async ({
  request,
  browser,
}) => {
  const contractor = await apiLogin(request, 'admin');
  // Starts in 5 minutes, ends 30 minutes later (server clock).
  const { tender, start, finish } = await draftTender(request, contractor.token, 5 * 60_000, 30 * 60_000);
  const started = await request.patch(`/api/tenders/${tender}/`, {
    ...auth(contractor.token),
    data: { status: 'WAITING' },
  });
  expect(started.status(), await started.text()).toBe(200);
  await moveClock(request, start + 1000);
  const code = ((await (await request.get(`/api/tenders/${tender}/`, auth(contractor.token))).json()) as Row)
    .tender_code;

  const viewer = await apiLogin(request, 'contractor');
  const ctx = await browser.newContext();
  const sp = await ctx.newPage();
  await sp.clock.install();
  await useToken(sp, viewer.token);
  await sp.goto(`/tenders?search=${encodeURIComponent(code)}`);
  const row = sp.locator(`.resource-table tbody tr[data-row-key="${tender}"]`);
  await expect(row.getByTestId('tender-status')).toHaveText('Aktiivne');

  // The end passes on the server; the open list loads again by itself at that moment.
  await moveClock(request, finish + 1000);
  await sp.clock.fastForward(31 * 60_000);
  await expect(row.getByTestId('tender-status')).toHaveText('Lõppenud', { timeout: 15_000 });
  await ctx.close();
});

test('the tender list scrolls under the app bar: its header stays just below it and no row covers it', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.setViewportSize({ width: 1366, height: 600 });
  await page.goto('/tenders');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.mouse.move(700, 400);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const seen = await page.evaluate(() => {
    const bar = (document.querySelector('.shell-header') as HTMLElement).getBoundingClientRect();
    // The fixed code and status columns once painted over the bar (their z-index was above it).
    const onBar = [300, 700, 1200].map(
      (x) => !!document.elementFromPoint(x, bar.height / 2)?.closest('.shell-header'),
    );
    const head = (document.querySelector('.ant-table-thead') as HTMLElement).getBoundingClientRect();
    return { onBar, gap: Math.round(head.top - bar.bottom) };
  });
  expect(seen.onBar).toEqual([true, true, true]);
  expect(Math.abs(seen.gap)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: `${SHOTS}/list-scrolled-1366.png` });
});

test('the tender list on a phone: the drawer menu and the key columns; wider, the side menu and every column', async ({
  page,
  loginAs,
}) => {
  await loginAs('contractor');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tenders');
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  // The filter, the search box and the table, top to bottom; no loading spinner left on the page.
  const top = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
  const filter = await top('.ant-collapse');
  const search = await top('.tender-toolbar');
  const table = await top('.resource-table');
  expect(filter).toBeLessThan(search);
  expect(search).toBeLessThan(table);
  await expect(page.locator('.page-loading')).toHaveCount(0);
  for (const name of ['Kood', 'Lõpp', 'Staatus'])
    await expect(page.getByRole('columnheader', { name, exact: true }).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Algus', exact: true })).toHaveCount(0);
  await expect(page.locator('.shell-sider')).toHaveCount(0);
  await page.getByTestId('menu-toggle').click();
  await expect(page.getByTestId('menu-drawer')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('menu-drawer')).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.locator('.shell-sider')).toBeVisible();
  for (const name of ['Algus', 'Osi', 'Looja', 'Sünkroon'])
    await expect(page.getByRole('columnheader', { name, exact: true }).first()).toBeVisible();
});
