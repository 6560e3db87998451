// Every screen with its path (history mode, the spec's paths exactly) and who may open it.
// The side menu is built from app/menu.tsx; a route here is guarded by `groups` as well.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { prefetchTenderView } from '../features/tenders/viewQueries.ts';
import type { Group } from '../lib/auth.tsx';
import { PUBLIC_PATHS } from '../lib/session.ts';
import { preloadedLazy } from './preloadedLazy.ts';

type Loader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Loads the screen's code (the same import the lazy component uses), to start it early. */
  load: Loader;
  /** Who may open it; undefined = every logged-in user. */
  groups?: Group[];
  /** Starts the screen's data requests from the route, before its code has loaded (params of the path). */
  prefetch?: (client: QueryClient, params: Record<string, string | undefined>) => void;
}

/** A lazily loaded screen and its loader (once loaded, it renders without suspending). */
const screen = (load: Loader) => preloadedLazy(load);

const BUYERS: Group[] = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'];
const ADMIN_CONTRACTOR: Group[] = ['ADMINISTRATOR', 'CONTRACTOR'];
const ADMIN: Group[] = ['ADMINISTRATOR'];

export const appRoutes: AppRoute[] = [
  // tenders (features/tenders)
  { path: '/tenders', ...screen(() => import('../features/tenders/TenderListPage.tsx')) },
  {
    path: '/tenders/add',
    ...screen(() => import('../features/tenders/TenderFormPage.tsx')),
    groups: BUYERS,
  },
  {
    path: '/tenders/:id/edit',
    ...screen(() => import('../features/tenders/TenderFormPage.tsx')),
    groups: BUYERS,
  },
  {
    path: '/tenders/:id/view',
    ...screen(() => import('../features/tenders/TenderViewPage.tsx')),
    prefetch: (client, { id }) => {
      if (id && /^\d+$/.test(id)) prefetchTenderView(client, id);
    },
  },
  {
    path: '/tenders/:id/export',
    ...screen(() => import('../features/tenders/TenderExportPage.tsx')),
    groups: BUYERS,
  },
  {
    path: '/tenders/:id/history',
    ...screen(() => import('../features/tenders/TenderHistoryPage.tsx')),
    groups: BUYERS,
  },
  // pre-orders (features/details)
  {
    path: '/details',
    ...screen(() => import('../features/details/PreorderListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/details/add',
    ...screen(() => import('../features/details/PreorderFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/details/:id/edit',
    ...screen(() => import('../features/details/PreorderFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  // parts and part types (features/parts)
  {
    path: '/setup/parts',
    ...screen(() => import('../features/parts/PartListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/parttypes',
    ...screen(() => import('../features/parts/PartTypeListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/parttypes/add',
    ...screen(() => import('../features/parts/PartTypeFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/parttypes/:id/edit',
    ...screen(() => import('../features/parts/PartTypeFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  // reports (features/reports): consolidated for administrators, the others also for contractors (spec 2 §6)
  {
    path: '/reports/consolidated',
    ...screen(() => import('../features/reports/ConsolidatedPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
  {
    path: '/reports/orders',
    ...screen(() => import('../features/reports/OrdersPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/reports/parts',
    ...screen(() => import('../features/reports/PartsPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/reports/suppliers',
    ...screen(() => import('../features/reports/SuppliersPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/reports/categories',
    ...screen(() => import('../features/reports/CategoriesPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  // setup (features/setup)
  {
    path: '/setup/groups',
    ...screen(() => import('../features/setup/GroupListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/groups/add',
    ...screen(() => import('../features/setup/GroupFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/groups/:id/edit',
    ...screen(() => import('../features/setup/GroupFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses',
    ...screen(() => import('../features/setup/WarehouseListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses/add',
    ...screen(() => import('../features/setup/WarehouseFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses/:id/edit',
    ...screen(() => import('../features/setup/WarehouseFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  // catalogue (features/catalogue): blacklist, categories, producers, units
  {
    path: '/setup/blacklists',
    ...screen(() => import('../features/catalogue/BlacklistListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/blacklists/add',
    ...screen(() => import('../features/catalogue/BlacklistFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/blacklists/:id/edit',
    ...screen(() => import('../features/catalogue/BlacklistFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/categories',
    ...screen(() => import('../features/catalogue/CategoriesPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/admin/product/categories/add',
    ...screen(() => import('../features/catalogue/CategoryFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/admin/product/categories/:id/edit',
    ...screen(() => import('../features/catalogue/CategoryFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/producers',
    ...screen(() => import('../features/catalogue/ProducerListPage.tsx')),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    path: '/setup/producers/add',
    ...screen(() => import('../features/catalogue/ProducerFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/producers/:id/edit',
    ...screen(() => import('../features/catalogue/ProducerFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/units',
    ...screen(() => import('../features/catalogue/UnitListPage.tsx')),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  // modules, notifications, e-mail settings (features/setup): Administrator only
  { path: '/modules', ...screen(() => import('../features/setup/ModuleListPage.tsx')), groups: ADMIN },
  {
    path: '/setup/modules/add',
    ...screen(() => import('../features/setup/ModuleFormPage.tsx')),
    groups: ADMIN,
  },
  {
    path: '/setup/modules/:id/edit',
    ...screen(() => import('../features/setup/ModuleFormPage.tsx')),
    groups: ADMIN,
  },
  {
    path: '/notifications',
    ...screen(() => import('../features/setup/NotificationsPage.tsx')),
    groups: ADMIN,
  },
  {
    path: '/notifications/settings',
    ...screen(() => import('../features/setup/EmailSettingsPage.tsx')),
    groups: ADMIN,
  },
  // people and access (features/people)
  { path: '/profile', ...screen(() => import('../features/people/ProfilePage.tsx')) },
  {
    path: '/suppliers',
    ...screen(() => import('../features/people/SupplierListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/suppliers/add',
    ...screen(() => import('../features/people/SupplierFormPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
  {
    path: '/suppliers/:id/edit',
    ...screen(() => import('../features/people/SupplierFormPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
  {
    path: '/supplier/:supId/details',
    ...screen(() => import('../features/people/SupplierPage.tsx')),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    path: '/supplier/:supId/users',
    ...screen(() => import('../features/people/SupplierUsersPage.tsx')),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    path: '/supplier/:supId/users/add',
    ...screen(() => import('../features/people/SupplierUserFormPage.tsx')),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  {
    path: '/supplier/:supId/users/edit',
    ...screen(() => import('../features/people/SupplierUserFormPage.tsx')),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  {
    path: '/workers',
    ...screen(() => import('../features/people/WorkerListPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
  {
    path: '/workers/add',
    ...screen(() => import('../features/people/WorkerFormPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
  {
    path: '/workers/:id/edit',
    ...screen(() => import('../features/people/WorkerFormPage.tsx')),
    groups: ['ADMINISTRATOR'],
  },
];

/** Screens without the app shell (spec 2, Routes). */
// One screen for each of PUBLIC_PATHS (lib/session.ts, which the entry reads without loading this file).
const publicScreens: Record<(typeof PUBLIC_PATHS)[number], ReturnType<typeof screen>> = {
  '/register': screen(() => import('../features/accounts/RegisterPage.tsx')),
  '/recover': screen(() => import('../features/accounts/RecoverPage.tsx')),
  '/reset': screen(() => import('../features/accounts/ResetPage.tsx')),
};
export const publicRoutes: AppRoute[] = PUBLIC_PATHS.map((path) => ({ path, ...publicScreens[path] }));

/**
 * Starts loading the code of the screen at this path right away, in parallel with the session check (profile
 * call), instead of after it: a deep link to a tender view saves one round trip of waiting.
 */
export function preloadScreen(pathname: string, client?: QueryClient) {
  for (const route of [...appRoutes, ...publicRoutes]) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    route.load().catch(() => {}); // a failed preload is retried by React.lazy when the screen renders
    if (client) route.prefetch?.(client, match.params);
    return;
  }
}
