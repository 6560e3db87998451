// Every screen with its path (history mode, the spec's paths exactly) and who may open it.
// The side menu is built from app/menu.tsx; a route here is guarded by `groups` as well.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchPath } from 'react-router';
import { prefetchTenderView } from '../features/tenders/viewQueries.ts';
import type { Group } from '../lib/auth.tsx';
import { PUBLIC_PATHS } from '../lib/session.ts';
import { preloadedLazy } from './preloadedLazy.ts';
import { type ScreenLoader, type ScreenPath, screens } from './screens.ts';

export interface AppRoute {
  path: string;
  component: LazyExoticComponent<ComponentType>;
  /** Loads the screen's code (the same import the lazy component uses), to start it early. */
  load: ScreenLoader;
  /** Who may open it; undefined = every logged-in user. */
  groups?: Group[];
  /** Starts the screen's data requests from the route, before its code has loaded (params of the path). */
  prefetch?: (client: QueryClient, params: Record<string, string | undefined>) => void;
}

/** The screen at a path of screens.ts: its lazily loaded component and its loader (once loaded, it renders without
 * suspending). */
const screen = (path: ScreenPath) => ({ path, ...preloadedLazy(screens[path]) });

const BUYERS: Group[] = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'];
const ADMIN_CONTRACTOR: Group[] = ['ADMINISTRATOR', 'CONTRACTOR'];
const ADMIN: Group[] = ['ADMINISTRATOR'];

export const appRoutes: AppRoute[] = [
  // tenders (features/tenders)
  { ...screen('/tenders') },
  {
    ...screen('/tenders/add'),
    groups: BUYERS,
  },
  {
    ...screen('/tenders/:id/edit'),
    groups: BUYERS,
  },
  {
    ...screen('/tenders/:id/view'),
    prefetch: (client, { id }) => {
      if (id && /^\d+$/.test(id)) prefetchTenderView(client, id);
    },
  },
  {
    ...screen('/tenders/:id/export'),
    groups: BUYERS,
  },
  {
    ...screen('/tenders/:id/matrix'),
    groups: BUYERS,
  },
  {
    ...screen('/tenders/:id/history'),
    groups: BUYERS,
  },
  // pre-orders (features/details)
  {
    ...screen('/details'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/details/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/details/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  // parts and part types (features/parts)
  {
    ...screen('/setup/parts'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/parttypes'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/parttypes/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/parttypes/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  // reports (features/reports): consolidated for administrators, the others also for contractors (spec 2 §6)
  {
    ...screen('/reports/consolidated'),
    groups: ['ADMINISTRATOR'],
  },
  {
    ...screen('/reports/orders'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/reports/parts'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/reports/suppliers'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/reports/categories'),
    groups: ADMIN_CONTRACTOR,
  },
  // setup (features/setup)
  {
    ...screen('/setup/groups'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/groups/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/groups/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/warehouses'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/warehouses/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/warehouses/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  // catalogue (features/catalogue): blacklist, categories, producers, units
  {
    ...screen('/setup/blacklists'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/blacklists/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/blacklists/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/categories'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/admin/product/categories/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/admin/product/categories/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/producers'),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    ...screen('/setup/producers/add'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/producers/:id/edit'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/setup/units'),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  // modules, notifications, e-mail settings (features/setup): Administrator only
  { ...screen('/modules'), groups: ADMIN },
  {
    ...screen('/setup/modules/add'),
    groups: ADMIN,
  },
  {
    ...screen('/setup/modules/:id/edit'),
    groups: ADMIN,
  },
  {
    ...screen('/notifications'),
    groups: ADMIN,
  },
  {
    ...screen('/notifications/settings'),
    groups: ADMIN,
  },
  // deliveries the portal could not make yet (features/setup): Administrator only
  { ...screen('/setup/deliveries'), groups: ADMIN },
  // maintenance notices shown to everyone (features/maintenance): Administrator only
  { ...screen('/setup/maintenance'), groups: ADMIN },
  // terms of use versions (features/terms): publishing is for Administrators, a version's text for everyone
  { ...screen('/setup/terms'), groups: ADMIN },
  { ...screen('/terms/:version') },
  // people and access (features/people)
  { ...screen('/profile') },
  {
    ...screen('/suppliers'),
    groups: ADMIN_CONTRACTOR,
  },
  {
    ...screen('/suppliers/add'),
    groups: ['ADMINISTRATOR'],
  },
  {
    ...screen('/suppliers/:id/edit'),
    groups: ['ADMINISTRATOR'],
  },
  {
    ...screen('/supplier/:supId/details'),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    ...screen('/supplier/:supId/users'),
    groups: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
  },
  {
    ...screen('/supplier/:supId/users/add'),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  {
    ...screen('/supplier/:supId/users/edit'),
    groups: ['ADMINISTRATOR', 'SUPPLIER'],
  },
  {
    ...screen('/workers'),
    groups: ['ADMINISTRATOR'],
  },
  {
    ...screen('/workers/add'),
    groups: ['ADMINISTRATOR'],
  },
  {
    ...screen('/workers/:id/edit'),
    groups: ['ADMINISTRATOR'],
  },
];

/** Screens without the app shell (spec 2, Routes): one for each of PUBLIC_PATHS (lib/session.ts, which the entry
 * reads without loading this file). */
export const publicRoutes: AppRoute[] = PUBLIC_PATHS.map((path) => screen(path));

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
