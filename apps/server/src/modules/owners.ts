// Who writes each table (docs/architecture.md "Module boundaries"). A table is written — insert, update, delete,
// through Drizzle or SQL — by the code of its owner only; another module that needs it changed calls a function the
// owner exports from its index.ts. `shared` tables are written by shared code in apps/server/src/lib (the audit
// table through lib/history.ts, the outbox through lib/outbox.ts) and by no module. Tables kept by triggers name the
// module whose rows drive them; the triggers (in the migrations) are not module code. owners.test.ts reads every
// module's source and fails on a write this map does not allow.
export type TableOwner =
  | 'auth'
  | 'blacklist'
  | 'breaches'
  | 'catalogue'
  | 'details'
  | 'eid'
  | 'files'
  | 'integrations'
  | 'notices'
  | 'notifications'
  | 'reports'
  | 'setup'
  | 'suppliers'
  | 'tenders'
  | 'users'
  | 'shared';

export const TABLE_OWNERS: Record<string, TableOwner> = {
  // sign-in, accounts and terms of use
  auth_tokens: 'auth', // lib/auth.ts (the token check) writes it too: shared code
  recovery_requests: 'auth',
  terms_consents: 'auth',
  terms_versions: 'auth',
  throttles: 'auth',
  eid_logins: 'eid',
  eid_nonces: 'eid',
  users: 'users',
  user_groups: 'users',
  suppliers: 'suppliers',
  supplier_groups: 'suppliers',
  supplier_category_groups: 'suppliers',
  // set-up and catalogue
  groups: 'setup',
  warehouses: 'setup',
  units: 'catalogue',
  producers: 'catalogue',
  categories: 'catalogue',
  category_groups: 'catalogue',
  part_types: 'catalogue',
  parts: 'catalogue',
  part_codes: 'catalogue',
  part_files: 'catalogue',
  files: 'files',
  blacklists: 'blacklist',
  blacklist_producers: 'blacklist',
  blacklist_comments: 'blacklist',
  email_settings: 'notifications',
  email_templates: 'notifications',
  maintenance_notices: 'notices',
  // tenders, their lines and everything that happens on them
  tenders: 'tenders',
  details: 'tenders',
  proposals: 'tenders',
  winners: 'tenders',
  comments: 'tenders',
  tender_logs: 'tenders',
  tender_questions: 'tenders',
  tender_choose_reminders: 'tenders',
  offer_drafts: 'tenders',
  offer_receipts: 'tenders',
  line_declines: 'tenders',
  purchase_orders: 'tenders',
  refusals: 'tenders',
  refusal_lines: 'tenders',
  tender_counts: 'tenders', // triggers on tenders
  tender_supplier_counts: 'tenders', // triggers on tenders, tender_logs and supplier groups
  tender_supplier_count_moves: 'tenders', // triggers
  breaches: 'breaches',
  // business systems
  modules: 'integrations',
  module_export_logs: 'integrations',
  bc_sync_runs: 'integrations',
  // reports (kept by triggers on the tender tables)
  report_tender_suppliers: 'reports',
  report_lines: 'reports',
  report_supplier_months: 'reports',
  report_line_months: 'reports',
  // shared code
  history: 'shared',
  outbox: 'shared',
};

/**
 * Writes to a table of another owner that remain (none now), each with its reason and the work that removes it.
 * owners.test.ts allows exactly these module → table pairs besides the map (and fails when one is no longer needed).
 */
export const KNOWN_FOREIGN_WRITES: { module: TableOwner; table: string; why: string }[] = [];
