// Named to run before terms.spec.ts, which moves the clock past the demo data's ACTIVE tenders (specs run in name order).
// What a careful user meets on a phone, at 200 % zoom and with the keyboard alone: no screen wider than the window
// (390 px, and 640 px = a 1280 px window zoomed to 200 %), a skip link first, row-action confirmations that take
// focus and give it back, dialogs that return focus to what opened them, translated names for icon buttons,
// specific tab titles and words instead of raw keys.
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, shotsDir, test, useToken } from './fixtures.ts';

interface TenderRow {
  id: number;
  tender_code: string;
  status: string;
  company_proposals?: number;
}

async function tenders(request: APIRequestContext, token: string, status: string): Promise<TenderRow[]> {
  const res = await request.get(`/api/tenders/?filter_status=${status}&page_size=50`, {
    headers: { Authorization: `Token ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: TenderRow[] }).results.filter((t) => t.status === status);
}

async function first(request: APIRequestContext, token: string, status: string): Promise<TenderRow> {
  const rows = await tenders(request, token, status);
  expect(rows.length, `a ${status} demo tender`).toBeGreaterThan(0);
  return rows[0];
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const m = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(m.scroll, `${what}: page ${m.scroll} px wide in a ${m.inner} px window`).toBeLessThanOrEqual(
    m.inner,
  );
}

const setLanguage = (page: Page, lang: string) =>
  page.addInitScript((l) => localStorage.setItem('language', l), lang);

/** The element that has focus, described by what a test can compare. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      id: el?.id ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      text: (el?.getAttribute('aria-label') || el?.textContent || '').trim(),
      inPopconfirm: !!el?.closest('.ant-popconfirm'),
      inDialog: !!el?.closest('.ant-modal, [role="dialog"]'),
    };
  });

test.describe('no sideways scrolling on a phone and at 200 % zoom', () => {
  // Five screens at two widths with full-page screenshots: more than the default time on a busy machine.
  test.describe.configure({ timeout: 480_000 });
  for (const lang of ['et', 'ru', 'en']) {
    test(`tender view, draft tender form and notifications in ${lang}`, async ({ page, request }) => {
      const admin = await apiLogin(request, 'admin');
      await useToken(page, admin.token);
      await setLanguage(page, lang);
      const ordered = await first(request, admin.token, 'ORDERED');
      // Both demo drafts: one with lines, one without.
      const drafts = await tenders(request, admin.token, 'DRAFT');
      expect(drafts.length, 'DRAFT demo tenders').toBeGreaterThan(0);
      const screens: [string, string, (p: Page) => Promise<void>][] = [
        [
          'tender-view',
          `/tenders/${ordered.id}/view`,
          (p) => expect(p.getByTestId('tender-view')).toBeVisible(),
        ],
        ...drafts.map((d, n): [string, string, (p: Page) => Promise<void>] => [
          `draft-form-${n + 1}`,
          `/tenders/${d.id}/edit`,
          async (p) => {
            await expect(p.locator('.tender-lines').first()).toBeVisible();
            await p.waitForLoadState('networkidle');
            // The free lines come last, staged after the rest of the form.
            await p.getByTestId('available-lines').waitFor({ state: 'attached', timeout: 60_000 });
          },
        ]),
        [
          'notifications',
          '/notifications',
          async (p) => {
            await p.locator('.ant-collapse-header').nth(4).click();
            await expect(p.locator('textarea').first()).toBeVisible();
          },
        ],
      ];
      for (const width of [390, 640]) {
        await page.setViewportSize({ width, height: 844 });
        for (const [name, path, ready] of screens) {
          await page.goto(path);
          await ready(page);
          await expectNoSidewaysScroll(page, `${name} at ${width} px in ${lang}`);
          await page.screenshot({ path: `${shotsDir('ux')}/${lang}-${name}-${width}.png`, fullPage: true });
        }
      }
    });
  }
});

test('the notifications name every template and its audience in words, in every language', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  await useToken(page, admin.token);
  for (const lang of ['et', 'ru', 'en']) {
    await setLanguage(page, lang);
    await page.goto('/notifications');
    const headers = page.locator('.ant-collapse-header');
    await expect(headers.first()).toBeVisible();
    const text = (await headers.allTextContents()).join('\n');
    expect(text).not.toMatch(/setup\.notifications|INTERNAL|EXTERNAL|[A-Z]{3,}_[A-Z]{3,}/);
  }
});

test('a skip link is the first Tab stop and leads past the menu to the page', async ({ page, loginAs }) => {
  await loginAs('supplier');
  await page.goto('/tenders');
  // The page whole (its filter and first rows), so the Tab after the skip has somewhere to go in it.
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filter/ })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Liigu sisu juurde' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  expect((await focused(page)).id).toBe('main-content');
  // The next Tab lands in the page, not in the menu or the top bar.
  await page.keyboard.press('Tab');
  const inMain = await page.evaluate(() => !!document.activeElement?.closest('#main-content'));
  expect(inMain).toBe(true);
});

test('a row action’s confirmation takes focus and gives it back (tender list, units)', async ({
  page,
  request,
}) => {
  const supplier = await apiLogin(request, 'supplier');
  await useToken(page, supplier.token);
  const active = await first(request, supplier.token, 'ACTIVE');
  await page.goto('/tenders?filter_status=ACTIVE');
  const watch = page.getByTestId(`watch-${active.id}`);
  await watch.focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).inPopconfirm).toBe(true);
  await page.keyboard.press('Escape');
  await expect(watch).toBeFocused();
  // Confirmed with the keyboard: the answer's focus is "Yes" (not a dangerous action); focus is back afterwards.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).inPopconfirm).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-message, .ant-notification').first()).toBeVisible();
  await expect(page.getByTestId(`watch-${active.id}`)).toBeFocused();
  // And back as it was.
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await focused(page)).inPopconfirm).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`watch-${active.id}`)).toBeFocused();

  const admin = await apiLogin(request, 'admin');
  await page.evaluate((t) => localStorage.setItem('token', t), admin.token);
  await page.goto('/setup/units');
  const remove = page.getByRole('button', { name: 'Eemalda' }).first();
  await remove.focus();
  await page.keyboard.press('Enter');
  // A removal is dangerous: focus starts on "Ei", one Enter does not remove anything.
  await expect.poll(async () => (await focused(page)).text).toBe('Ei');
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
});

test('closing a dialog of the tender view gives focus back to what opened it', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  await useToken(page, admin.token);
  const choosing = await first(request, admin.token, 'CHOOSING');
  await page.goto(`/tenders/${choosing.id}/view`);
  await expect(page).toHaveTitle(`${choosing.tender_code} · Hankeportaal`);
  const lines = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(lines.first()).toBeVisible();
  const row = lines.first();

  const openers: [string, ReturnType<Page['locator']>][] = [
    ['part info', row.locator('.part-link').first()],
    ['winners', row.getByRole('button', { name: /Vali võitja/ })],
    ['comment log', row.getByRole('button', { name: 'Kommentaarid' })],
  ];
  for (const [what, opener] of openers) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog, what).toBeVisible();
    await expect.poll(async () => (await focused(page)).inDialog, what).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog, what).toHaveCount(0);
    await expect(opener, `${what}: focus back on its button`).toBeFocused();
  }
});

test('the supplier’s comment dialog and a new offer line keep the keyboard where it was', async ({
  page,
  request,
}) => {
  const supplier = await apiLogin(request, 'supplier');
  await useToken(page, supplier.token);
  const active = (await tenders(request, supplier.token, 'ACTIVE')).find(
    (t) => (t.company_proposals ?? 0) > 0,
  );
  expect(active).toBeTruthy();
  await page.goto(`/tenders/${active?.id}/view`);
  await expect(page).toHaveTitle(`${active?.tender_code} · Hankeportaal`);
  const comment = page
    .locator('.offer-table .part-link')
    .filter({ hasText: /kommentaar/i })
    .first();
  await comment.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(comment).toBeFocused();

  // The first part that can take another line (fixed by its position: its button goes at 3 lines).
  const at = await page
    .locator('.offer-part')
    .evaluateAll((parts) => parts.findIndex((p) => p.querySelector('.offer-add')));
  expect(at).toBeGreaterThanOrEqual(0);
  const part = page.locator('.offer-part').nth(at);
  const add = part.locator('.offer-add');
  const before = await part.locator('.offer-line').count();
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(part.locator('.offer-line')).toHaveCount(before + 1);
  const inNewLine = () =>
    part.evaluate((el) => {
      const lines = el.querySelectorAll('.offer-line');
      return !!lines[lines.length - 1]?.contains(document.activeElement);
    });
  await expect.poll(inNewLine).toBe(true);
});

test('pages have their own titles; icons do not lead names; tables say loading', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  await useToken(page, admin.token);
  const ordered = await first(request, admin.token, 'ORDERED');
  await page.goto(`/tenders/${ordered.id}/history`);
  await expect(page).toHaveTitle(new RegExp(`${ordered.tender_code}.* · Hankeportaal$`));
  await page.goto(`/tenders/${ordered.id}/export`);
  await expect(page).toHaveTitle(new RegExp(`${ordered.tender_code}.* · Hankeportaal$`));
  const titles = new Set<string>();
  for (const r of ['orders', 'parts', 'suppliers', 'categories']) {
    await page.goto(`/reports/${r}`);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page).not.toHaveTitle('Hankeportaal');
    titles.add(await page.title());
  }
  expect(titles.size).toBe(4);

  // "Lisa hange", not "plus Lisa hange"; the search button is "Otsi", not "search".
  await page.goto('/tenders');
  await expect(page.getByRole('button', { name: 'Lisa hange', exact: true })).toBeVisible();
  await page.goto('/setup/units');
  await expect(page.getByRole('button', { name: 'search' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Otsi', exact: true })).toBeVisible();
  // While a list is on its way its table says so, not "no data" (the answer is held until the check is done).
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/units/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/setup/units');
  await expect(page.locator('.ant-table')).toContainText('Laadimine');
  await expect(page.locator('.ant-table')).not.toContainText('Andmed puuduvad');
  release();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.unroute('**/api/units/**');
  // Row checkboxes are named in Estonian.
  await page.goto('/tenders');
  await expect(page.getByRole('checkbox', { name: 'Vali kõik read' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select/ })).toHaveCount(0);
});
