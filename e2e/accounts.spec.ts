import type { APIRequestContext, Page } from '@playwright/test';
import {
  type CatcherWeb,
  type SmtpCatcher,
  startCatcherWeb,
  startSmtpCatcher,
} from '../tools/simulators/smtp-catcher.ts';
import { apiLogin, expect, pickOption, shotsDir, test, unique, wcag } from './fixtures.ts';

const SHOTS = shotsDir('accounts');

let smtp: SmtpCatcher;
let web: CatcherWeb;

/** Points the running server's e-mail settings (read from the database) at this test's SMTP catcher. */
async function useCatcher(request: APIRequestContext) {
  const admin = await apiLogin(request, 'admin');
  const res = await request.patch('/api/emails/1/', {
    headers: { Authorization: `Token ${admin.token}` },
    data: { smtp_server: '127.0.0.1', smtp_port: smtp.port },
  });
  expect(res.status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  smtp = await startSmtpCatcher({ port: 0 });
  web = await startCatcherWeb(smtp, { port: 0 });
  await useCatcher(request);
});
test.afterAll(async () => {
  await web?.close();
  await smtp?.close();
});

/** Waits until a mail for `to` with `subject` has arrived (the server's outbox sends every second). */
async function mailFor(to: string, subject: string) {
  await expect
    .poll(() => smtp.messages.some((m) => m.to.includes(to) && m.subject === subject), { timeout: 30_000 })
    .toBe(true);
  const found = smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject).at(-1);
  if (!found) throw new Error(`no mail "${subject}" for ${to}`);
  return found;
}

async function fillCompany(page: Page, code: string, labels: Record<string, string>) {
  await page.getByLabel(labels.name).fill(`E2E Varuosad ${code} OÜ`);
  await page.getByLabel(labels.code).fill(code);
  await page.getByLabel(labels.address).fill('Peterburi tee 2, Tallinn');
  await page.getByLabel(labels.email).fill(`info.${code}@example.test`);
  await page.getByRole('checkbox', { name: 'Bussid' }).check();
}

const ET = {
  name: 'Ettevõtte nimi',
  code: 'Registrikood',
  address: 'Aadress',
  email: 'Ettevõtte e-post',
};
const EN = { name: 'Company name', code: 'Registration code', address: 'Address', email: 'Company e-mail' };

