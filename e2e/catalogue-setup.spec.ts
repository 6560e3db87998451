// Catalogue and setup end to end: an administrator drags a category under another and it stays after a reload;
// blacklists a producer, changes the entry and reads the change log; a supplier opens producers and cannot open the
// blacklist by URL (nor through the API). Screenshots of every screen of the area (Estonian; three in Russian and
// English) at 1440 and 390 px, each checked with axe-core for WCAG 2.1 AA.
import type { Page } from '@playwright/test';
import { apiLogin, expect, settledOption, shotsDir, test, unique, useToken, wcag } from './fixtures.ts';

const SHOTS = shotsDir('catalogue-setup');

async function api<T>(page: Page, token: string, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Token ${token}` },
    data: data as object,
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function axe(page: Page) {
  const result = await wcag(page)
    // antd's zero-height column-measuring row of scrolling tables is hidden from everyone.
    .exclude('.ant-table-measure-row')
    .analyze();
  expect(
    result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.any[0]?.message ?? ''}`).join(', ')}`,
    ),
  ).toEqual([]);
}

test.describe('catalogue and setup', () => {
  test('an administrator drags a category under another and it stays after a reload', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'admin');
    await useToken(page, token);
    const groups = await api<{ results: { id: number; name: string }[] }>(
      page,
      token,
      'GET',
      '/api/groups/?page_size=100',
    );
    const bussid = groups.results.find((g) => g.name === 'Bussid');
    expect(bussid).toBeDefined();
    const tag = unique();
    const a = await api<{ id: number }>(page, token, 'POST', '/api/categories/', {
      name: `Aaa ülem ${tag}`,
      groups: [bussid?.id],
      parent: 0,
    });
    const b = await api<{ id: number }>(page, token, 'POST', '/api/categories/', {
      name: `Bbb alam ${tag}`,
      groups: [bussid?.id],
      parent: 0,
    });

    await page.goto('/setup/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Kategooriad' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Bussid' }).check();
    const tree = page.getByTestId('category-tree');
    const nodeA = tree.locator('.ant-tree-treenode', { hasText: `Aaa ülem ${tag}` });
    const nodeB = tree.locator('.ant-tree-treenode', { hasText: `Bbb alam ${tag}` });
    await expect(nodeA).toBeVisible();
    await expect(nodeB).toBeVisible();
    // Drag B onto A's lower half, moving right by more than 1.5 indents: antd's Tree drops it inside A.
    const box = await nodeA.locator('.ant-tree-node-content-wrapper').boundingBox();
    const start = await nodeB.locator('.ant-tree-node-content-wrapper').boundingBox();
    if (!box || !start) throw new Error('tree nodes not laid out');
    await nodeB
      .locator('.ant-tree-node-content-wrapper')
      .dragTo(nodeA.locator('.ant-tree-node-content-wrapper'), {
        sourcePosition: { x: 10, y: start.height / 2 },
        targetPosition: { x: 120, y: box.height * 0.8 },
      });
    await expect(page.getByText('Kategooria teisaldatud')).toBeVisible();
    const after = await api<{ parent: number }>(page, token, 'GET', `/api/categories/${b.id}/`);
    expect(after.parent).toBe(a.id);

    await page.reload();
    await page.getByRole('button', { name: 'Ava kõik' }).click();
    // The keyboard reaches the tree after "Sulge kõik": it shows where the focus is, below the app bar.
    await page.getByRole('button', { name: 'Sulge kõik' }).focus();
    await page.keyboard.press('Tab');
    const list = tree.getByRole('tree');
    await expect(list).toBeFocused();
    await expect(list).toHaveCSS('outline-style', 'solid');
    expect((await list.boundingBox())?.y).toBeGreaterThanOrEqual(56);
    const childOfA = tree
      .locator('.ant-tree-treenode', { hasText: `Bbb alam ${tag}` })
      .locator('.ant-tree-indent-unit');
    // One level deeper than the top: one indent unit.
    await expect(childOfA).toHaveCount(1);
    await expect(
      tree.locator('.ant-tree-treenode', { hasText: `Aaa ülem ${tag}` }).locator('.ant-tree-indent-unit'),
    ).toHaveCount(0);

    // The row menu: revert the child back to the new column.
    await tree
      .locator('.ant-tree-treenode', { hasText: `Bbb alam ${tag}` })
      .getByRole('button', { name: `Tegevused: Bbb alam ${tag}` })
      .click();
    await page.getByRole('menuitem', { name: 'Võta puust välja' }).click();
    await expect(page.getByText('Kategooria viidi tagasi uute hulka')).toBeVisible();
    await expect(page.getByTestId('category-new')).toContainText(`Bbb alam ${tag}`);
  });

  test('an administrator blacklists a producer and reads the change log', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'admin');
    await useToken(page, token);
    const tag = unique();
    // A part of its own, so no earlier entry is in the way.
    const parts = await api<{ id: number; code: string }[]>(
      page,
      token,
      'GET',
      '/api/black_lists/parts/?code__icontains=',
    );
    expect(parts.length).toBeGreaterThan(0);
    const part = parts[parts.length - 1];
    const p1 = await api<{ id: number; name: string }>(page, token, 'POST', '/api/producers/', {
      name: `Aatomik ${tag}`,
    });
    const p2 = await api<{ id: number; name: string }>(page, token, 'POST', '/api/producers/', {
      name: `Bosun ${tag}`,
    });

    await page.goto('/setup/blacklists');
    await expect(page.getByRole('heading', { level: 1, name: 'Must nimekiri' })).toBeVisible();
    await page.getByRole('link', { name: 'Lisa musta nimekirja' }).click();
    await expect(page).toHaveURL(/\/setup\/blacklists\/add$/);
    // Saving empty shows the spec's messages.
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Vähemal üks tootja peab olema sisestatud')).toBeVisible();
    await expect(page.getByText('Kommentaar on kohustuslik täitmiseks')).toBeVisible();

    const partBox = page.getByLabel('Varuosa kood');
    await partBox.fill(part.code);
    await (await settledOption(page, partBox, `${part.code} — `)).click();
    const producers = page.getByLabel('Tootjad');
    await producers.fill(p1.name);
    await (await settledOption(page, producers, p1.name)).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Põhjus (kommentaar)').fill('Praagitud partii');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Must nimekiri lisatud')).toBeVisible();
    await expect(page).toHaveURL(/\/setup\/blacklists$/);

    // The new entry in the list; its part is no longer offered in the part search.
    await page.getByPlaceholder(/Otsi/).first().fill(part.code);
    await page.keyboard.press('Enter');
    const row = page.locator('tr', { hasText: part.code });
    await expect(row).toContainText(p1.name);
    const offered = await api<{ id: number }[]>(
      page,
      token,
      'GET',
      `/api/black_lists/parts/?code__icontains=${encodeURIComponent(part.code)}`,
    );
    expect(offered.map((x) => x.id)).not.toContain(part.id);

    // Edit: saving without a change is refused with 'Muudatused puuduvad'.
    await row.getByRole('link', { name: 'Muuda' }).click();
    await expect(page.getByRole('heading', { name: `Musta nimekirja kanne: ${part.code}` })).toBeVisible();
    await page.getByLabel('Põhjus (kommentaar)').fill('Ei muuda midagi');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Muudatused puuduvad')).toBeVisible();
    // Add a second producer, remove the first, deactivate.
    await producers.fill(p2.name);
    await (await settledOption(page, producers, p2.name)).click();
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-select-selection-item', { hasText: p1.name })
      .locator('.ant-select-selection-item-remove')
      .click();
    await page.getByRole('checkbox', { name: 'Aktiivne' }).uncheck();
    await page.getByLabel('Põhjus (kommentaar)').fill('Tootja vahetus');
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Must nimekiri muudetud')).toBeVisible();

    // The change log.
    await page
      .locator('tr', { hasText: part.code })
      .getByRole('button', { name: 'Kommentaarid (muudatuste logi)' })
      .click();
    const log = page.getByRole('dialog', { name: `Muudatuste logi: ${part.code}` });
    await expect(log).toBeVisible();
    const items = log.locator('.ant-list-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Tootja vahetus');
    await expect(items.nth(0)).toContainText(`+ ${p2.name}`);
    await expect(items.nth(0)).toContainText(`− ${p1.name}`);
    await expect(items.nth(0)).toContainText('Deaktiveeritud');
    await expect(items.nth(1)).toContainText('Praagitud partii');
    await expect(items.nth(1)).toContainText(`+ ${p1.name}`);
    await expect(items.nth(1)).toContainText('Aktiveeritud');
    await log.getByRole('button', { name: /Close|Sulge/ }).click();

    // The info modal shows the part name.
    await page.locator('tr', { hasText: part.code }).getByRole('button', { name: 'Varuosa info' }).click();
    await expect(page.getByRole('dialog', { name: 'Varuosa info' })).toContainText(part.code);
  });

  test('a supplier opens producers and cannot open the blacklist by URL', async ({ page }) => {
    const { token } = await apiLogin(page.request, 'supplier');
    await useToken(page, token);
    await page.goto('/setup/producers');
    await expect(page.getByRole('heading', { level: 1, name: 'Tootjad' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Bosch', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Lisa tootja' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Kustuta' })).toHaveCount(0);

    await page.goto('/setup/blacklists');
    await expect(page.getByText('Juurdepääs puudub')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Must nimekiri' })).toHaveCount(0);
    const res = await page.request.get('/api/black_lists/', { headers: { Authorization: `Token ${token}` } });
    expect(res.status()).toBe(403);
    for (const path of ['/setup/categories', '/notifications', '/modules'])
      expect(
        (
          await page.request.get(
            `/api${path === '/setup/categories' ? '/categories/tree/1' : path === '/modules' ? '/modules' : '/email_templates'}/`,
            {
              headers: { Authorization: `Token ${token}` },
            },
          )
        ).status(),
        path,
      ).toBe(403);
  });

  /** Screens of the area: [name, path, Estonian heading]. */
  async function screensOf(page: Page, token: string): Promise<[string, string, string][]> {
    const bl = await api<{ results: { id: number }[] }>(page, token, 'GET', '/api/black_lists/?page_size=1');
    const cat = await api<{ id: number }[]>(page, token, 'GET', '/api/categories/?page_size=0');
    const prod = await api<{ results: { id: number }[] }>(page, token, 'GET', '/api/producers/?page_size=1');
    const mod = await api<{ results: { id: number }[] }>(page, token, 'GET', '/api/modules/');
    return [
      ['blacklists', '/setup/blacklists', 'Must nimekiri'],
      ['blacklist-add', '/setup/blacklists/add', 'Uus musta nimekirja kanne'],
      ['blacklist-edit', `/setup/blacklists/${bl.results[0].id}/edit`, 'Musta nimekirja kanne'],
      ['categories', '/setup/categories', 'Kategooriad'],
      ['category-add', '/admin/product/categories/add', 'Uus kategooria'],
      ['category-edit', `/admin/product/categories/${cat[0].id}/edit`, 'Muuda kategooriat'],
      ['producers', '/setup/producers', 'Tootjad'],
      ['producer-add', '/setup/producers/add', 'Uus tootja'],
      ['producer-edit', `/setup/producers/${prod.results[0].id}/edit`, 'Muuda tootjat'],
      ['units', '/setup/units', 'Ühikud'],
      ['warehouses', '/setup/warehouses', 'Laod'],
      ['groups', '/setup/groups', 'Grupid'],
      ['modules', '/modules', 'Moodulid'],
      ['module-edit', `/setup/modules/${mod.results[0].id}/edit`, 'seaded'],
      ['notifications', '/notifications', 'Teavitused'],
      ['email-settings', '/notifications/settings', 'E-posti seaded'],
    ];
  }

  /** Screenshots at 1440 and 390 px; axe-core (WCAG 2.1 AA) on the desktop one. */
  async function shoot(page: Page, lang: string, name: string, path: string, heading?: string) {
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      // On a phone the side menu is folded (the shell remembers the choice), as a phone user would have it.
      await page.addInitScript(
        (folded) => localStorage.setItem('menu_collapsed', folded),
        String(width < 400),
      );
      await page.goto(path);
      const h = page.locator('h1').first();
      await expect(h).toBeVisible();
      if (heading) await expect(h).toContainText(heading);
      await page.waitForLoadState('networkidle');
      if (name === 'notifications') await page.locator('.ant-collapse-header').nth(3).click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${SHOTS}/${lang}-${name}-${width}.png`, fullPage: true });
      if (width === 1440) await axe(page);
    }
  }

  test('screenshots of every screen in Estonian; WCAG 2.1 AA', { tag: '@screenshots' }, async ({ page }) => {
    test.setTimeout(900_000);
    const { token } = await apiLogin(page.request, 'admin');
    await useToken(page, token);
    for (const [name, path, heading] of await screensOf(page, token))
      await shoot(page, 'et', name, path, heading);
  });

  test('screenshots of three screens in Russian and English; WCAG 2.1 AA', { tag: '@screenshots' }, async ({
    page,
  }) => {
    test.setTimeout(900_000);
    const { token } = await apiLogin(page.request, 'admin');
    await useToken(page, token);
    const three = (await screensOf(page, token)).filter(([n]) =>
      ['blacklists', 'categories', 'notifications'].includes(n),
    );
    for (const [lang, heading] of [
      ['ru', ['Чёрный список', 'Категории', 'Уведомления']],
      ['en', ['Blacklist', 'Categories', 'Notifications']],
    ] as const) {
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      for (const [i, [name, path]] of three.entries()) await shoot(page, lang, name, path, heading[i]);
    }
  });
});
