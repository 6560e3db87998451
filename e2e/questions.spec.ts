// Questions while a tender runs (issue 32, point 6): a supplier asks on an ACTIVE demo tender, a buyer answers it in
// the tender view, and another supplier sees the question with its answer and without the asking company's name.
// Screenshots of the panel in Estonian, Russian and English at 1440 and 390 px.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, expect, type Role, shotsDir, test, unique, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('questions');
const ASKER_COMPANY = 'Demo Parts OÜ';

interface TenderRow {
  id: number;
  tender_code: string;
  status: string;
  abilities: string[];
}

/** An ACTIVE demo tender both the asking supplier and supplier2 see, on which the asker may ask. */
async function sharedActiveTender(request: APIRequestContext) {
  const rows = async (role: Role) => {
    const me = await apiLogin(request, role);
    const res = await request.get('/api/tenders/?filter_status=ACTIVE&page_size=100', {
      headers: { Authorization: `Token ${me.token}` },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { results: TenderRow[] }).results;
  };
  const mine = (await rows('supplier')).filter((t) => t.status === 'ACTIVE' && t.abilities.includes('ask'));
  const theirs = new Set((await rows('supplier2')).map((t) => t.id));
  const tender = mine.find((t) => theirs.has(t.id));
  expect(tender, 'an ACTIVE demo tender seen by Demo Parts OÜ and Baltic Auto Supply AS').toBeTruthy();
  return tender!;
}

/** A page of its own (own cookies and storage) signed in as `role`, in a language. */
async function pageAs(browser: Browser, request: APIRequestContext, role: Role, lang = 'et') {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'et-EE',
    timezoneId: 'Europe/Tallinn',
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
  await useToken(page, (await apiLogin(request, role)).token);
  return page;
}

const panel = (page: Page) => page.getByTestId('questions-panel');

test('a supplier asks, a buyer answers, another supplier sees the answer without the asker', async ({
  browser,
  request,
}) => {
  const tender = await sharedActiveTender(request);
  const question = `Kas OEM on nõutud? ${unique()}`;
  const answer = `Jah, ainult OEM või samaväärne originaal. ${unique()}`;

  // The supplier asks about the whole tender.
  const asker = await pageAs(browser, request, 'supplier');
  await asker.goto(`/tenders/${tender.id}/view`);
  await expect(panel(asker)).toBeVisible();
  await panel(asker).getByRole('textbox', { name: 'Küsimus' }).fill(question);
  await asker.getByTestId('question-send').click();
  await expect(asker.getByText('Küsimus saadeti ostjatele')).toBeVisible();
  const own = panel(asker).getByTestId('question').filter({ hasText: question });
  await expect(own).toContainText('Meie küsimus');
  await expect(own).toContainText('Vastamata');

  // Not yet for the other supplier.
  const other = await pageAs(browser, request, 'supplier2');
  await other.goto(`/tenders/${tender.id}/view`);
  await expect(other.getByTestId('tender-view')).toBeVisible();
  await expect(other.getByText(question)).toHaveCount(0);

  // The buyer sees it at once (the offers stay sealed) and answers.
  const buyer = await pageAs(browser, request, 'contractor');
  await buyer.goto(`/tenders/${tender.id}/view`);
  const asked = panel(buyer).getByTestId('question').filter({ hasText: question });
  await expect(asked).toBeVisible();
  await expect(asked).not.toContainText(ASKER_COMPANY);
  await asked.getByTestId('question-answer-open').click();
  await asked.getByRole('textbox', { name: 'Vastus' }).fill(answer);
  await asked.getByTestId('answer-send').click();
  await expect(buyer.getByText('Vastus avaldati tarnijatele')).toBeVisible();
  await expect(asked.getByTestId('question-answer')).toContainText(answer);

  // The other supplier now sees the question and the answer, and nothing of who asked.
  await other.reload();
  const seen = panel(other).getByTestId('question').filter({ hasText: question });
  await expect(seen).toBeVisible();
  await expect(seen.getByTestId('question-answer')).toContainText(answer);
  await expect(seen).not.toContainText('Meie küsimus');
  expect(await panel(other).textContent()).not.toContain(ASKER_COMPANY);
  const axe = await wcag(other).include('[data-testid="questions-panel"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // Screenshots: the answered question as another supplier and as the buyer, each language, desktop and phone.
  for (const lang of ['et', 'ru', 'en'] as const) {
    for (const [who, role] of [
      ['supplier', 'supplier2'],
      ['buyer', 'contractor'],
    ] as const) {
      const p = await pageAs(browser, request, role, lang);
      await p.goto(`/tenders/${tender.id}/view`);
      await expect(panel(p).getByText(answer)).toBeVisible();
      for (const width of [1440, 390]) {
        await p.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await panel(p).scrollIntoViewIfNeeded();
        await panel(p).screenshot({ path: `${SHOTS}/questions-${who}-${lang}-${width}.png` });
        // At 390 px nothing of the panel runs past the screen's edge.
        if (width === 390) {
          const box = await panel(p).boundingBox();
          expect(box && box.x + box.width).toBeLessThanOrEqual(390);
        }
      }
      await p.context().close();
    }
  }
  for (const p of [asker, other, buyer]) await p.context().close();
});
