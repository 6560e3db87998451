// Pre-orders, parts and files in the browser: an administrator adds a pre-order with a picture (uploaded in
// 500000-byte chunks), sees its thumbnail and opens the full-screen viewer; a supplier cannot open /details.
// Screenshots of every screen of this area (Estonian; two in Russian and English) at 1440 and 390 px.
import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, expect, pickOption, settledOption, shotsDir, test } from './fixtures.ts';

const SHOTS = shotsDir('catalogue-files');

function openDropdown(page: Page) {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])').last();
}

/** A noisy 800×600 PNG: over 1 MB, so the browser sends it in three chunks. */
async function bigPicture() {
  const raw = crypto.randomBytes(800 * 600 * 3);
  return sharp(raw, { raw: { width: 800, height: 600, channels: 3 } })
    .png()
    .toBuffer();
}

async function firstActivePart(request: Parameters<typeof apiLogin>[0], token: string) {
  const res = await request.get('/api/parts/?is_active=true&page_size=50&ordering=-id', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(res.status()).toBe(200);
  const parts = (await res.json()).results as { id: number; code: string; files: string[] }[];
  const p = parts.find((x) => x.code.length > 5 && x.files.length === 0);
  expect(p).toBeTruthy();
  return p as { id: number; code: string };
}

test('an administrator adds a pre-order with a picture, sees its thumbnail and the full-screen viewer', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('admin');
  const part = await firstActivePart(request, token);
  const picture = await bigPicture();
  expect(picture.length).toBeGreaterThan(1_000_000);

  await page.goto('/details/add');
  await expect(page.getByRole('heading', { name: 'Uus eeltellimus' })).toBeVisible();
  const partSelect = page.getByRole('combobox', { name: 'Kood' });
  await partSelect.click();
  await partSelect.fill(part.code.slice(0, 4));
  await expect(openDropdown(page).locator('.ant-select-item-option')).toHaveCount(0); // not before the 5th character
  await partSelect.fill(part.code);
  await (await settledOption(page, partSelect, part.code)).click();
  await page.getByRole('spinbutton', { name: 'Täienduskogus' }).fill('3');
  const wh = page.getByRole('combobox', { name: 'Ladu' });
  await pickOption(page, wh, /\S/);

  // The part's facts and its (empty) files appear once the part is chosen.
  const files = page.getByTestId('part-files');
  await expect(files.getByText('Pilte pole')).toBeVisible();
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/upload/')) uploads.push(r.url());
  });
  await files.locator('input[type=file]').setInputFiles({
    name: 'piduriketas.png',
    mimeType: 'image/png',
    buffer: picture,
  });
  await expect(page.getByText('Fail piduriketas.png üles laaditud')).toBeVisible();
  expect(uploads.length).toBe(3);
  const thumb = files.locator('img[src^="/api/thumbnail/240/240/"]');
  await expect(thumb).toBeVisible();
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(240);

  // Full-screen viewer with the original picture.
  await thumb.click();
  const viewer = page.locator('.ant-image-preview img[src^="/api/get/"]');
  await expect(viewer).toBeVisible();
  await expect.poll(() => viewer.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.getByRole('button', { name: 'Salvesta' }).click();
  await expect(page.getByText('Eeltellimus lisatud')).toBeVisible();
  await expect(page).toHaveURL(/\/details$/);
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText(part.code);
  await expect(row.getByTestId('detail-status')).toHaveText('Ettevalmistatud');
});

test('a supplier cannot open the pre-orders by URL, and the server refuses them too', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('supplier');
  await page.goto('/details');
  await expect(page.getByText('Juurdepääs puudub')).toBeVisible();
  await page.goto('/setup/parts');
  await expect(page.getByText('Juurdepääs puudub')).toBeVisible();
  for (const url of ['/api/details/', '/api/parts/', '/api/part_types/']) {
    const res = await request.get(url, { headers: { Authorization: `Token ${token}` } });
    expect(res.status(), url).toBe(403);
  }
});

