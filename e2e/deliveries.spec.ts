// The deliveries screen end to end: with the SMTP server away, a password-recovery mail fails attempt after attempt
// (the server clock is moved past each backoff) until it is failed; the administrator opens /setup/deliveries, finds
// it by its recipient with its error and attempts, and — the SMTP server back — retries it: the mail arrives once
// and the delivery leaves the list. Screenshots at 1440 and 390 px, each checked with axe-core for WCAG 2.1 AA.
import type { APIRequestContext, Page } from '@playwright/test';
import { type SmtpCatcher, startSmtpCatcher } from '../tools/simulators/smtp-catcher.ts';
import { apiLogin, confirmYes, DEMO, expect, shotsDir, test, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('deliveries');
const RECIPIENT = DEMO.supplier3;

interface Delivery {
  id: number;
  status: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
}

async function axe(page: Page) {
  const result = await wcag(page).exclude('.ant-table-measure-row').analyze();
  expect(
    result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    ),
  ).toEqual([]);
}

async function smtpPort(request: APIRequestContext, token: string, port: number) {
  const res = await request.patch('/api/emails/1/', {
    headers: { Authorization: `Token ${token}` },
    data: { smtp_server: '127.0.0.1', smtp_port: port },
  });
  expect(res.status()).toBe(200);
}

let smtp: SmtpCatcher;
test.beforeAll(async () => {
  smtp = await startSmtpCatcher({ port: 0 });
});
test.afterAll(async () => {
  await smtp?.close();
});

test('an administrator sees a failed delivery and retries it', async ({ page, request }) => {
  const admin = await apiLogin(request, 'admin');
  const auth = { Authorization: `Token ${admin.token}` };
  // The SMTP server is away: a port nothing listens on any more.
  const gone = await startSmtpCatcher({ port: 0 });
  const deadPort = gone.port;
  await gone.close();
  await smtpPort(request, admin.token, deadPort);
  try {
    expect((await request.post('/api/forgot_password/', { data: { email: RECIPIENT } })).status()).toBe(200);
    const mine = async (): Promise<Delivery | undefined> => {
      const res = await request.get(
        `/api/deliveries/?kind=email&status=pending&search=${encodeURIComponent(RECIPIENT)}`,
        { headers: auth },
      );
      const failed = await request.get(
        `/api/deliveries/?kind=email&status=failed&search=${encodeURIComponent(RECIPIENT)}`,
        { headers: auth },
      );
      const all = [...(await res.json()).results, ...(await failed.json()).results] as Delivery[];
      return all.sort((a, b) => b.id - a.id)[0];
    };
    // Each attempt fails; the clock is moved past each backoff until the attempts are used up.
    for (let attempt = 1; ; attempt++) {
      await expect.poll(async () => (await mine())?.attempts ?? 0, { timeout: 30_000 }).toBe(attempt);
      await expect.poll(async () => (await mine())?.last_error ?? null, { timeout: 30_000 }).not.toBeNull();
      const d = await mine();
      if (!d || d.status === 'failed' || attempt >= d.max_attempts) break;
      const clock = await (await request.get('/api/_test/clock/')).json();
      const wait = Math.ceil((Date.parse(d.next_attempt_at ?? clock.now) - Date.parse(clock.now)) / 1000) + 1;
      await request.post('/api/_test/clock/', { data: { advance_seconds: Math.max(1, wait) } });
    }
    await expect.poll(async () => (await mine())?.status, { timeout: 30_000 }).toBe('failed');
    const failed = (await mine()) as Delivery;

    await useToken(page, admin.token);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/setup/deliveries?search=${encodeURIComponent(RECIPIENT)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Saadetised' })).toBeVisible();
    const row = page.locator('.ant-table-row', { hasText: RECIPIENT }).first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('E-kiri');
    await expect(row.getByTestId('delivery-status')).toHaveText('Ebaõnnestus');
    await expect(row).toContainText(`${failed.max_attempts} / ${failed.max_attempts}`);
    await expect(row).toContainText(/ECONNREFUSED|connect/);
    await axe(page);
    await page.screenshot({ path: `${SHOTS}/deliveries-1440.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    const phoneRow = page.getByTestId('delivery-row').filter({ hasText: RECIPIENT }).first();
    await expect(phoneRow).toBeVisible();
    await expect(phoneRow.getByTestId('delivery-status')).toHaveText('Ebaõnnestus');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await axe(page);
    await page.screenshot({ path: `${SHOTS}/deliveries-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // The SMTP server is back: the retry sends the mail once, and the delivery leaves the list.
    await smtpPort(request, admin.token, smtp.port);
    await row.getByRole('button', { name: 'Proovi uuesti' }).click();
    await confirmYes(page);
    await expect(page.getByText('Saadetist proovitakse kohe uuesti')).toBeVisible();
    await expect
      .poll(() => smtp.messages.filter((m) => m.envelopeTo.includes(RECIPIENT)).length, { timeout: 30_000 })
      .toBe(1);
    // The mail reaches the catcher a moment before its delivery is recorded as done (a busy machine widens it).
    await expect
      .poll(
        async () =>
          (
            await (
              await request.get(`/api/deliveries/?status=done&ids=${failed.id}`, { headers: auth })
            ).json()
          ).results,
        { timeout: 30_000 },
      )
      .toMatchObject([{ id: failed.id, status: 'done', attempts: 1 }]);
    await page.reload();
    await expect(page.locator('.ant-table-row', { hasText: RECIPIENT })).toHaveCount(0);
  } finally {
    await smtpPort(request, admin.token, 2525);
  }
});
