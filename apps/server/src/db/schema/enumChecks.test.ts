// The database's check constraints that list a column's values against the shared enums (packages/shared
// enums.ts): the migrated database itself is read (pg_constraint), so a migration that forgets a new value, or a
// value added to an enum without its migration, fails here. A new list constraint must be named below.
import {
  BC_SYNC_STATUSES,
  BREACH_KINDS,
  BREACH_STATUSES,
  CHOOSE_REMINDER_KINDS,
  DECLINE_REASONS,
  DETAIL_STATUSES,
  EXPORT_STATUSES,
  LANGUAGES,
  OUTBOX_STATUSES,
  SUPPLIER_ROLES,
  TEMPLATE_LANGUAGES,
  TEMPLATE_TYPES,
  TENDER_LOG_ACTIONS,
  TENDER_STATUSES,
  USER_GROUPS,
  WINNER_REASONS,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql.ts';
import { freshDatabase } from '../../test/db.ts';

/** Each list constraint and the shared enum it must hold, or null for a list that has no shared enum (yet). */
const LISTS: Record<string, readonly string[] | null> = {
  tenders_status_ck: TENDER_STATUSES,
  details_status_ck: DETAIL_STATUSES,
  details_bc_status_ck: BC_SYNC_STATUSES,
  winners_reason_ck: WINNER_REASONS,
  users_group_ck: USER_GROUPS,
  users_supplier_role_ck: SUPPLIER_ROLES,
  users_language_ck: LANGUAGES,
  email_templates_type_ck: TEMPLATE_TYPES,
  email_templates_lang_ck: TEMPLATE_LANGUAGES,
  outbox_status_ck: OUTBOX_STATUSES,
  breaches_kind_ck: BREACH_KINDS,
  breaches_status_ck: BREACH_STATUSES,
  tender_choose_reminders_kind_ck: CHOOSE_REMINDER_KINDS,
  tender_logs_action_ck: TENDER_LOG_ACTIONS,
  module_export_logs_status_ck: EXPORT_STATUSES,
  purchase_orders_bc_status_ck: BC_SYNC_STATUSES,
  line_declines_reason_ck: DECLINE_REASONS,
  // server-only values: no screen or request names them
  refusals_scope_ck: null,
  comments_kind_ck: null,
  auth_tokens_kind_ck: null,
  bc_sync_runs_status_ck: null,
  eid_logins_method_ck: null,
  eid_logins_hash_ck: null,
};

const database = await freshDatabase();
afterAll(() => database.close());

describe('check constraints against the shared enums', () => {
  it('every list of values in a check constraint is the shared enum of its column', async () => {
    const rows = await queryRows<{ name: string; def: string }>(
      database.db,
      sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
          where contype = 'c' and connamespace = 'public'::regnamespace order by conname`,
    );
    // A list is an IN (…) or = ANY (ARRAY[…]) of two or more quoted values.
    const lists = rows.filter((r) => /ANY \(\(?ARRAY\[|IN \(/i.test(r.def));
    const found: Record<string, string[]> = {};
    for (const r of lists)
      found[r.name] = [...r.def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'"));
    expect(Object.keys(found).sort()).toEqual(Object.keys(LISTS).sort());
    for (const [name, values] of Object.entries(LISTS))
      if (values) expect([...new Set(found[name])].sort(), name).toEqual([...values].sort());
  });
});
