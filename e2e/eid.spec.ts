// eID login end to end through the built-in simulators (npm start without SMART_ID_URL / MOBILE_ID_URL):
// Smart-ID and Mobile-ID show the verification code and the countdown, then log the demo user in; a refusal
// shows its status description; cancel returns to the form; the ID-card tab without the Web eID extension says
// so and offers another method. Screenshots of the tabs at 1440 and 390 px in Estonian and Russian.
import { expect, type Page, test } from '@playwright/test';
import { shotsDir, wcag } from './fixtures.ts';

const SHOTS = shotsDir('eid');

async function openTab(page: Page, tab: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

async function expectWaiting(page: Page) {
  const code = page.getByTestId('eid-code');
  await expect(code).toHaveText(/^\d{4}$/);
  const countdown = page.getByTestId('eid-countdown');
  await expect(countdown).toHaveText(/^Aega jäänud (9\d|8\d) s$/);
  const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
  await expect(countdown).not.toHaveText(`Aega jäänud ${first} s`); // it counts down
}

test.describe('eID login', () => {
  test('Smart-ID: code and countdown, then the demo administrator is logged in', async ({ page }) => {
    const panel = await openTab(page, 'Smart-ID');
    await panel.getByLabel('Isikukood').fill('30303039914');
    await panel.getByRole('button', { name: 'Logi sisse' }).click();
    await expectWaiting(page);
    await expect(page).toHaveURL(/\/tenders$/, { timeout: 15_000 });
    await expect(page.locator('.shell-sider')).toBeVisible();
  });

  test('Mobile-ID: the phone is normalised, code and countdown, then the demo contractor is logged in', async ({
    page,
  }) => {
    const panel = await openTab(page, 'Mobiil-ID');
    await panel.getByLabel('Isikukood').fill('60001017869');
    await panel.getByLabel('Telefoninumber').fill('68000769');
    await panel.getByRole('button', { name: 'Logi sisse' }).click();
    await expectWaiting(page);
    await expect(page).toHaveURL(/\/tenders$/, { timeout: 15_000 });
    await expect(page.locator('.shell-sider')).toBeVisible();
  });

  test('a refusal in the app ends the wait with its description; cancel returns to the form', async ({
    page,
  }) => {
    const panel = await openTab(page, 'Smart-ID');
    await panel.getByLabel('Isikukood').fill('30403039917');
    await panel.getByRole('button', { name: 'Logi sisse' }).click();
    await expect(page.getByTestId('eid-code')).toHaveText(/^\d{4}$/);
    await expect(panel.getByRole('alert')).toHaveText('Kasutaja katkestas tuvastamise.', { timeout: 15_000 });
    await expect(panel.getByLabel('Isikukood')).toBeVisible();

    await panel.getByLabel('Isikukood').fill('30303039914');
    await panel.getByRole('button', { name: 'Logi sisse' }).click();
    await expect(page.getByTestId('eid-code')).toBeVisible();
    await page.getByRole('button', { name: 'Katkesta' }).click();
    await expect(panel.getByLabel('Isikukood')).toBeVisible();
    await page.waitForTimeout(4000); // the simulator would have answered OK by now: nothing logs in
    await expect(page).not.toHaveURL(/\/tenders$/);
  });

  test('a personal code of the wrong shape is refused beside the field', async ({ page }) => {
    const panel = await openTab(page, 'Smart-ID');
    await panel.getByLabel('Isikukood').fill('12345');
    await panel.getByRole('button', { name: 'Logi sisse' }).click();
    await expect(panel.getByText('Isikukood peab olema 11-kohaline (nt 38001085718).')).toBeVisible();
  });

  test('ID card without the Web eID extension says so and offers another method', async ({ page }) => {
    const panel = await openTab(page, 'ID-kaart');
    await panel.getByRole('button', { name: 'Sisene ID-kaardiga' }).click();
    await expect(panel.getByRole('alert')).toContainText('Web eID brauserilaiendit ei leitud');
    await expect(panel.getByRole('alert')).toContainText(
      'Proovi Mobiil-ID, Smart-ID või e-posti ja parooliga.',
    );
    await panel.getByRole('button', { name: 'Smart-ID' }).click();
    await expect(page.getByRole('tab', { name: 'Smart-ID' })).toHaveAttribute('aria-selected', 'true');
  });

  for (const lang of ['et', 'ru'] as const) {
    for (const width of [1440, 390]) {
      test(`the eID tabs in ${lang} at ${width} px pass axe and are photographed`, {
        tag: lang === 'et' && width === 1440 ? [] : ['@screenshots'],
      }, async ({ page }) => {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        await page.addInitScript((l) => localStorage.setItem('language', l), lang);
        const names =
          lang === 'et'
            ? {
                idcard: 'ID-kaart',
                mobile: 'Mobiil-ID',
                smart: 'Smart-ID',
                code: 'Isikukood',
                submit: 'Logi sisse',
              }
            : {
                idcard: 'ID-карта',
                mobile: 'Mobiil-ID',
                smart: 'Smart-ID',
                code: 'Личный код',
                submit: 'Войти',
              };
        await page.goto('/');
        for (const [key, tab] of [
          ['idcard', names.idcard],
          ['mobile', names.mobile],
          ['smart', names.smart],
        ]) {
          await page.getByRole('tab', { name: tab }).click();
          await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
          if (key === 'idcard') {
            await page.getByRole('tabpanel', { name: tab }).getByRole('button').click();
            await expect(page.getByRole('alert')).toBeVisible();
          }
          const axe = await wcag(page).analyze();
          expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
          await page.screenshot({ path: `${SHOTS}/login-${key}-${lang}-${width}.png`, fullPage: true });
        }
        // The wait: code and countdown (the TIMEOUT identity keeps it open).
        const panel = page.getByRole('tabpanel', { name: names.smart });
        await panel.getByLabel(names.code).fill('30403039983');
        await panel.getByRole('button', { name: names.submit }).click();
        await expect(page.getByTestId('eid-code')).toBeVisible();
        const axe = await wcag(page).analyze();
        expect(axe.violations.map((v) => v.id)).toEqual([]);
        await page.screenshot({ path: `${SHOTS}/login-smart-wait-${lang}-${width}.png`, fullPage: true });
      });
    }
  }
});
