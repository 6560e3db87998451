// A winner refuses (issue 32): a Contractor records on an ORDERED demo tender that a winner refused its lines, keeps
// the proposed next best offer, and sees the refusal with its claim under the lines and the breach on the refusing
// supplier's page. The @screenshots test photographs the dialog and the breaches tab in et, ru and en.
import type { APIRequestContext } from '@playwright/test';
import type { RefusalOverview } from '../packages/shared/src/index.ts';
import { apiLogin, expect, pickOption, shotsDir, test } from './fixtures.ts';

/** An ORDERED demo tender with a won line that another company's offer can take, and that winner. */
async function refusable(request: APIRequestContext, token: string, skip: number[] = []) {
  const headers = { Authorization: `Token ${token}` };
  const list = await request.get('/api/tenders/?filter_status=ORDERED&page_size=50', { headers });
  expect(list.status()).toBe(200);
  for (const t of (await list.json()).results as { id: number }[]) {
    if (skip.includes(t.id)) continue;
    const res = await request.get(`/api/tenders/${t.id}/refusals/`, { headers });
    const o = (await res.json()) as RefusalOverview;
    const w = o.winners.find((x) => x.candidates.length);
    if (w) return { id: t.id, winner: w };
  }
  throw new Error('no ORDERED demo tender with a replaceable winner');
}

test('a Contractor records a refusal: the next best offer wins, the claim and the breach are shown', async ({
  page,
  request,
  loginAs,
}) => {
  const { token } = await loginAs('contractor');
  const { id, winner } = await refusable(request, token);
  await page.goto(`/tenders/${id}/view`);
  const card = page.getByTestId('refusals-card');
  await card.getByRole('button', { name: 'Võitja loobus' }).click();
  const dialog = page.getByRole('dialog');
  await pickOption(page, dialog.getByTestId('refusal-supplier'), winner.supplier_name);
  // The refuser's lines are all chosen, each with the proposed next best offer.
  await expect(dialog.getByText(`Soovitatud: ${winner.candidates[0].supplier_name}`).first()).toBeVisible();
  await dialog.getByLabel('Põhjus').fill('Tootja lõpetas tootmise');
  await dialog.getByRole('button', { name: 'Registreeri loobumine' }).click();
  await expect(page.getByText('Loobumine registreeritud, uus võitja teavitatud')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = card.locator('tbody tr').first();
  await expect(row).toContainText(winner.supplier_name);
  await expect(row).toContainText('Tootja lõpetas tootmise');
  await expect(row).toContainText('tasuda');
  await expect(row).toContainText(winner.candidates[0].supplier_name);

  // The refusing supplier's page lists the refusal as a breach.
  await page.goto(`/supplier/${winner.supplier}/details`);
  await page.getByRole('tab', { name: 'Rikkumised' }).click();
  const tab = page.getByTestId('breaches-tab');
  await expect(tab.locator('tbody tr').first()).toContainText('Loobus tellimusest');
  await expect(tab.locator('tbody tr').first()).toContainText('Tootja lõpetas tootmise');
});

for (const lang of ['et', 'ru', 'en'] as const)
  test(`refusal screenshots ${lang}`, { tag: '@screenshots' }, async ({ page, request }) => {
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    const { token } = await apiLogin(request, 'contractor');
    await page.addInitScript((t) => localStorage.setItem('token', t), token);
    const { id, winner } = await refusable(request, token);
    await page.goto(`/tenders/${id}/view`);
    const card = page.getByTestId('refusals-card');
    await card.locator('.ant-card-extra button').click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, dialog.getByTestId('refusal-supplier'), winner.supplier_name);
    await dialog.locator('textarea').fill('—');
    await page.screenshot({ path: `${shotsDir('refusal')}/${lang}-dialog.png` });
    await page.keyboard.press('Escape');
    // Recorded through the API: the card under the lines and the refuser's breaches tab with the new row.
    const res = await request.post(`/api/tenders/${id}/refusals/`, {
      headers: { Authorization: `Token ${token}` },
      data: {
        supplier: winner.supplier,
        // Today in UTC is never after today in Tallinn, so the server (its clock not moved here) takes it.
        refused_on: new Date().toISOString().slice(0, 10),
        reason: 'Tootja lõpetas tootmise',
        lines: [{ detail: winner.detail, replacement: winner.candidates[0].id }],
      },
    });
    expect(res.status()).toBe(201);
    await page.reload();
    await expect(card.locator('tbody tr').first()).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir('refusal')}/${lang}-recorded.png` });
    await page.goto(`/supplier/${winner.supplier}/details`);
    const tab = page.getByRole('tab').nth(2);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('breaches-tab').locator('tbody tr').first()).toContainText(
      'Tootja lõpetas tootmise',
    );
    await page.screenshot({ path: `${shotsDir('refusal')}/${lang}-breaches.png`, fullPage: true });
  });
