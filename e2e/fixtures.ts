// Shared e2e fixtures: the demo accounts of ARCHITECTURE.md and `loginAs(role)`, which logs in through the API
// and stores the token in localStorage before the page loads (the login screen is exercised in its own test).
import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026parts';
export const DEMO = {
  admin: 'admin@demo.ee',
  contractor: 'contractor@demo.ee',
  master: 'master@demo.ee',
  supplier: 'supplier@demo.ee',
  employee: 'employee@demo.ee',
  employee2: 'employee2@demo.ee',
  supplier2: 'supplier2@demo.ee',
  supplier3: 'supplier3@demo.ee',
} as const;
export type Role = keyof typeof DEMO;

export interface LoggedIn {
  token: string;
  user: {
    id: number;
    first_name: string;
    last_name: string;
    group: string;
    role: string;
    supplier: number | null;
  };
}

/** Logs in through the API; with `consent` (default) the terms of use are accepted too, so no modal blocks. */
export async function apiLogin(request: APIRequestContext, role: Role, consent = true): Promise<LoggedIn> {
  const res = await request.post('/api/login/', { data: { email: DEMO[role], password: DEMO_PASSWORD } });
  expect(res.status(), `login ${role}`).toBe(200);
  const out = (await res.json()) as LoggedIn;
  if (consent) {
    const c = await request.post('/api/terms-of-use-consent/', {
      headers: { Authorization: `Token ${out.token}` },
    });
    expect(c.status()).toBe(200);
  }
  return out;
}

/** Puts the token into localStorage before the first page load (once per tab, so logging out stays logged out). */
export async function useToken(page: Page, token: string) {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-token-set')) return;
    localStorage.setItem('token', t);
    sessionStorage.setItem('e2e-token-set', '1');
  }, token);
}

export const test = base.extend<{ loginAs(role: Role): Promise<LoggedIn> }>({
  loginAs: async ({ page, request }, use) => {
    await use(async (role) => {
      const out = await apiLogin(request, role);
      await useToken(page, out.token);
      return out;
    });
  },
});

export { expect };

/** The hrefs of the side menu, with every group opened. */
export async function menuPaths(page: Page): Promise<string[]> {
  const sider = page.locator('.shell-sider');
  await expect(sider).toBeVisible();
  for (;;) {
    const closed = sider.locator('.ant-menu-submenu-title[aria-expanded="false"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  return sider.locator('.ant-menu a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
}

/** A unique suffix for names created by a test. */
/** Where an area's screenshots go: SHOTS_DIR (default /tmp/portal-shots), one folder per area; Playwright makes it. */
/** The server's test clock in ms (specs move it ahead of the wall clock, so dates are made from it). */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/_test/clock/');
  expect(res.status()).toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** Moves the server's test clock to `at`; the server runs one scheduler tick and says what it moved. */
export async function moveClock(request: APIRequestContext, at: number | Date) {
  const res = await request.post('/api/_test/clock/', { data: { now: new Date(at).toISOString() } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { activated: number[]; finished: number[] };
}

export const shotsDir = (area: string) => `${process.env.SHOTS_DIR ?? '/tmp/portal-shots'}/${area}`;

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Answers "Jah" in the confirmation an action opened (a row's popover or a confirm dialog), once it has finished
 * opening: a click while antd's popover or dialog is still zooming in was seen to be lost (no request, no message)
 * on a loaded machine.
 */
export async function confirmYes(page: Page) {
  const pop = page.locator('.ant-popconfirm:visible, .ant-modal-confirm:visible').last();
  await expect(pop).toBeVisible();
  await expect(pop).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await pop.getByRole('button', { name: 'Jah' }).click();
}

/**
 * The first option with `text` that may be chosen in the open list of an antd select, once the list has finished
 * opening and lies beside its `field`. An opening list slides in, and can be drawn over its own field for a few
 * frames before it is aligned below (or above) it; a click pressed then is released elsewhere, the option never gets
 * it and the list stays open with nothing chosen (seen under load in the winner and refusal dialogs and the matrix's
 * sort). A person clicks the list where it settles.
 */
export async function settledOption(page: Page, field: Locator, text: string | RegExp): Promise<Locator> {
  const options = (root: Page | Locator) =>
    root.locator('.ant-select-item-option:not(.ant-select-item-option-disabled)').filter({ hasText: text });
  // (the newest open list with the option: another one may still be closing)
  const list = page
    .locator('.ant-select-dropdown:visible')
    .filter({ has: options(page) })
    .last();
  const option = options(list).first();
  await expect(option).toBeVisible();
  await expect(list).not.toHaveClass(/-(appear|enter)(\s|$|-)/);
  await expect
    .poll(
      async () => {
        const [f, o] = await Promise.all([field.boundingBox(), option.boundingBox()]);
        return !!f && !!o && (o.y >= f.y + f.height - 1 || o.y + o.height <= f.y + 1);
      },
      { message: 'the option list lies beside its field' },
    )
    .toBe(true);
  return option;
}

/**
 * Chooses `text` in a single antd select as a person does: opens the field, clicks the option once the list has
 * settled beside it, and waits for the list to close (it does once an option is taken).
 */
export async function pickOption(page: Page, field: Locator, text: string | RegExp) {
  await field.click();
  await (await settledOption(page, field, text)).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/**
 * axe-core on the page for WCAG 2.1 A and AA, run by `axe.run` in the page itself. The builder's default runs axe
 * in each frame and finishes the run in a new blank page, for cross-origin frames; the app has no frames, and that
 * finish took 1.5–2 s of each check (the whole run in the page: 0.1–0.4 s).
 */
export const wcag = (page: Page) =>
  new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
