// Terms of use changes announced ahead (issue 32, point 5): an administrator publishes a new version 20 days ahead,
// every screen shows a banner with a link to the new text until that day, and on the day the consent modal asks for
// the new version and shows its text. Moves the server's clock past the new version's day (specs after this one log
// in with consent, as every spec does).
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, shotsDir, test, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('terms');
/** The notice of the terms (NOTICE_DAYS in packages/shared/src/terms.ts). */
const NOTICE_DAYS = 20;
const tallinnDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const TEXT = {
  et: '1. Uus tingimus: pakkumise saab esitada ainult portaalis.\n2. Teine tingimus.',
  ru: '1. Новое условие: предложение подаётся только через портал.\n2. Второе условие.',
  en: '1. A new term: offers are made in the portal only.\n2. A second term.',
};

async function serverNow(request: APIRequestContext) {
  const res = await request.get('/api/_test/clock/');
  expect(res.status()).toBe(200);
  return new Date(((await res.json()) as { now: string }).now);
}

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe.configure({ mode: 'serial' });

let version = '';
let effectiveFrom = '';

test('an administrator publishes new terms 20 days ahead; everyone sees the banner and the new text', async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, 'admin');
  // 19 days ahead is refused with a translated message (the date picker does not offer such a day at all).
  const today = tallinnDay(await serverNow(request));
  const early = await request.post('/api/terms_versions/', {
    headers: { Authorization: `Token ${admin.token}` },
    data: { effective_date: addDays(today, NOTICE_DAYS - 1), text_et: 'x', text_ru: 'x', text_en: 'x' },
  });
  expect(early.status()).toBe(400);
  expect(await early.json()).toEqual({ effective_date: ['terms_too_soon'] });

  await useToken(page, admin.token);
  await page.goto('/setup/terms');
  await expect(page.getByRole('heading', { name: 'Kasutustingimuste versioonid' })).toBeVisible();
  version = addDays(today, NOTICE_DAYS);
  const [y, m, d] = version.split('-');
  const picker = page.getByLabel('Jõustub');
  await picker.click();
  await picker.fill(`${d}.${m}.${y}`);
  await picker.press('Enter');
  await page.getByLabel('Tekst eesti keeles').fill(TEXT.et);
  await page.getByLabel('Tekst vene keeles').fill(TEXT.ru);
  await page.getByLabel('Tekst inglise keeles').fill(TEXT.en);
  await shoot(page, 'publish-form-et');
  await page.getByRole('button', { name: 'Avalda' }).click();
  await page.getByRole('button', { name: 'Jah' }).click();
  const row = page.getByRole('row').filter({ hasText: version });
  await expect(row.getByText('Teatatud')).toBeVisible();
  // The banner shows on the administrator's own screens as well.
  await expect(page.getByTestId('terms-banner')).toContainText(`${d}.${m}.${y}`);
  await shoot(page, 'published-et');

  const state = await (await request.get('/api/terms/')).json();
  expect(state.upcoming.version).toBe(version);
  effectiveFrom = state.upcoming.effective_from;

  // A supplier sees the coming change on every screen, in its language, and follows the link to the new text.
  const supplier = await apiLogin(request, 'supplier');
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: page.url().split('/setup')[0] });
  for (const lang of ['et', 'ru', 'en'] as const) {
    const p = await other.newPage();
    await p.addInitScript(
      ([t, l]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('language', l);
      },
      [supplier.token, lang] as const,
    );
    await p.goto('/tenders');
    const banner = p.getByTestId('terms-banner');
    await expect(banner).toContainText(`${d}.${m}.${y}`);
    await shoot(p, `banner-${lang}`);
    await banner.getByRole('link').click();
    await expect(p).toHaveURL(new RegExp(`/terms/${version}$`));
    await expect(p.getByTestId('terms-version-text')).toHaveText(TEXT[lang]);
    await shoot(p, `new-text-${lang}`);
    if (lang === 'et') {
      const axe = await wcag(p).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    }
    await p.close();
  }
  await other.close();
});

test('on the effective day everyone is asked to accept the new terms, with the new text', async ({
  page,
  request,
}) => {
  expect(effectiveFrom, 'the version of the previous test').not.toBe('');
  const res = await request.post('/api/_test/clock/', {
    data: { now: new Date(Date.parse(effectiveFrom) + 60_000).toISOString() },
  });
  expect(res.status()).toBe(200);
  // A fresh session (the jump ended idle ones) that has not consented to the new version.
  const supplier = await apiLogin(request, 'supplier', false);
  await useToken(page, supplier.token);
  await page.goto('/tenders');
  const modal = page.getByRole('dialog');
  await expect(modal.getByTestId('terms-text')).toHaveAttribute('data-version', version);
  await expect(modal).toContainText('1. Uus tingimus: pakkumise saab esitada ainult portaalis.');
  await expect(page.getByTestId('terms-banner')).toHaveCount(0);
  await shoot(page, 'reconsent-et');
  await modal.getByRole('button', { name: 'Nõustun tingimustega' }).click();
  await expect(modal).toBeHidden();
  const check = await request.post('/api/expire/', { data: { token: supplier.token } });
  expect((await check.json()).request_terms).toBe(false);
  // Reloading does not ask again.
  await page.reload();
  await expect(page.locator('.shell-sider')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the categories tab says that new-tender mails follow the chosen categories', async ({
  page,
  request,
}) => {
  const supplier = await apiLogin(request, 'supplier');
  const admin = await apiLogin(request, 'admin');
  const sup = supplier.user.supplier as number;
  const words = {
    et: 'Uue hanke e-kirjad järgivad neid kategooriaid',
    ru: 'Письма о новых тендерах следуют этим категориям',
    en: 'New tender mails follow these categories',
  };
  const tabs = { et: 'Kategooriad', ru: 'Категории', en: 'Categories' };
  for (const lang of ['et', 'ru', 'en'] as const) {
    await page.addInitScript(
      ([t, l]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('language', l);
      },
      [admin.token, lang] as const,
    );
    await page.goto(`/supplier/${sup}/details`);
    await page.getByRole('tab', { name: tabs[lang] }).click();
    await expect(page.getByTestId('categories-mail-note')).toContainText(words[lang]);
    await shoot(page, `categories-note-${lang}`);
  }
});
