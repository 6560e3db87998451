// Accessibility: axe-core (WCAG 2.1 A and AA) finds nothing on any screen, for every demo role, on a desktop and a
// phone, and on a desktop every Tab stop of a screen (the first 25 of its content, and the shell's on a role's first
// screen) shows a visible focus.
// The screens come from the web app's route table (apps/web/src/app/routes.tsx), so a new screen is checked without
// anyone adding it here; path parameters are filled with a real id the role can see.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, type Role, test, useToken, wcag } from './fixtures.ts';

interface ScreenRoute {
  path: string;
  groups: string[] | null;
}

/** Every screen path with the groups that may open it, read from the route table's source. */
function screenRoutes(): ScreenRoute[] {
  const src = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/app/routes.tsx'), 'utf8');
  const consts: Record<string, string[]> = {};
  for (const m of src.matchAll(/const (\w+): Group\[\] = \[([^\]]*)\]/g))
    consts[m[1]] = [...m[2].matchAll(/'(\w+)'/g)].map((x) => x[1]);
  const out: ScreenRoute[] = [];
  for (const m of src.matchAll(/\{\s*\.\.\.screen\('([^']+)'\)([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g)) {
    const g = /groups: (\w+|\[[^\]]*\])/.exec(m[2]);
    const groups = !g
      ? null
      : g[1].startsWith('[')
        ? [...g[1].matchAll(/'(\w+)'/g)].map((x) => x[1])
        : (consts[g[1]] ?? null);
    out.push({ path: m[1], groups });
  }
  return out;
}

const ROUTES = screenRoutes();
const PUBLIC = ['/', '/login', '/register', '/recover', '/reset?key=unknown'];
// The administrator opens every buyer screen and the contractor's same screens with fewer actions; the master and
// the PLAIN employee see their own variants. On a phone the administrator and the supplier cover every screen.
const ROLES: { role: Role; group: string; phone: boolean }[] = [
  { role: 'admin', group: 'ADMINISTRATOR', phone: true },
  { role: 'master', group: 'MASTER', phone: false },
  { role: 'supplier', group: 'SUPPLIER', phone: true },
  { role: 'employee', group: 'SUPPLIER', phone: false },
];

/** The API list that holds the ids of a screen path's first segment(s). */
function listFor(p: string): string {
  const seg = p.split('/').filter(Boolean);
  const head = seg[0] === 'setup' || seg[0] === 'reports' ? seg[1] : seg[0];
  const map: Record<string, string> = { supplier: 'suppliers', tenders: 'tenders' };
  return `/api/${map[head] ?? head}/`;
}

async function fillPath(request: APIRequestContext, token: string, p: string): Promise<string> {
  if (!p.includes(':')) return p;
  const res = await request.get(`${listFor(p)}?page_size=1`, {
    headers: { Authorization: `Token ${token}` },
  });
  let id = '1';
  if (res.ok()) {
    const body = (await res.json()) as { results?: { id: number }[] } | { id: number }[];
    const rows = Array.isArray(body) ? body : (body.results ?? []);
    if (rows[0]?.id) id = String(rows[0].id);
  }
  return p.replace(/:\w+/g, id);
}

/**
 * Requests the page has under way, counted from Playwright's events: `quiet` waits until there have been none for
 * `ms` (the network-idle wait's rule with a shorter window; the app keeps no connection open).
 */
function network(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  page.on('request', () => {
    inFlight++;
    last = Date.now();
  });
  const done = () => {
    inFlight--;
    last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(ms: number) {
      while (inFlight > 0 || Date.now() - last < ms) await page.waitForTimeout(25);
    },
  };
}

/**
 * Opens a screen: the first by loading the page, the next ones as the app's own links do (the router's history, no
 * page load), so the walk does not start the app again for every screen. Either way the screen's code and data
 * arrive, and its spinners go, before it is judged.
 */
async function open(page: Page, net: ReturnType<typeof network>, url: string, first: boolean) {
  if (first) await page.goto(url);
  else
    await page.evaluate(async (u) => {
      window.history.pushState(null, '', u);
      window.dispatchEvent(new PopStateEvent('popstate'));
      // Two frames: the router has rendered the new route and asked for its code and data.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }, url);
  await net.quiet(300);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
  // axe judges the colours a screen settles on (a button enabled as its data arrives fades in over 0.2 s, and a
  // contrast check in that fade reads a colour no one sees for long), and the Tab walk compares computed styles,
  // which without transitions are the focused or blurred look at once. Once per page load: the router keeps it.
  if (first) await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
}

/** axe's WCAG 2.1 A/AA findings, plus a page without a visible h1 (headings start at h1). */
async function violations(page: Page) {
  const result = await wcag(page).analyze();
  const found: { rule: string; impact?: string | null; nodes: number; first?: string }[] =
    result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      first: v.nodes[0]?.target.join(' '),
    }));
  // An h1 that assistive technology can reach: not display:none or visibility:hidden (a phone may shrink it).
  const h1 = await page
    .locator('h1')
    .evaluateAll((els) => els.filter((e) => e.checkVisibility({ visibilityProperty: true })).length);
  if (!h1) found.push({ rule: 'page-has-heading-one', nodes: 0 });
  return found;
}

