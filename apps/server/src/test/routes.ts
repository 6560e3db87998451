// Helpers to walk the route table (app.routeTable, filled by the guard's onRoute hook) in generic tests.
import type { Access, RouteEntry } from '../lib/auth.ts';
import type { Role } from './context.ts';

export const ROLE_USERS = {
  ADMINISTRATOR: 'admin',
  CONTRACTOR: 'contractor',
  MASTER: 'master',
  SUPPLIER: 'supplier',
} as const satisfies Record<string, Role>;
export type GroupName = keyof typeof ROLE_USERS;
export const GROUPS = Object.keys(ROLE_USERS) as GroupName[];

/** Fills path parameters (":id", ":uuid(^…$)", "*") with a value. */
export const fillPath = (url: string, value = '1') =>
  url.replace(/:[A-Za-z0-9_]+(\([^)]*\))?/g, value).replace(/\*/g, value);

/** OpenAPI spelling of a route path: "/api/groups/:id/" → "/api/groups/{id}/". */
export const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}');

/** Groups a route refuses (empty for public and authenticated routes). */
export const refusedGroups = (access: Access): GroupName[] =>
  typeof access === 'string' ? [] : GROUPS.filter((g) => !(access as readonly string[]).includes(g));

/** A test user allowed by the route (null for public routes). */
export function allowedUser(access: Access): Role | null {
  if (access === 'public') return null;
  if (access === 'authenticated') return 'admin';
  return ROLE_USERS[access[0] as GroupName];
}

export const label = (r: RouteEntry) => `${r.method} ${r.url}`;
