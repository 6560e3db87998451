// The supplier's side after the offer (issue 34): a supplier sends its offer on an ACTIVE demo tender, is shown the
// receipt at once, downloads it as PDF (its digest in the file) and checks it with the portal; a supplier marks a
// part "no offer" with a reason and undoes it. Screenshots of the receipt, the decline and the feedback after the
// award in Estonian, Russian and English at 1440 and 390 px, and axe on the view with them.
import fs from 'node:fs';
import type { APIRequestContext, Browser } from '@playwright/test';
import { apiLogin, expect, type Role, shotsDir, test, unique, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('receipt');

interface TenderRow {
  id: number;
  status: string;
  company_proposals: number;
  abilities: string[];
}
interface OwnLine {
  id: number;
  proposals: {
    id: number | null;
    sealed: boolean;
    producer: { id: number } | null;
    price: string;
    delivery_date: string;
    product_code: string;
    ean_code: string;
    available_qty: string | null;
    additional_qty: string | null;
  }[];
}
interface Line {
  id: number;
  part_name: string;
  proposals: { id: number | null; sealed: boolean }[];
}

const auth = (token: string) => ({ headers: { Authorization: `Token ${token}` } });

async function tenders(request: APIRequestContext, token: string, status: string) {
  const res = await request.get(`/api/tenders/?filter_status=${status}&page_size=100`, auth(token));
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: TenderRow[] }).results.filter((t) => t.status === status);
}

async function pageAs(browser: Browser, request: APIRequestContext, role: Role, lang = 'et', width = 1440) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'et-EE',
    timezoneId: 'Europe/Tallinn',
    viewport: { width, height: width === 390 ? 844 : 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  await useToken(page, (await apiLogin(request, role)).token);
  return page;
}

