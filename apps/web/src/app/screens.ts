// Every screen's path (the spec's paths exactly) and the import of its code, without React, antd or the router: the
// router's table (routes.tsx) takes its loaders from here, and the entry (main.tsx) starts loading the screen of the
// path together with the app's own code, instead of after it (BENCHMARKS.md "The offer form's first row").
import type { ComponentType } from 'react';

export type ScreenLoader = () => Promise<{ default: ComponentType }>;

export const screens = {
  '/tenders': () => import('../features/tenders/TenderListPage.tsx'),
  '/tenders/add': () => import('../features/tenders/TenderFormPage.tsx'),
  '/tenders/:id/edit': () => import('../features/tenders/TenderFormPage.tsx'),
  '/tenders/:id/view': () => import('../features/tenders/TenderViewPage.tsx'),
  '/tenders/:id/export': () => import('../features/tenders/TenderExportPage.tsx'),
  '/tenders/:id/matrix': () => import('../features/tenders/TenderMatrixPage.tsx'),
  '/tenders/:id/history': () => import('../features/tenders/TenderHistoryPage.tsx'),
  '/details': () => import('../features/details/PreorderListPage.tsx'),
  '/details/add': () => import('../features/details/PreorderFormPage.tsx'),
  '/details/:id/edit': () => import('../features/details/PreorderFormPage.tsx'),
  '/setup/parts': () => import('../features/parts/PartListPage.tsx'),
  '/setup/parttypes': () => import('../features/parts/PartTypeListPage.tsx'),
  '/setup/parttypes/add': () => import('../features/parts/PartTypeFormPage.tsx'),
  '/setup/parttypes/:id/edit': () => import('../features/parts/PartTypeFormPage.tsx'),
  '/reports/consolidated': () => import('../features/reports/ConsolidatedPage.tsx'),
  '/reports/orders': () => import('../features/reports/OrdersPage.tsx'),
  '/reports/parts': () => import('../features/reports/PartsPage.tsx'),
  '/reports/suppliers': () => import('../features/reports/SuppliersPage.tsx'),
  '/reports/categories': () => import('../features/reports/CategoriesPage.tsx'),
  '/setup/groups': () => import('../features/setup/GroupListPage.tsx'),
  '/setup/groups/add': () => import('../features/setup/GroupFormPage.tsx'),
  '/setup/groups/:id/edit': () => import('../features/setup/GroupFormPage.tsx'),
  '/setup/warehouses': () => import('../features/setup/WarehouseListPage.tsx'),
  '/setup/warehouses/add': () => import('../features/setup/WarehouseFormPage.tsx'),
  '/setup/warehouses/:id/edit': () => import('../features/setup/WarehouseFormPage.tsx'),
  '/setup/blacklists': () => import('../features/catalogue/BlacklistListPage.tsx'),
  '/setup/blacklists/add': () => import('../features/catalogue/BlacklistFormPage.tsx'),
  '/setup/blacklists/:id/edit': () => import('../features/catalogue/BlacklistFormPage.tsx'),
  '/setup/categories': () => import('../features/catalogue/CategoriesPage.tsx'),
  '/admin/product/categories/add': () => import('../features/catalogue/CategoryFormPage.tsx'),
  '/admin/product/categories/:id/edit': () => import('../features/catalogue/CategoryFormPage.tsx'),
  '/setup/producers': () => import('../features/catalogue/ProducerListPage.tsx'),
  '/setup/producers/add': () => import('../features/catalogue/ProducerFormPage.tsx'),
  '/setup/producers/:id/edit': () => import('../features/catalogue/ProducerFormPage.tsx'),
  '/setup/units': () => import('../features/catalogue/UnitListPage.tsx'),
  '/modules': () => import('../features/setup/ModuleListPage.tsx'),
  '/setup/modules/add': () => import('../features/setup/ModuleFormPage.tsx'),
  '/setup/modules/:id/edit': () => import('../features/setup/ModuleFormPage.tsx'),
  '/notifications': () => import('../features/setup/NotificationsPage.tsx'),
  '/notifications/settings': () => import('../features/setup/EmailSettingsPage.tsx'),
  '/setup/deliveries': () => import('../features/setup/DeliveryListPage.tsx'),
  '/setup/maintenance': () => import('../features/maintenance/MaintenancePage.tsx'),
  '/setup/terms': () => import('../features/terms/TermsVersionsPage.tsx'),
  '/terms/:version': () => import('../features/terms/TermsVersionPage.tsx'),
  '/profile': () => import('../features/people/ProfilePage.tsx'),
  '/suppliers': () => import('../features/people/SupplierListPage.tsx'),
  '/suppliers/add': () => import('../features/people/SupplierFormPage.tsx'),
  '/suppliers/:id/edit': () => import('../features/people/SupplierFormPage.tsx'),
  '/supplier/:supId/details': () => import('../features/people/SupplierPage.tsx'),
  '/supplier/:supId/users': () => import('../features/people/SupplierUsersPage.tsx'),
  '/supplier/:supId/users/add': () => import('../features/people/SupplierUserFormPage.tsx'),
  '/supplier/:supId/users/edit': () => import('../features/people/SupplierUserFormPage.tsx'),
  '/workers': () => import('../features/people/WorkerListPage.tsx'),
  '/workers/add': () => import('../features/people/WorkerFormPage.tsx'),
  '/workers/:id/edit': () => import('../features/people/WorkerFormPage.tsx'),
  '/register': () => import('../features/accounts/RegisterPage.tsx'),
  '/recover': () => import('../features/accounts/RecoverPage.tsx'),
  '/reset': () => import('../features/accounts/ResetPage.tsx'),
} satisfies Record<string, ScreenLoader>;

export type ScreenPath = keyof typeof screens;

/**
 * The path pattern a location matches ("/tenders/:id/view" for "/tenders/12/view/"), as react-router's matchPath
 * matches the router's routes: segment by segment, a `:name` segment takes any value, a trailing slash and letter
 * case do not matter.
 */
export function screenPathOf(pathname: string): ScreenPath | undefined {
  const parts = (p: string) => p.toLowerCase().split('/').filter(Boolean);
  const have = parts(pathname);
  return (Object.keys(screens) as ScreenPath[]).find((pattern) => {
    const want = parts(pattern);
    return want.length === have.length && want.every((w, i) => w.startsWith(':') || w === have[i]);
  });
}
