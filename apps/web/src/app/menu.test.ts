import type { SignedInUser } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { type MenuEntry, menuFor } from './menu.tsx';

const paths = (entries: MenuEntry[]): string[] =>
  entries.flatMap((e) => (e.children ? paths(e.children) : [e.path ?? '']));
const user = (
  group: SignedInUser['group'],
  role: SignedInUser['role'] = group,
  supplier: number | null = null,
) => ({
  group,
  role,
  supplier,
});

describe('side menu entries per role (spec 2, side menu)', () => {
  it('administrator sees everything', () => {
    expect(paths(menuFor(user('ADMINISTRATOR')))).toEqual([
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
    ]);
  });

  it('contractor: no consolidated report, units, workers, notifications or modules', () => {
    const p = paths(menuFor(user('CONTRACTOR')));
    expect(p).toContain('/setup/groups');
    expect(p).toContain('/suppliers');
    for (const hidden of [
      '/reports/consolidated',
      '/setup/units',
      '/workers',
      '/notifications',
      '/modules',
      '/setup/deliveries',
      '/setup/terms',
    ])
      expect(p).not.toContain(hidden);
  });

  it('master sees the tenders it may work on', () => {
    expect(paths(menuFor(user('MASTER')))).toEqual(['/tenders']);
  });

  it('advanced supplier: tenders, own supplier data, producers and units', () => {
    expect(paths(menuFor(user('SUPPLIER', 'ADVANCED', 7)))).toEqual([
      '/tenders',
      '/supplier/7/details',
      '/setup/producers',
      '/setup/units',
    ]);
  });

  it('plain supplier has no supplier-data link', () => {
    expect(paths(menuFor(user('SUPPLIER', 'PLAIN', 7)))).toEqual([
      '/tenders',
      '/setup/producers',
      '/setup/units',
    ]);
  });
});