test('a supplier sends its offer, sees its receipt, downloads it as PDF and checks it with the portal', async ({
  browser,
  request,
}) => {
  const me = await apiLogin(request, 'supplier');
  const tender = (await tenders(request, me.token, 'ACTIVE')).find((t) => t.company_proposals > 0);
  expect(tender, 'an ACTIVE demo tender with an offer of Demo Parts OÜ').toBeTruthy();
  const page = await pageAs(browser, request, 'supplier');
  await page.goto(`/tenders/${tender!.id}/view`);
  await expect(page.locator('.offer-table')).toBeVisible();
  await page.getByRole('checkbox', { name: /^Kinnitan/ }).check();
  await page.getByRole('button', { name: 'Tee pakkumine' }).click();

  // The receipt comes at once and stays while the page goes on to the list.
  const notice = page.getByTestId('receipt-notice');
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/tenders$/);
  await expect(notice).toBeVisible();
  const digest = ((await notice.locator('code').textContent()) ?? '').trim();
  expect(digest).toMatch(/^[0-9a-f]{64}$/);
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Laadi kviitung alla (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    new RegExp(`^receipt_${tender!.id}_\\d{4}-\\d{2}-\\d{2}_\\d+\\.pdf$`),
  );
  const pdf = fs.readFileSync(await file.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The portal holds it: the receipt on the tender, checked with the portal's answer.
  const res = await request.get(`/api/tenders/${tender!.id}/receipts/`, auth(me.token));
  const current = (await res.json()).current;
  expect(current.digest).toBe(digest);
  await page.goto(`/tenders/${tender!.id}/view`);
  const card = page.getByTestId('offer-receipt');
  await expect(card.getByTestId('receipt-current')).toContainText(digest);
  await card.getByTestId('receipt-current').getByRole('button', { name: 'Kontrolli portaalist' }).click();
  await expect(card.getByTestId('receipt-verdict')).toHaveText(
    'Kviitung vastab pakkumisele, mida portaal hoiab.',
  );
  const axe = await wcag(page).include('[data-testid="offer-receipt"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test('a supplier marks a part "no offer" with its reason and undoes it', async ({ browser, request }) => {
  const me = await apiLogin(request, 'supplier3');
  let target: { tender: number; line: Line } | null = null;
  for (const t of await tenders(request, me.token, 'ACTIVE')) {
    if (!t.abilities.includes('offer')) continue;
    const res = await request.get(`/api/details/?tender=${t.id}&page_size=0`, auth(me.token));
    const line = ((await res.json()) as Line[]).find((l) => !l.proposals.some((p) => !p.sealed));
    if (line) {
      target = { tender: t.id, line };
      break;
    }
  }
  expect(target, 'an ACTIVE demo tender with a part Nordic Bus Parts OÜ has not offered on').toBeTruthy();
  const { tender, line } = target!;
  const page = await pageAs(browser, request, 'supplier3');
  await page.goto(`/tenders/${tender}/view`);
  await page.getByTestId(`decline-${line.id}`).click();
  const dialog = page.getByRole('dialog', { name: 'Selle osa kohta pakkumist ei tee' });
  await expect(dialog).toBeVisible();
  // Other needs a text.
  await dialog.getByRole('radio', { name: 'Muu' }).check();
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(dialog).toContainText('See väli ei tohi olla tühi');
  const why = `Müüakse ainult komplektina ${unique()}`;
  await dialog.getByRole('textbox', { name: 'Selgitus' }).fill(why);
  await dialog.getByRole('button', { name: 'Salvesta' }).click();
  await expect(dialog).toBeHidden();
  const mark = page.getByTestId(`declined-${line.id}`);
  await expect(mark).toContainText(`Ei paku (Muu): ${why}`);
  // It is the server's: a reload shows it, and the company's declines list it.
  await page.reload();
  await expect(mark).toContainText(why);
  const res = await request.get(`/api/tenders/${tender}/declines/`, auth(me.token));
  expect((await res.json()).mine).toEqual([
    expect.objectContaining({ detail: line.id, reason: 'OTHER', text: why }),
  ]);
  const axe = await wcag(page).include('.offer-table').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await mark.getByRole('button', { name: 'Võta tagasi' }).click();
  await expect(mark).toHaveCount(0);
  await expect(page.getByTestId(`decline-${line.id}`)).toBeVisible();
  expect((await (await request.get(`/api/tenders/${tender}/declines/`, auth(me.token))).json()).mine).toEqual(
    [],
  );
});

for (const lang of ['et', 'ru', 'en'] as const)
  test(`screens in ${lang}: the receipt, a declined part and the feedback after the award`, {
    tag: '@screenshots',
  }, async ({ browser, request }) => {
    const me = await apiLogin(request, 'supplier');
    const active = (await tenders(request, me.token, 'ACTIVE')).find((t) => t.company_proposals > 0)!;
    // Receipts to show (the demo's offers were loaded without one): the company's own offer sent again, twice.
    const res = await request.get(`/api/details/?tender=${active.id}&page_size=0`, auth(me.token));
    const own = ((await res.json()) as OwnLine[])
      .map((l) => ({
        detail: l.id,
        offers: l.proposals
          .filter((p) => !p.sealed && p.producer)
          .map((p) => ({
            id: p.id,
            producer: p.producer!.id,
            price: p.price,
            delivery_date: p.delivery_date,
            product_code: p.product_code,
            ean_code: p.ean_code,
            available_qty: p.available_qty,
            additional_qty: p.additional_qty,
          })),
      }))
      .filter((l) => l.offers.length);
    const held = await request.get(`/api/tenders/${active.id}/receipts/`, auth(me.token));
    const count = ((await held.json()) as { all: unknown[] }).all.length;
    for (let i = count; i < 2; i++) {
      const sent = await request.post(`/api/tenders/${active.id}/offer/`, {
        ...auth(me.token),
        data: { agreed: true, lines: own },
      });
      expect(sent.status(), await sent.text()).toBe(200);
    }
    const ordered = (await tenders(request, me.token, 'ORDERED')).find((t) =>
      t.abilities.includes('feedback'),
    );
    // A part declined by Nordic Bus Parts OÜ (through the API; the dialog is driven in the test above).
    const s3 = await apiLogin(request, 'supplier3');
    let declined: { tender: number; line: number } | null = null;
    for (const t of await tenders(request, s3.token, 'ACTIVE')) {
      if (!t.abilities.includes('offer')) continue;
      const res = await request.get(`/api/details/?tender=${t.id}&page_size=0`, auth(s3.token));
      const line = ((await res.json()) as Line[]).find((l) => !l.proposals.some((p) => !p.sealed));
      if (line) {
        declined = { tender: t.id, line: line.id };
        break;
      }
    }
    if (declined) {
      const put = await request.put(`/api/details/${declined.line}/decline/`, {
        ...auth(s3.token),
        data: { reason: 'CANNOT_MEET_DATE' },
      });
      expect(put.status()).toBe(200);
    }
    test.setTimeout(300_000);
    for (const width of [1440, 390]) {
      const page = await pageAs(browser, request, 'supplier', lang, width);
      await page.goto(`/tenders/${active.id}/view`);
      const card = page.getByTestId('offer-receipt');
      await expect(card).toBeVisible();
      {
        await card
          .getByRole('button', {
            name: /(Kontrolli portaalist|Проверить на портале|Check with the portal)/,
          })
          .first()
          .click();
        await expect(card.getByTestId('receipt-verdict')).toBeVisible();
        await card.locator('.ant-collapse-header').click();
        await expect(card.getByTestId('receipt-earlier').first()).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: `${SHOTS}/receipt-${lang}-${width}.png` });
        const box = await card.boundingBox();
        if (width === 390) expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      }
      if (ordered) {
        await page.goto(`/tenders/${ordered.id}/view`);
        const fb = page.getByTestId('supplier-feedback');
        await expect(fb).toBeVisible();
        await fb.screenshot({ path: `${SHOTS}/feedback-${lang}-${width}.png` });
      }
      await page.context().close();
      if (declined) {
        const p3 = await pageAs(browser, request, 'supplier3', lang, width);
        await p3.goto(`/tenders/${declined.tender}/view`);
        const mark = p3.getByTestId(`declined-${declined.line}`);
        await expect(mark).toBeVisible();
        await p3
          .locator('.offer-part', { has: mark })
          .screenshot({ path: `${SHOTS}/declined-${lang}-${width}.png` });
        await p3.context().close();
      }
    }
    if (declined) await request.delete(`/api/details/${declined.line}/decline/`, auth(s3.token));
  });
