// The web foundation end to end: login screen, routing rules, terms consent, the menu of every demo role,
// language switch, groups and warehouses screens (list, sort, search, pages, add, edit, delete), logout, 401.
import {
  apiLogin,
  DEMO,
  DEMO_PASSWORD,
  expect,
  menuPaths,
  pickOption,
  test,
  unique,
  useToken,
} from './fixtures.ts';

const ADMIN_MENU = [
  '/tenders',
  '/details',
  '/reports/consolidated',
  '/reports/orders',
  '/reports/parts',
  '/reports/suppliers',
  '/reports/categories',
  '/setup/parts',
  '/setup/parttypes',
  '/setup/producers',
  '/setup/blacklists',
  '/setup/warehouses',
  '/setup/groups',
  '/setup/categories',
  '/setup/units',
  '/workers',
  '/suppliers',
  '/notifications',
  '/modules',
  '/setup/deliveries',
  '/setup/maintenance',
  '/setup/terms',
];
const CONTRACTOR_MENU = ADMIN_MENU.filter(
  (p) =>
    ![
      '/reports/consolidated',
      '/setup/units',
      '/workers',
      '/notifications',
      '/modules',
      '/setup/deliveries',
      '/setup/maintenance',
      '/setup/terms',
    ].includes(p),
);

