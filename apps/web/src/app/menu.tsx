// The side menu as data (spec 2 "Side menu entries and who sees them", spec 3 "Shared pieces"):
// each entry has its label key, path and who sees it. The shell renders `menuFor(user)`; a test checks it.
import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  IdcardOutlined,
  NotificationOutlined,
  SendOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { Group, SessionUser } from '../lib/auth.tsx';

/** A user group, or a supplier user whose role is not PLAIN (the supplier-data link). */
export type Audience = Group | 'SUPPLIER_NOT_PLAIN';

export interface MenuEntry {
  key: string;
  /** i18n key of the label. */
  label: string;
  /** Route path; `:supplier` is replaced by the user's supplier id. Absent on groups. */
  path?: string;
  who: Audience[];
  /** Who may open the path when it differs from who sees the entry (used while the screen is a placeholder). */
  access?: Group[];
  icon?: ReactNode;
  children?: MenuEntry[];
}

const A: Audience = 'ADMINISTRATOR';
const C: Audience = 'CONTRACTOR';
const S: Audience = 'SUPPLIER';

export const menu: MenuEntry[] = [
  // A master works on the tenders it approves (the list shows those): the entry gives it a way around.
  {
    key: 'tenders',
    label: 'menu.tenders',
    path: '/tenders',
    who: [A, C, 'MASTER', S],
    icon: <FileTextOutlined />,
  },
  { key: 'details', label: 'menu.details', path: '/details', who: [A, C], icon: <ShoppingCartOutlined /> },
  {
    key: 'reports',
    label: 'menu.reports',
    who: [A, C],
    icon: <BarChartOutlined />,
    children: [
      {
        key: 'reports-consolidated',
        label: 'menu.reports_consolidated',
        path: '/reports/consolidated',
        who: [A],
      },
      { key: 'reports-orders', label: 'menu.reports_orders', path: '/reports/orders', who: [A, C] },
      { key: 'reports-parts', label: 'menu.reports_parts', path: '/reports/parts', who: [A, C] },
      { key: 'reports-suppliers', label: 'menu.reports_suppliers', path: '/reports/suppliers', who: [A, C] },
      {
        key: 'reports-categories',
        label: 'menu.reports_categories',
        path: '/reports/categories',
        who: [A, C],
      },
    ],
  },
  {
    key: 'supplier-data',
    label: 'menu.supplier_data',
    path: '/supplier/:supplier/details',
    who: ['SUPPLIER_NOT_PLAIN'],
    // The supplier page is also open to Administrators and Contractors (spec 2, Supplier page).
    access: ['ADMINISTRATOR', 'CONTRACTOR', 'SUPPLIER'],
    icon: <IdcardOutlined />,
  },
  {
    key: 'setup',
    label: 'menu.setup',
    who: [A, C, S],
    icon: <SettingOutlined />,
    children: [
      { key: 'setup-parts', label: 'menu.parts', path: '/setup/parts', who: [A, C] },
      { key: 'setup-parttypes', label: 'menu.parttypes', path: '/setup/parttypes', who: [A, C] },
      { key: 'setup-producers', label: 'menu.producers', path: '/setup/producers', who: [A, C, S] },
      { key: 'setup-blacklists', label: 'menu.blacklists', path: '/setup/blacklists', who: [A, C] },
      { key: 'setup-warehouses', label: 'menu.warehouses', path: '/setup/warehouses', who: [A, C] },
      { key: 'setup-groups', label: 'menu.groups', path: '/setup/groups', who: [A, C] },
      { key: 'setup-categories', label: 'menu.categories', path: '/setup/categories', who: [A, C] },
      { key: 'setup-units', label: 'menu.units', path: '/setup/units', who: [A, S] },
    ],
  },
  {
    key: 'users',
    label: 'menu.users',
    who: [A, C],
    icon: <TeamOutlined />,
    children: [
      { key: 'users-workers', label: 'menu.workers', path: '/workers', who: [A] },
      { key: 'users-suppliers', label: 'menu.suppliers', path: '/suppliers', who: [A, C] },
    ],
  },
  {
    key: 'notifications',
    label: 'menu.notifications',
    path: '/notifications',
    who: [A],
    icon: <BellOutlined />,
  },
  { key: 'modules', label: 'menu.modules', path: '/modules', who: [A], icon: <ApiOutlined /> },
  // What the portal could not deliver yet (e-mails, Directo, Business Central): retry or discard.
  {
    key: 'deliveries',
    label: 'menu.deliveries',
    path: '/setup/deliveries',
    who: [A],
    icon: <SendOutlined />,
  },
  // Maintenance notices shown above every screen (issue 35).
  {
    key: 'maintenance',
    label: 'maintenance.menu',
    path: '/setup/maintenance',
    who: [A],
    icon: <NotificationOutlined />,
  },
  // Terms of use versions: publish a change at least 20 days ahead (issue 32).
  {
    key: 'terms-versions',
    label: 'terms_versions.menu',
    path: '/setup/terms',
    who: [A],
    icon: <FileProtectOutlined />,
  },
];

/** The fallback icon of an entry without one (children in a collapsed menu). */
export const defaultIcon = <AppstoreOutlined />;

export function sees(user: Pick<SessionUser, 'group' | 'role'>, who: Audience[]): boolean {
  return who.some((a) =>
    a === 'SUPPLIER_NOT_PLAIN' ? user.group === 'SUPPLIER' && user.role !== 'PLAIN' : a === user.group,
  );
}

export function entryPath(path: string, user: Pick<SessionUser, 'supplier'>): string {
  return path.replace(':supplier', String(user.supplier ?? ''));
}

/** The entries this user sees, with paths resolved; a group with no visible child is left out. */
export function menuFor(
  user: Pick<SessionUser, 'group' | 'role' | 'supplier'>,
  entries: MenuEntry[] = menu,
): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const e of entries) {
    if (!sees(user, e.who)) continue;
    if (e.children) {
      const children = menuFor(user, e.children);
      if (children.length) out.push({ ...e, children });
    } else out.push({ ...e, path: e.path && entryPath(e.path, user) });
  }
  return out;
}

/** Every leaf entry (with its unresolved path pattern), e.g. to give unbuilt screens a placeholder route. */
export function menuLeaves(entries: MenuEntry[] = menu): MenuEntry[] {
  return entries.flatMap((e) => (e.children ? menuLeaves(e.children) : [e]));
}