test('a company registers in two steps, is activated, sets a password from the mail and logs in', async ({
  page,
  request,
}) => {
  const code = `E2E${unique()}`.slice(0, 14);
  const email = `mari.${unique()}@example.test`;

  // ---- step 1: the client rules, with the focus on the first invalid field
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Tarnija registreerimine' })).toBeVisible();
  await expect(page.locator('.shell-sider')).toHaveCount(0);
  await expect(page.getByLabel('Riik')).toBeVisible();
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Riik' }).getByText('Eesti')).toBeVisible();
  await page.getByLabel('Ettevõtte nimi').fill('AB');
  await page.getByLabel('Registrikood').fill('123');
  await page.getByRole('button', { name: 'Edasi' }).click();
  await expect(page.getByText('Vähemalt 3 tähemärki')).toBeVisible();
  await expect(page.getByText('Vähemalt 5 tähemärki').first()).toBeVisible();
  await expect(page.getByText('Palun vali osakond')).toBeVisible();
  await expect(page.getByLabel('Ettevõtte nimi')).toBeFocused();
  await fillCompany(page, code, ET);
  await page.getByRole('button', { name: 'Edasi' }).click();

  // ---- step 2: the main user; Russian as the notification language
  await expect(page.getByLabel('Eesnimi')).toBeVisible();
  await expect(page.getByLabel('Isikukood (valikuline)')).toBeVisible(); // Estonian company
  await expect(page.getByLabel('Telefon')).toHaveValue('+372');
  await page.getByLabel('Eesnimi').fill('Мария');
  await page.getByLabel('Perekonnanimi').fill('Иванова');
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Telefon').fill('5551 2345');
  await page.getByLabel('Telefon').blur();
  await expect(page.getByLabel('Telefon')).toHaveValue('+37255512345');
  await pickOption(page, page.getByLabel('Teavituste keel'), 'Русский');
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Teavituste keel' })).toContainText(
    'Русский',
  );
  await page.getByRole('button', { name: 'Registreeru' }).click();
  await expect(page.getByText('Palun nõustu kasutustingimustega')).toBeVisible();
  await page.getByRole('button', { name: 'kasutustingimustega' }).click();
  const terms = page.getByRole('dialog', { name: 'Kasutustingimused' });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Sulge' }).last().click();
  await page.getByRole('checkbox', { name: /Olen tutvunud/ }).check();
  await page.getByRole('button', { name: 'Registreeru' }).click();
  await expect(page.getByText('Registreerimine õnnestus')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const registered = await mailFor(email, 'Регистрация в портале закупок');
  expect(registered.text).toContain('Мария Иванова');
  await mailFor('admin@demo.ee', `Uus tarnija registreerus: E2E Varuosad ${code} OÜ`);

  // The same registration code again: refused on step 1.
  await page.goto('/register');
  await fillCompany(page, code, ET);
  await page.getByRole('button', { name: 'Edasi' }).click();
  await expect(page.getByText('Selle registrikoodiga ettevõte on juba registreeritud')).toBeVisible();
  await expect(page.getByLabel('Registrikood')).toBeFocused();

  // ---- an administrator activates the company (the supplier screens are another area: the test route)
  const act = await request.post('/api/_test/account_active/', {
    data: { registration_code: code, is_active: true },
  });
  expect(await act.json()).toEqual({ changed: true });
  // The main user registered without a password: the activation brings the set-password invitation, in Russian.
  const invitation = await mailFor(email, 'Приглашение в портал закупок');
  expect(invitation.html ?? invitation.text).toContain('/reset?key=');

  // ---- recovery: the link arrives in Russian; the user reads it on the catcher's page and follows it
  await page.goto('/recover');
  await page.getByLabel('E-post').fill(email);
  await page.getByRole('button', { name: 'Saada link' }).click();
  await expect(page.getByText('saatsime sinna aktiveerimislingi')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const recovery = await mailFor(email, 'Восстановление пароля');
  expect(recovery.text).toMatch(/действует до \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);

  await page.goto(web.url);
  await page.getByRole('link', { name: 'Восстановление пароля' }).first().click();
  await expect(page.locator('.mail-text')).toContainText('Здравствуйте!');
  await page.locator('a.mail-link').first().click();
  await expect(page).toHaveURL(/\/reset\?key=/);
  const link = page.url();

  await expect(page.getByRole('heading', { level: 1, name: 'Uus salasõna' })).toBeVisible();
  await page.getByLabel('Uus salasõna').fill('Password123');
  await page.getByLabel('Korda uut salasõna').fill('Password123');
  await page.getByRole('button', { name: 'Muuda salasõna' }).click();
  await expect(page.getByText('See salasõna on liiga levinud, vali mõni muu')).toBeVisible();
  await page.getByLabel('Uus salasõna').fill('Bussiosad2026');
  await page.getByLabel('Korda uut salasõna').fill('Bussiosad2026');
  await page.getByRole('button', { name: 'Muuda salasõna' }).click();
  await expect(page.getByText('Salasõna on muudetud')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // ---- the user logs in; the interface follows their language (Russian)
  await page.getByRole('tab', { name: 'E-post' }).click();
  await page.getByLabel('E-posti aadress').fill(email);
  await page.getByLabel('Salasõna').fill('Bussiosad2026');
  await page.getByRole('button', { name: 'Logi sisse' }).click();
  await expect(page).toHaveURL(/\/tenders/);
  await expect(page.locator('.shell-sider')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  // ---- the used link does not work again
  await page.evaluate(() => localStorage.setItem('language', 'et'));
  await page.goto(link);
  await page.getByLabel('Uus salasõna').fill('Trammiosad2026');
  await page.getByLabel('Korda uut salasõna').fill('Trammiosad2026');
  await page.getByRole('button', { name: 'Muuda salasõna' }).click();
  await expect(page.getByText('Salasõna muutmise link on vale või kehtetu')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Telli uus link' })).toBeVisible();
});

// ---- every screen at desktop and phone width in Estonian and English, checked with axe (WCAG 2.1 AA)
for (const lang of ['et', 'en'] as const) {
  test(`registration, recovery and reset screens (${lang}) at 1440 and 390 px`, {
    tag: lang === 'et' ? [] : ['@screenshots'],
  }, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    const labels = lang === 'et' ? ET : EN;
    const shoot = async (name: string) => {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.waitForTimeout(150);
        await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${width}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      const axe = await wcag(page).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        name,
      ).toEqual([]);
    };

    await page.goto('/register');
    await expect(page.getByLabel(labels.name)).toBeVisible();
    await shoot('register-step1');
    await page.getByRole('button', { name: lang === 'et' ? 'Edasi' : 'Next' }).click();
    await expect(page.locator('.ant-form-item-explain-error').first()).toBeVisible();
    await shoot('register-step1-errors');
    await fillCompany(page, `S${unique()}`.slice(0, 12), labels);
    await page.getByRole('button', { name: lang === 'et' ? 'Edasi' : 'Next' }).click();
    await expect(page.getByLabel(lang === 'et' ? 'Eesnimi' : 'First name')).toBeVisible();
    await shoot('register-step2');

    await page.goto('/recover');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot('recover');

    await page.goto('/reset?key=abc');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot('reset');
    await page.goto('/reset');
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot('reset-invalid');
  });
}

test('the SMTP catcher page lists mails for a person to read', async ({ page }) => {
  await page.goto(web.url);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SMTP catcher');
  await page.screenshot({ path: `${SHOTS}/catcher-inbox.png`, fullPage: true });
  if (smtp.messages.length) {
    await page.getByRole('link').nth(1).click();
    await expect(page.frameLocator('iframe[title="HTML part"]').locator('body')).not.toBeEmpty();
    await page.screenshot({ path: `${SHOTS}/catcher-message.png`, fullPage: true });
  }
});