test.describe('login screen and routing', () => {
  test('a first login follows the user language and asks for the terms of use, once', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('Varuosade hankeportaal').first()).toBeVisible();
    for (const tab of ['ID-kaart', 'Mobiil-ID', 'Smart-ID', 'E-post'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    // supplier3 has English as its language; no language was chosen in this browser.
    await page.getByLabel('E-posti aadress').fill(DEMO.supplier3);
    await page.getByLabel('Salasõna').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Logi sisse' }).click();

    await expect(page).toHaveURL(/\/tenders$/);
    const terms = page.getByRole('dialog', { name: 'Terms of use' });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText('within 48 hours');
    await terms.getByRole('button', { name: 'I accept the terms' }).click();
    await expect(terms).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    await page.reload();
    await expect(page.locator('.shell-sider')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms of use' })).toBeHidden();
  });

  test('an unauthenticated deep link shows the login screen and returns there after login', async ({
    page,
    request,
  }) => {
    await apiLogin(request, 'admin'); // consents to the terms, so no modal interrupts
    await page.goto('/setup/warehouses?search=depoo');
    await expect(page.getByRole('button', { name: 'Logi sisse' })).toBeVisible();
    await page.getByLabel('E-posti aadress').fill(DEMO.admin);
    await page.getByLabel('Salasõna').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Logi sisse' }).click();
    await expect(page).toHaveURL(/\/setup\/warehouses\?search=depoo$/);
    await expect(page.getByRole('heading', { name: 'Laod' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Kopli trammidepoo/ })).toBeVisible();
  });

  test('wrong password shows the message under the password field; the Mobile-ID tab normalises the phone', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('E-posti aadress').fill(DEMO.admin);
    await page.getByLabel('Salasõna').fill('not-the-password');
    await page.getByRole('button', { name: 'Logi sisse' }).click();
    await expect(page.getByText('Vale e-posti aadress või salasõna.')).toBeVisible();
    await expect(page.locator('.shell-sider')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Mobiil-ID' }).click();
    const phone = page.getByLabel('Telefoninumber');
    await expect(phone).toHaveValue('+372');
    await phone.fill('55512345');
    await phone.blur();
    await expect(phone).toHaveValue('+37255512345');
    await expect(page.getByText('Kinnita sisselogimine telefonis PIN1-koodiga').first()).toBeVisible();

    await page.getByRole('link', { name: 'Registreeru tarnijana' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByText('Tarnija registreerimine')).toBeVisible();
    await expect(page.locator('.shell-sider')).toHaveCount(0);
  });
});

test.describe('menu per role', () => {
  const cases = [
    { role: 'admin', expected: () => ADMIN_MENU },
    { role: 'contractor', expected: () => CONTRACTOR_MENU },
    { role: 'master', expected: () => ['/tenders'] },
    {
      role: 'supplier',
      expected: (supplier: number | null) => [
        '/tenders',
        `/supplier/${supplier}/details`,
        '/setup/producers',
        '/setup/units',
      ],
    },
    {
      role: 'supplier2',
      expected: (supplier: number | null) => [
        '/tenders',
        `/supplier/${supplier}/details`,
        '/setup/producers',
        '/setup/units',
      ],
    },
    { role: 'employee', expected: () => ['/tenders', '/setup/producers', '/setup/units'] },
  ] as const;
  for (const c of cases) {
    test(`${c.role} sees exactly its entries`, async ({ page, loginAs }) => {
      const { user } = await loginAs(c.role);
      await page.goto('/');
      await expect(page).toHaveURL(/\/tenders$/);
      expect(await menuPaths(page)).toEqual(c.expected(user.supplier));
      // The user block shows the name and a profile link.
      await page.locator('.shell-user').click();
      await expect(page.getByTestId('user-block')).toContainText(`${user.first_name} ${user.last_name}`);
      await expect(page.getByTestId('user-block').getByRole('link', { name: 'Minu profiil' })).toBeVisible();
    });
  }

  test('a supplier is refused the setup screens of buyers', async ({ page, loginAs }) => {
    await loginAs('supplier');
    await page.goto('/setup/groups');
    await expect(page.getByText('Juurdepääs puudub')).toBeVisible();
  });

  test('every menu entry opens its built screen inside the shell, none says it comes later', async ({
    page,
    loginAs,
  }) => {
    await loginAs('admin');
    await page.goto('/setup/groups');
    await page.locator('.shell-sider').getByRole('link', { name: 'Moodulid' }).click();
    await expect(page).toHaveURL(/\/modules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moodulid' })).toBeVisible();
    await page.locator('.shell-sider').getByText('Kasutajad').click();
    await page.locator('.shell-sider').getByRole('link', { name: 'Töötajad' }).click();
    await expect(page).toHaveURL(/\/workers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Töötajad' })).toBeVisible();
    // One full page load per menu entry (about 30): the time allowed grows with the number of screens, so a
    // loaded machine does not run the whole walk out of a budget made for one screen.
    const paths = await menuPaths(page);
    test.setTimeout(120_000 + paths.length * 15_000);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByText('See osa tuleb portaali järgmises versioonis')).toHaveCount(0);
    }
  });
});

test.describe('shell', () => {
  test('switching the language changes the screen, and the footer opens the terms', async ({
    page,
    loginAs,
  }) => {
    await loginAs('contractor');
    await page.goto('/setup/groups');
    await expect(page.getByRole('heading', { name: 'Grupid' })).toBeVisible();

    await page.getByRole('button', { name: 'Kasutustingimused' }).click();
    await expect(page.getByRole('dialog', { name: 'Kasutustingimused' })).toContainText('10 000 euro');
    await page.getByRole('dialog').getByRole('button', { name: 'Sulge' }).first().click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await pickOption(page, page.locator('.shell-header .ant-select'), 'English');
    await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

    await pickOption(page, page.locator('.shell-header .ant-select'), 'Русский');
    await expect(page.getByRole('heading', { name: 'Группы' })).toBeVisible();
  });

  test('logout goes to the login screen and the old session is gone', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/setup/groups');
    await page.getByRole('button', { name: 'Logi välja' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Logi sisse' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/setup/groups');
    await expect(page.getByRole('button', { name: 'Logi sisse' })).toBeVisible();
  });

  test('a 401 clears the session and shows the login screen', async ({ page }) => {
    await useToken(page, 'no-such-token');
    await page.goto('/setup/groups');
    await expect(page.getByRole('button', { name: 'Logi sisse' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

test.describe('groups', () => {
  test('administrator adds, finds, edits and deletes a group', async ({ page, loginAs }) => {
    await loginAs('admin');
    const name = `E2E grupp ${unique()}`;
    await page.goto('/setup/groups');
    await expect(page.getByRole('row', { name: /Bussid/ })).toContainText('Aktiivne');

    await page.getByRole('link', { name: 'Lisa grupp' }).click();
    await expect(page).toHaveURL(/\/setup\/groups\/add$/);
    await page.getByRole('textbox', { name: 'Nimi' }).fill(name);
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Grupp lisatud')).toBeVisible();
    await expect(page).toHaveURL(/\/setup\/groups$/);

    // A second group with the same name is refused beside the field.
    await page.goto('/setup/groups/add');
    await page.getByRole('textbox', { name: 'Nimi' }).fill(name);
    await page.getByRole('checkbox', { name: 'Lisa veel' }).check();
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveText(
      'Selle nimega kirje on juba olemas',
    );
    // 'Add another' keeps the form open and clears it.
    const other = `${name} B`;
    await page.getByRole('textbox', { name: 'Nimi' }).fill(other);
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Grupp lisatud')).toBeVisible();
    await expect(page).toHaveURL(/\/setup\/groups\/add$/);
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toHaveValue('');

    await page.goto('/setup/groups');
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole('row')).toHaveCount(3); // header + the two groups

    await page.getByRole('link', { name: other }).click();
    await expect(page).toHaveURL(/\/setup\/groups\/\d+\/edit$/);
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toHaveValue(other);
    await page.getByRole('textbox', { name: 'Nimi' }).fill(`${name} C`);
    await page.getByRole('checkbox', { name: 'Aktiivne' }).uncheck();
    await page.getByRole('button', { name: 'Salvesta' }).click();
    await expect(page.getByText('Grupp muudetud')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name} C`) })).toContainText('Keelatud');

    const row = page.getByRole('row', { name: new RegExp(`${name} C`) });
    await row.getByRole('button', { name: 'Kustuta' }).click();
    await page.getByRole('button', { name: 'Jah' }).click();
    await expect(page.getByText(`Grupp „${name} C” kustutatud`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name} C`) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(1);
  });
});

test.describe('warehouses', () => {
  test('contractor sorts, searches and pages the warehouse list', async ({ page, loginAs }) => {
    await loginAs('contractor');
    await page.goto('/setup/warehouses?search=depoo&page_size=2');
    const firstCell = () => page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first();
    await expect(firstCell()).toHaveText('Kadaka bussidepoo');
    await expect(page.getByText('Kokku: 4')).toBeVisible();

    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(firstCell()).toHaveText('Kopli trammidepoo');

    await page.getByRole('columnheader', { name: 'Nimi' }).click();
    await expect(page).toHaveURL(/ordering=-name/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(firstCell()).toHaveText('Lasnamäe bussidepoo');

    await page.getByRole('searchbox').fill('Kopli');
    await page.getByRole('searchbox').press('Enter');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(page.getByRole('row', { name: /Kopli trammidepoo/ })).toContainText('Trammid');

    // The list state is remembered per route: a bare route restores it.
    await page.goto('/setup/groups');
    await page.goto('/setup/warehouses');
    await expect(page).toHaveURL(/search=Kopli/);
    await page.getByRole('button', { name: 'Lähtesta' }).click();
    await expect(page).toHaveURL(/\/setup\/warehouses$/);
    await expect(page.getByText('Kokku: 4')).toHaveCount(0);
  });

  test('contractor adds warehouses (save and add more), edits one, and sees server errors beside fields', async ({
    page,
    loginAs,
  }) => {
    await loginAs('contractor');
    const name = `E2E ladu ${unique()}`;
    await page.goto('/setup/warehouses');
    await page.getByRole('link', { name: 'Lisa ladu' }).click();
    await expect(page).toHaveURL(/\/setup\/warehouses\/add$/);

    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveText([
      'Kohustuslik väli',
      'Kohustuslik väli',
    ]);

    await page.getByRole('textbox', { name: 'Nimi' }).fill(name);
    await pickOption(page, page.getByRole('combobox', { name: 'Grupp' }), 'Trammid');
    await page.getByRole('textbox', { name: 'Aadress' }).fill(`${name} tee 1`);
    await page.getByRole('textbox', { name: 'Kirjeldus' }).fill('Loodud e2e testis');
    await page.getByRole('button', { name: 'Salvesta ja lisa uus' }).click();
    await expect(page.getByText('Ladu lisatud')).toBeVisible();
    await expect(page).toHaveURL(/\/setup\/warehouses\/add$/);
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toHaveValue('');

    // The same name again: the server's answer lands under the name field.
    await page.getByRole('textbox', { name: 'Nimi' }).fill(name);
    await pickOption(page, page.getByRole('combobox', { name: 'Grupp' }), 'Bussid');
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await expect(page.getByText('Selle nimega ladu on juba olemas')).toBeVisible();

    await page.goto(`/setup/warehouses?search=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/setup\/warehouses\/\d+\/edit$/);
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Nimi' })).toHaveValue(name);
    await page.getByRole('textbox', { name: 'Kood' }).fill(`E${unique()}`.slice(0, 12));
    await page.getByRole('button', { name: 'Salvesta', exact: true }).click();
    await expect(page.getByText('Ladu muudetud')).toBeVisible();
    await expect(page).toHaveURL(/\/setup\/warehouses/);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Trammid');
  });
});