// Accessibility of these screens (axe-core, WCAG 2.1 AA, no exceptions) is checked with every other screen's in
// a11y.spec.ts.

// ---------- screenshots (looked at by a person; they also prove every screen renders at both widths) ----------

async function shoot(page: Page, name: string) {
  // Loaded: no skeleton or spinner left, every picture decoded.
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const width of [1440, 390])
  test(`screens of the area at ${width} px`, { tag: '@screenshots' }, async ({ browser, request }) => {
    test.setTimeout(900_000);
    const { token } = await apiLogin(request, 'admin');
    const auth = { Authorization: `Token ${token}` };
    const prepared = (
      await (await request.get('/api/details/?status=PREPARED&page_size=500', { headers: auth })).json()
    ).results as { id: number; bc_id: string | null; part_files_data: unknown[] }[];
    const illustrated = prepared.find((d) => d.part_files_data.length > 1 && !d.bc_id) ?? prepared[0];
    const bcLine = prepared.find((d) => d.bc_id) ?? prepared[1];
    const types = (await (await request.get('/api/part_types/?page_size=1', { headers: auth })).json())
      .results as {
      id: number;
    }[];
    const tenders = (await (await request.get('/api/tenders/?page_size=100', { headers: auth })).json())
      .results as {
      id: number;
      status: string;
    }[];
    // A tender line whose part has pictures and a document, for the tender view's part-info modal.
    let infoTender = tenders[0].id;
    let infoCode = '';
    for (const t of tenders.filter((x) => x.status !== 'DRAFT')) {
      const lines = (
        await (await request.get(`/api/details/?tender=${t.id}&page_size=100`, { headers: auth })).json()
      ).results as { part_code: string; part_files_data: unknown[] }[];
      const l = lines.find((x) => x.part_files_data.length > 1);
      if (l) {
        infoTender = t.id;
        infoCode = l.part_code;
        break;
      }
    }
    expect(infoCode).not.toBe('');
    const screens: { name: string; path: string; after?: (p: Page) => Promise<void>; langs?: string[] }[] = [
      { name: 'details-list', path: '/details', langs: ['et', 'ru', 'en'] },
      { name: 'details-add', path: '/details/add' },
      { name: 'details-edit', path: `/details/${illustrated.id}/edit`, langs: ['et', 'ru', 'en'] },
      { name: 'details-edit-bc', path: `/details/${bcLine.id}/edit` },
      { name: 'parts-list', path: '/setup/parts' },
      {
        name: 'parts-files-modal',
        path: '/setup/parts',
        after: async (p) => {
          await p.locator('[data-testid="has-files"]').first().click();
          await expect(p.getByTestId('part-files')).toBeVisible();
        },
      },
      { name: 'parttypes-list', path: '/setup/parttypes' },
      { name: 'parttypes-edit', path: `/setup/parttypes/${types[0].id}/edit` },
      { name: 'parttypes-add', path: '/setup/parttypes/add' },
      {
        name: 'tender-part-info',
        path: `/tenders/${infoTender}/view`,
        after: async (p) => {
          await p.locator('.part-link', { hasText: infoCode }).first().click();
          await expect(p.locator('.ant-modal')).toBeVisible();
        },
      },
    ];
    for (const s of screens) {
      for (const lang of s.langs ?? ['et']) {
        const ctx = await browser.newContext({ viewport: { width, height: 900 } });
        await ctx.addInitScript(
          ([t, l, phone]) => {
            localStorage.setItem('token', t);
            localStorage.setItem('language', l);
            // On a phone the side menu is folded, as a phone user keeps it.
            localStorage.setItem('menu_collapsed', phone ? 'true' : 'false');
          },
          [token, lang, width < 600 ? '1' : ''],
        );
        const page = await ctx.newPage();
        await page.goto(s.path);
        await expect(page.locator('h3, h1').first()).toBeVisible({ timeout: 90_000 });
        if (s.after) await s.after(page);
        await shoot(page, `${s.name}-${lang}-${width}`);
        await ctx.close();
      }
    }
  });
