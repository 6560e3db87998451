// Every screen with its path (history mode, the spec's paths exactly) and who may open it.
// The side menu is built from app/menu.tsx; a route here is guarded by `groups` as well.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { matchPath } from 'react-router';
import type { Group } from './auth.tsx';

type Loader = () => Promise<{ default: ComponentType }>;

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Loads the screen's code (the same import the lazy component uses), to start it early. */
  load: Loader;
  /** Who may open it; undefined = every logged-in user. */
  groups?: Group[];
}

/** A lazily loaded screen and its loader. */
const screen = (load: Loader) => ({ component: lazy(load), load });

const BUYERS: Group[] = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'];
const ADMIN_CONTRACTOR: Group[] = ['ADMINISTRATOR', 'CONTRACTOR'];

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
  { path: '/tenders/:id/view', ...screen(() => import('../features/tenders/TenderViewPage.tsx')) },
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
];

/** Screens without the app shell (spec 2, Routes). Their real screens come with a later issue. */
export const publicRoutes: AppRoute[] = [
  { path: '/register', ...screen(() => import('./PublicPlaceholderPage.tsx')) },
  { path: '/recover', ...screen(() => import('./PublicPlaceholderPage.tsx')) },
  { path: '/reset', ...screen(() => import('./PublicPlaceholderPage.tsx')) },
];

/**
 * Starts loading the code of the screen at this path right away, in parallel with the session check (profile
 * call), instead of after it: a deep link to a tender view saves one round trip of waiting.
 */
export function preloadScreen(pathname: string) {
  const route = [...appRoutes, ...publicRoutes].find((r) => matchPath(r.path, pathname));
  route?.load().catch(() => {}); // a failed preload is retried by React.lazy when the screen renders
}
