// Statuses, roles and reasons of the spec. One list each; the database check constraints,
// the zod schemas and the web's labels are all built from these.

export const WORKER_ROLES = ['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

export const USER_GROUPS = [...WORKER_ROLES, 'SUPPLIER'] as const;
/** The "group" of a user: a worker role, or SUPPLIER. */
export type UserGroup = (typeof USER_GROUPS)[number];

export const SUPPLIER_ROLES = ['PLAIN', 'ADVANCED'] as const;
export type SupplierRole = (typeof SUPPLIER_ROLES)[number];

export const TENDER_STATUSES = [
  'DRAFT',
  'WAITING',
  'ACTIVE',
  'FINISHED',
  'CHOOSING',
  'ORDERED',
  'CANCELED',
  'FAILED',
] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

export const DETAIL_STATUSES = ['PREPARED', 'WAITING', 'ORDERED', 'FAILED'] as const;
export type DetailStatus = (typeof DETAIL_STATUSES)[number];

export const WINNER_REASONS = ['PRICE', 'DUE DATE', 'PRODUCER', 'TEST'] as const;
export type WinnerReason = (typeof WINNER_REASONS)[number];

export const TENDER_LOG_ACTIONS = ['WATCHED', 'AGREED'] as const;
export type TenderLogAction = (typeof TENDER_LOG_ACTIONS)[number];

export const BC_SYNC_STATUSES = ['incompatible', 'pending', 'synced', 'error', 'canceled'] as const;
export type BcSyncStatus = (typeof BC_SYNC_STATUSES)[number];

export const EXPORT_STATUSES = ['PROGRESS', 'SUCCESS', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const TEMPLATE_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const TEMPLATE_LANGUAGES = ['EST', 'RUS', 'ENG'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

export const TEMPLATE_KEYS = [
  'TENDER_FINISHED',
  'NEW_SUPPLIER',
  'ACCOUNT_ACTIVATED',
  'TENDER_OPENED',
  'TENDER_WINNER',
  'TENDER_MEMBER',
  'ACCOUNT_REGISTERED',
  'ACCOUNT_DEACTIVATED',
  'PASSWORD_RECOVERY',
  'USER_INVITATION',
  'TENDER_CANCELED',
  'NEW_SUPPLIERS',
  'TENDER_QUESTION',
  'TENDER_ANSWER',
  'TENDER_EXTENDED',
  'TERMS_CHANGED',
  'TENDER_CHOOSE_SOON',
  'TENDER_CHOOSE_OVERDUE',
  'AWARD_REFUSED',
  'SUPPLIER_EXCLUDED',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** The template keys with their type and placeholder tags, as in the spec (catalogue and setup, notifications). */
export const TEMPLATE_DEFINITIONS: { key: TemplateKey; type: TemplateType; tags: string[] }[] = [
  { key: 'TENDER_FINISHED', type: 'INTERNAL', tags: ['tender_code', 'tender_start', 'tender_finish'] },
  {
    key: 'NEW_SUPPLIER',
    type: 'INTERNAL',
    tags: [
      'company_name',
      'company_registration_code',
      'user_first_name',
      'user_last_name',
      'user_personal_code',
      'user_email',
      'user_phone',
    ],
  },
  // Not in the spec's table: the new suppliers of an interval after its first, in one mail (issue 31).
  { key: 'NEW_SUPPLIERS', type: 'INTERNAL', tags: ['companies_count', 'companies_list'] },
  { key: 'ACCOUNT_ACTIVATED', type: 'INTERNAL', tags: ['user_first_name', 'user_last_name'] },
  {
    key: 'TENDER_OPENED',
    type: 'EXTERNAL',
    tags: ['tender_code', 'tender_finish', 'details_list', 'tender_group_name', 'tender_warehouse_name'],
  },
  { key: 'TENDER_FINISHED', type: 'EXTERNAL', tags: ['tender_code'] },
  {
    key: 'TENDER_WINNER',
    type: 'EXTERNAL',
    tags: ['tender_code', 'advanced_details_list', 'tender_group_name', 'tender_warehouse_name'],
  },
  { key: 'TENDER_MEMBER', type: 'EXTERNAL', tags: ['tender_code'] },
  // Not in the spec's table: a cancelled tender tells its participants so, rather than "not chosen" (issue 6).
  {
    key: 'TENDER_CANCELED',
    type: 'EXTERNAL',
    tags: ['tender_code', 'tender_group_name', 'tender_warehouse_name'],
  },
  { key: 'ACCOUNT_REGISTERED', type: 'EXTERNAL', tags: ['user_first_name', 'user_last_name'] },
  { key: 'ACCOUNT_ACTIVATED', type: 'EXTERNAL', tags: ['user_first_name', 'user_last_name'] },
  { key: 'ACCOUNT_DEACTIVATED', type: 'EXTERNAL', tags: ['user_first_name', 'user_last_name'] },
  { key: 'PASSWORD_RECOVERY', type: 'EXTERNAL', tags: ['reset_link', 'link_expires'] },
  // Not in the spec's table: a new worker or supplier employee is invited to set a password (issue 9).
  {
    key: 'USER_INVITATION',
    type: 'EXTERNAL',
    tags: ['user_first_name', 'user_last_name', 'user_email', 'reset_link', 'link_expires'],
  },
  // Not in the spec's table: questions while a tender runs (issue 32). A question to the buyers, its answer to the
  // tender's watchers and participants, a later finish to every supplier who may see the tender. No tag names the
  // asking company.
  {
    key: 'TENDER_QUESTION',
    type: 'INTERNAL',
    tags: ['tender_code', 'tender_finish', 'question_about', 'question'],
  },
  {
    key: 'TENDER_ANSWER',
    type: 'EXTERNAL',
    tags: ['tender_code', 'tender_finish', 'question_about', 'question', 'answer'],
  },
  {
    key: 'TENDER_EXTENDED',
    type: 'EXTERNAL',
    tags: ['tender_code', 'tender_old_finish', 'tender_finish', 'tender_group_name', 'tender_warehouse_name'],
  },
  // Not in the spec's table: a new version of the terms of use is announced to every active user (issue 32).
  {
    key: 'TERMS_CHANGED',
    type: 'EXTERNAL',
    tags: ['user_first_name', 'user_last_name', 'terms_version', 'terms_effective', 'terms_link'],
  },
  // Not in the spec's table: the 48-hour choosing clock reminds the tender's buyers at 24 h left and when overdue
  // (issue 32).
  {
    key: 'TENDER_CHOOSE_SOON',
    type: 'INTERNAL',
    tags: ['tender_code', 'tender_finish', 'choose_by', 'tender_group_name', 'tender_warehouse_name'],
  },
  {
    key: 'TENDER_CHOOSE_OVERDUE',
    type: 'INTERNAL',
    tags: ['tender_code', 'tender_finish', 'choose_by', 'tender_group_name', 'tender_warehouse_name'],
  },
  // Not in the spec's table: a winner's refusal recorded, with the claim (issue 32).
  {
    key: 'AWARD_REFUSED',
    type: 'EXTERNAL',
    tags: ['tender_code', 'refused_list', 'refusal_reason', 'refused_on', 'claim_amount', 'claim_due'],
  },
  // Not in the spec's table: an administrator excluded the company after breaches (issue 32).
  {
    key: 'SUPPLIER_EXCLUDED',
    type: 'EXTERNAL',
    tags: ['user_first_name', 'user_last_name', 'company_name', 'exclusion_reason'],
  },
];

export const LANGUAGES = ['et', 'ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const OUTBOX_KINDS = ['email', 'directo_export', 'bc_sync'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
export const OUTBOX_STATUSES = ['pending', 'done', 'failed', 'discarded'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** A supplier's breach of the terms (issue 32): a refused award, a late delivery, defective goods not replaced. */
export const BREACH_KINDS = ['REFUSED_AWARD', 'LATE_DELIVERY', 'DEFECT_NOT_REPLACED', 'OTHER'] as const;
export type BreachKind = (typeof BREACH_KINDS)[number];
export const BREACH_STATUSES = ['OPEN', 'PAID', 'WAIVED'] as const;
export type BreachStatus = (typeof BREACH_STATUSES)[number];
