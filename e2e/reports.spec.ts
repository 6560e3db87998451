import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, shotsDir, test, wcag } from './fixtures.ts';

const SHOTS = shotsDir('reports');
const REPORTS = ['consolidated', 'orders', 'parts', 'suppliers', 'categories'] as const;

async function axe(page: Page) {
  // The report's own content (the shell has its own checks); antd's hidden column-measuring row of a horizontally
  // scrolling table is not content.
  const res = await wcag(page).include('.report-page').exclude('.ant-table-measure-row').analyze();
  const v = res.violations.map((x) => `${x.id}: ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(v).toEqual([]);
}

/** Picks a date preset (the radios are drawn as buttons). */
async function preset(page: Page, name: string) {
  await page.locator('.report-presets').getByText(name, { exact: true }).click();
}

async function waitTable(page: Page) {
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

async function exportAll(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByTestId('export-all').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('export.xlsx');
  const path = await file.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.getWorksheet('data');
  expect(sheet).toBeDefined();
  return sheet!;
}

test.describe('reports', () => {
  test('an administrator uses every report: preset, sort, export; the consolidated sum leads to the same total', async ({
    page,
    loginAs,
  }) => {
    await loginAs('admin');

    // consolidated: last month by default, the chart above the table
    await page.goto('/reports/consolidated');
    await expect(page.getByRole('heading', { level: 1, name: 'Koondaruanne' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Eelmine kuu' })).toBeChecked();
    await expect(page.getByTestId('spend-chart')).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await waitTable(page);
    await preset(page, 'Viimased 3 kuud');
    await expect(page).toHaveURL(/filter_start=/);
    await waitTable(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // sort by the sum, descending on the second click, made once the header shows the first (the address changes
    // before the screen re-renders; a click in between would ask for ascending again)
    const sumHeader = page.getByRole('columnheader', { name: 'Tellimuste summa' });
    await sumHeader.click();
    await expect(page).toHaveURL(/ordering=orders_sum/);
    await expect(sumHeader).toHaveAttribute('aria-sort', 'ascending');
    await waitTable(page);
    await sumHeader.click();
    await expect(page).toHaveURL(/ordering=-orders_sum/);
    await expect(sumHeader).toHaveAttribute('aria-sort', 'descending');
    await waitTable(page);
    const sheet = await exportAll(page);
    expect(sheet.rowCount).toBe((await rows.count()) + 1);
    await axe(page);

    // the first (largest) sum opens the orders report of that supplier and period with the same total
    const link = page.getByTestId('orders-sum-link').first();
    const sum = (await link.textContent())?.trim() ?? '';
    expect(sum).toMatch(/^\d[\d\u00a0\u202f ]*,\d{2}$/);
    await link.click();
    await expect(page).toHaveURL(/\/reports\/orders\?.*filter_name=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tellimuste aruanne' })).toBeVisible();
    await waitTable(page);
    await expect(page.getByTestId('total-sum')).toHaveText(sum);

    // orders: preset, sort, export
    await page.getByTestId('filter-reset').click();
    await expect(page).toHaveURL(/\/reports\/orders$/);
    await preset(page, 'Eelmine aasta');
    await preset(page, 'Viimased 6 kuud');
    await waitTable(page);
    await page.getByRole('columnheader', { name: 'Summa' }).click();
    await expect(page).toHaveURL(/ordering=sum_of_details/);
    await waitTable(page);
    const tender = page.locator('.ant-table-tbody tr.ant-table-row a[target="_blank"]').first();
    await expect(tender).toHaveAttribute('href', /\/tenders\/\d+\/view$/);
    expect((await exportAll(page)).rowCount).toBeGreaterThan(1);
    await axe(page);

    // parts: start of the current month by default; last 3 months; order by the lowest price
    await page.goto('/reports/parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Varuosade aruanne' })).toBeVisible();
    await expect(page.locator('#parts-start')).toHaveValue(/^01\.\d{2}\.\d{4}$/);
    await preset(page, 'Viimased 3 kuud');
    await waitTable(page);
    await page.getByRole('columnheader', { name: 'Min hind' }).click();
    await expect(page).toHaveURL(/ordering=min_price/);
    await waitTable(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    // select two rows and export only those
    // (from the top of the page: scrolled, the first rows would sit under the fixed top bar)
    await page.evaluate(() => window.scrollTo(0, 0));
    const rowsOf = page.locator('.ant-table-tbody tr.ant-table-row');
    await rowsOf.nth(0).locator('.ant-checkbox').click();
    await rowsOf.nth(1).locator('.ant-checkbox').click();
    await expect(page.getByTestId('export-selected')).toContainText('(2)');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-selected').click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await (await download).path());
    expect(wb.getWorksheet('data')?.rowCount).toBe(3);
    await axe(page);

    // suppliers: winner filter, preset, sort by offers
    await page.goto('/reports/suppliers');
    await preset(page, 'Viimased 3 kuud');
    await waitTable(page);
    await page.getByRole('columnheader', { name: 'Pakkumisi' }).click();
    await expect(page).toHaveURL(/ordering=number_of_proposals/);
    await waitTable(page);
    expect((await exportAll(page)).rowCount).toBeGreaterThan(1);
    await axe(page);

    // categories: a department's tree, a category, more/less
    await page.goto('/reports/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Tootekategooriate aruanne' })).toBeVisible();
    await waitTable(page);
    await page.getByRole('columnheader', { name: 'Tarnija' }).click();
    await expect(page).toHaveURL(/ordering=name/);
    await page.getByLabel('Bussid').check();
    await page.getByText('Kategooriapuu').click();
    await expect(page.getByTestId('category-tree')).toBeVisible();
    await page.getByTestId('category-tree').locator('.ant-tree-checkbox').first().click();
    await page.getByTestId('filter-search').click();
    await expect(page).toHaveURL(/filter_category=/);
    await waitTable(page);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    expect((await exportAll(page)).rowCount).toBeGreaterThan(1);
    await axe(page);

    // the list state is remembered per route: a bare route restores the last query
    await page.goto('/reports/suppliers');
    await expect(page).toHaveURL(/ordering=number_of_proposals/);
  });

  test('contractors have no consolidated report; suppliers no reports', async ({ page, loginAs }) => {
    await loginAs('contractor');
    await page.goto('/reports/consolidated');
    await expect(page.getByRole('heading', { level: 1, name: 'Koondaruanne' })).toHaveCount(0);
    await page.goto('/reports/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Tellimuste aruanne' })).toBeVisible();
  });

  test('screenshots of every report at 1440 and 390 px in three languages', { tag: '@screenshots' }, async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(400_000);
    await loginAs('admin');
    for (const lang of ['et', 'ru', 'en']) {
      await page.goto('/tenders');
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 1000 : 844 });
        // on a phone the side menu is folded (70 px), as a person there would fold it
        await page.evaluate((folded) => localStorage.setItem('menu_collapsed', String(folded)), width < 500);
        for (const r of REPORTS) {
          await page.goto(`/reports/${r}`);
          await expect(page.locator('h1')).toBeVisible();
          await waitTable(page);
          if (r === 'consolidated') await expect(page.locator('.recharts-surface').first()).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/${r}-${width}-${lang}.png`, fullPage: true });
        }
      }
    }
  });
});