/**
 * Walks the page with Tab (up to `stops` stops, from the top of the page or from the start of the screen's `main`,
 * after the shell's menu and header) and names every focused element whose
 * focus changes nothing one can see: its outline, box-shadow, border and background, and those of the four elements
 * around it (antd draws an input's or a select's ring on a wrapper), are compared focused and blurred.
 */
async function focusWithoutRing(page: Page, stops: number, from: 'top' | 'main'): Promise<string[]> {
  await page.evaluate((from) => {
    // The shell stays between screens: its elements walked on the screen before are walked again.
    for (const e of document.querySelectorAll('[data-walked]')) e.removeAttribute('data-walked');
    // An element put first (in the page or in `main`) and removed leaves the Tab order's starting point there.
    (document.activeElement as HTMLElement | null)?.blur();
    const start = document.createElement('span');
    start.tabIndex = -1;
    ((from === 'main' && document.querySelector('main')) || document.body).prepend(start);
    start.focus();
    start.remove();
  }, from);
  const found = new Set<string>();
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      const el = document.activeElement;
      // The walk ends where the page's Tab order ends (the focus leaves the page or comes round again).
      if (!(el instanceof HTMLElement) || el === document.body || el.dataset.walked) return 'end';
      el.dataset.walked = '1';
      // antd draws a select's ring on its root with :has(input:focus-visible); after an axe run that rule is not
      // seen by this comparison (a select focused alone shows the ring), so selects are left to antd here.
      if (el.closest('.ant-select')) return null;
      const look = () => {
        const parts: string[] = [];
        let e: Element | null = el;
        for (let k = 0; e && k < 5; e = e.parentElement, k++) {
          const cs = getComputedStyle(e);
          parts.push(
            cs.outlineStyle,
            cs.outlineWidth,
            cs.outlineColor,
            cs.boxShadow,
            cs.borderColor,
            cs.backgroundColor,
          );
        }
        return parts.join('|');
      };
      const focused = look();
      el.blur();
      const blurred = look();
      el.focus();
      if (focused !== blurred) return null;
      const label = el.getAttribute('aria-label') ?? el.textContent ?? '';
      return `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} "${label.trim().slice(0, 30)}"`;
    });
    if (step === 'end') break;
    if (step) found.add(step);
  }
  return [...found];
}

// The checker itself: axe run in the page (wcag) still reports, so a clean walk means clean screens.
test('the checker finds an image without alt text and faint text', async ({ page }) => {
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="x.png"><p style="color:#ccc;background:#fff">faint</p>',
    );
  });
  expect((await violations(page)).map((v) => v.rule).sort()).toEqual(['color-contrast', 'image-alt']);
});

for (const viewport of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`accessibility on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('public screens', async ({ page }) => {
      const found: Record<string, unknown> = {};
      const net = network(page);
      for (const p of PUBLIC) {
        await open(page, net, p, true);
        const v = await violations(page);
        if (v.length) found[p] = v;
      }
      expect(found).toEqual({});
    });

    for (const { role, group } of ROLES.filter((r) => viewport.name === 'desktop' || r.phone)) {
      test(`every screen of ${role}`, async ({ page, request }) => {
        const { token } = await apiLogin(request, role);
        await useToken(page, token);
        const found: Record<string, unknown> = {};
        const publicPaths = PUBLIC.map((p) => p.split('?')[0]);
        const mine = ROUTES.filter(
          (r) => (!r.groups || r.groups.includes(group)) && !publicPaths.includes(r.path),
        );
        expect(mine.length).toBeGreaterThan(0);
        // About 1–2 s a screen on a quiet machine (axe run, Tab walk); the limit grows with the walk, like the menu
        // walk's.
        test.setTimeout(60_000 + mine.length * 20_000);
        const net = network(page);
        for (const [i, r] of mine.entries()) {
          const url = await fillPath(request, token, r.path);
          await open(page, net, url, i === 0);
          const v = await violations(page);
          // On a desktop the keyboard walk too: every Tab stop shows where the focus is (WCAG 2.4.7).
          if (viewport.name === 'desktop') {
            // The shell (menu, header) is walked on a role's first screen; on the others the walk starts at the
            // screen's own content.
            const bare = await focusWithoutRing(page, 25, i === 0 ? 'top' : 'main');
            if (bare.length) v.push({ rule: 'focus-visible', nodes: bare.length, first: bare.join(', ') });
          }
          if (v.length) found[url] = v;
        }
        expect(found).toEqual({});
      });
    }
  });
}
