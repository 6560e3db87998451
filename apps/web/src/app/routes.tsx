// Every screen with its path (history mode, the spec's paths exactly) and who may open it.
// The side menu is built from app/menu.tsx; a route here is guarded by `groups` as well.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { Group } from './auth.tsx';

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Who may open it; undefined = every logged-in user. */
  groups?: Group[];
}

const BUYERS: Group[] = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'];
const ADMIN_CONTRACTOR: Group[] = ['ADMINISTRATOR', 'CONTRACTOR'];

export const appRoutes: AppRoute[] = [
  // tenders (features/tenders)
  { path: '/tenders', component: lazy(() => import('../features/tenders/TenderListPage.tsx')) },
  {
    path: '/tenders/add',
    component: lazy(() => import('../features/tenders/TenderFormPage.tsx')),
    groups: BUYERS,
  },
  {
    path: '/tenders/:id/edit',
    component: lazy(() => import('../features/tenders/TenderFormPage.tsx')),
    groups: BUYERS,
  },
  { path: '/tenders/:id/view', component: lazy(() => import('../features/tenders/TenderViewPage.tsx')) },
  {
    path: '/tenders/:id/export',
    component: lazy(() => import('../features/tenders/TenderExportPage.tsx')),
    groups: BUYERS,
  },
  {
    path: '/tenders/:id/history',
    component: lazy(() => import('../features/tenders/TenderHistoryPage.tsx')),
    groups: BUYERS,
  },
  // setup (features/setup)
  {
    path: '/setup/groups',
    component: lazy(() => import('../features/setup/GroupListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/groups/add',
    component: lazy(() => import('../features/setup/GroupFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/groups/:id/edit',
    component: lazy(() => import('../features/setup/GroupFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses',
    component: lazy(() => import('../features/setup/WarehouseListPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses/add',
    component: lazy(() => import('../features/setup/WarehouseFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
  {
    path: '/setup/warehouses/:id/edit',
    component: lazy(() => import('../features/setup/WarehouseFormPage.tsx')),
    groups: ADMIN_CONTRACTOR,
  },
];

/** Screens without the app shell (spec 2, Routes). Their real screens come with a later issue. */
export const publicRoutes: AppRoute[] = [
  { path: '/register', component: lazy(() => import('./PublicPlaceholderPage.tsx')) },
  { path: '/recover', component: lazy(() => import('./PublicPlaceholderPage.tsx')) },
  { path: '/reset', component: lazy(() => import('./PublicPlaceholderPage.tsx')) },
];
