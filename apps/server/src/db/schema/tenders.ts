import type {
  BcSyncStatus,
  DetailStatus,
  ExportStatus,
  TenderLogAction,
  TenderStatus,
  WinnerReason,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parts, producers } from './catalogue.ts';
import { suppliers, users } from './people.ts';
import { groups, modules, stamps, warehouses } from './setup.ts';

const qty = (name: string) => numeric(name, { precision: 14, scale: 4 });

export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    tenderCode: text('tender_code').notNull(),
    start: timestamp('start', { withTimezone: true }).notNull(),
    finish: timestamp('finish', { withTimezone: true }).notNull(),
    status: text('status').$type<TenderStatus>().notNull().default('DRAFT'),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    additionalInfo: text('additional_info').notNull().default(''),
    /** Suppliers see their rank and price gap after the award (issue 34, migration 0023). */
    feedbackEnabled: boolean('feedback_enabled').notNull().default(true),
    creatorId: integer('creator_id').references(() => users.id),
    approverId: integer('approver_id').references(() => users.id),
    approved: timestamp('approved', { withTimezone: true }),
    bcId: text('bc_id'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('tenders_code_uq').on(t.tenderCode),
    index('tenders_start_id_idx').on(t.start, t.id),
    index('tenders_code_trgm_idx').using('gin', sql`${t.tenderCode} gin_trgm_ops`),
    index('tenders_code_lower_idx').using('btree', sql`lower(${t.tenderCode}) text_pattern_ops`),
    index('tenders_code_reverse_idx').using('btree', sql`reverse(lower(${t.tenderCode})) text_pattern_ops`),
    index('tenders_warehouse_start_idx').on(t.warehouseId, t.start),
    index('tenders_creator_id_idx').on(t.creatorId, t.id),
    index('tenders_warehouse_id_idx').on(t.warehouseId, t.id),
    index('tenders_group_id_idx').on(t.groupId, t.id),
    index('tenders_status_id_idx').on(t.status, t.id),
    index('tenders_created_id_idx').on(t.created, t.id),
    index('tenders_updated_id_idx').on(t.updated, t.id),
    index('tenders_status_start_id_group_idx').on(t.status, t.start, t.id, t.groupId),
    index('tenders_group_start_idx').on(t.groupId, t.start),
    index('tenders_finish_id_idx').on(t.finish, t.id),
    index('tenders_choosing_finish_idx').on(t.finish).where(sql`${t.status} in ('FINISHED','CHOOSING')`),
    check(
      'tenders_status_ck',
      sql`${t.status} in ('DRAFT','WAITING','ACTIVE','FINISHED','CHOOSING','ORDERED','CANCELED','FAILED')`,
    ),
    check('tenders_period_ck', sql`${t.start} < ${t.finish}`),
  ],
);

/** Pre-order line ("detail"): a part to replenish; chosen into a tender it becomes a tender line. */
export const details = pgTable(
  'details',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    replacementQty: qty('replacement_qty').notNull().default('0'),
    replenishmentQty: qty('replenishment_qty').notNull().default('0'),
    qty: qty('qty'),
    status: text('status').$type<DetailStatus>().notNull().default('PREPARED'),
    tenderId: integer('tender_id').references(() => tenders.id),
    creatorId: integer('creator_id').references(() => users.id),
    orderNumber: text('order_number'),
    customerNumber: text('customer_number'),
    customerName: text('customer_name'),
    bcId: text('bc_id'),
    bcStatus: text('bc_status').$type<BcSyncStatus>(),
    bcSynced: boolean('bc_synced').notNull().default(false),
    bcSyncRunning: boolean('bc_sync_running').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** The FAILED line this PREPARED one was prepared again from (one live copy per failed line, migration 0024). */
    preparedFrom: integer('prepared_from').references((): AnyPgColumn => details.id),
    ...stamps,
  },
  (t) => [
    index('details_tender_idx').on(t.tenderId),
    uniqueIndex('details_prepared_from_uq').on(t.preparedFrom).where(sql`not ${t.isDeleted}`),
    index('details_status_created_idx').on(t.status, t.created),
    index('details_warehouse_status_idx').on(t.warehouseId, t.status),
    index('details_part_idx').on(t.partId),
    check('details_status_ck', sql`${t.status} in ('PREPARED','WAITING','ORDERED','FAILED')`),
    check('details_qty_ck', sql`${t.replacementQty} >= 0 and ${t.replenishmentQty} >= 0`),
    check(
      'details_bc_status_ck',
      sql`${t.bcStatus} is null or ${t.bcStatus} in ('incompatible','pending','synced','error','canceled')`,
    ),
  ],
);

/** One offer line of a supplier for a tender line; up to 3 per supplier and line. */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    detailId: integer('detail_id')
      .notNull()
      .references(() => details.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id),
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    productCode: text('product_code').notNull(),
    eanCode: text('ean_code').notNull(),
    availableQty: qty('available_qty'),
    additionalQty: qty('additional_qty'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    ...stamps,
  },
  (t) => [
    index('proposals_tender_supplier_idx').on(t.tenderId, t.supplierId),
    uniqueIndex('proposals_no_dup_producer').on(t.detailId, t.supplierId, t.producerId),
    // the award suggestions' order per line (migration 0020)
    index('proposals_detail_rank_idx').on(
      t.detailId,
      t.price,
      t.deliveryDate,
      sql`${t.availableQty} desc nulls first`,
      t.id,
    ),
    check('proposals_price_ck', sql`${t.price} >= 0.0001`),
    check('proposals_ean_ck', sql`${t.eanCode} ~ '^[0-9]{1,13}$'`),
    check('proposals_code_ck', sql`length(${t.productCode}) between 1 and 35`),
  ],
);

export const winners = pgTable(
  'winners',
  {
    id: serial('id').primaryKey(),
    detailId: integer('detail_id')
      .notNull()
      .references(() => details.id),
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => proposals.id),
    amount: qty('amount').notNull(),
    reason: text('reason').$type<WinnerReason>().notNull(),
    creatorId: integer('creator_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    uniqueIndex('winners_proposal_uq').on(t.proposalId),
    index('winners_detail_idx').on(t.detailId),
    check('winners_reason_ck', sql`${t.reason} in ('PRICE','DUE DATE','PRODUCER','TEST')`),
    check('winners_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * Comments of a tender: TENDER (a supplier's comment on the tender), APPROVER (the decision comment),
 * DETAIL_SUPPLIER (a supplier's comment on a line), WINNER (the comment on a line's winners).
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'TENDER' | 'APPROVER' | 'DETAIL_SUPPLIER' | 'WINNER'>().notNull(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    detailId: integer('detail_id').references(() => details.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id),
    content: text('content').notNull(),
    ...stamps,
  },
  (t) => [
    index('comments_tender_idx').on(t.tenderId),
    index('comments_detail_idx').on(t.detailId),
    check('comments_kind_ck', sql`${t.kind} in ('TENDER','APPROVER','DETAIL_SUPPLIER','WINNER')`),
    check('comments_len_ck', sql`length(${t.content}) <= 1000`),
  ],
);

/** WATCHED and AGREED flags per supplier and tender. */
export const tenderLogs = pgTable(
  'tender_logs',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').$type<TenderLogAction>().notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tender_logs_uq').on(t.tenderId, t.supplierId, t.action),
    check('tender_logs_action_ck', sql`${t.action} in ('WATCHED','AGREED')`),
  ],
);

/** A purchase order: the winning lines of one supplier in one tender. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    orderCode: text('order_code').notNull(),
    exportCode: text('export_code'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /** Business Central: the purchase order's id and number there, the sync state and its last message. */
    bcId: text('bc_id'),
    bcNumber: text('bc_number'),
    bcStatus: text('bc_status').$type<BcSyncStatus>(),
    bcMessage: text('bc_message'),
    bcUpdated: timestamp('bc_updated', { withTimezone: true }),
    /** One delivery at a time: a delivery holds the order until this time. */
    bcLockUntil: timestamp('bc_lock_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchase_orders_uq').on(t.tenderId, t.supplierId),
    uniqueIndex('purchase_orders_code_uq').on(t.orderCode),
    check(
      'purchase_orders_bc_status_ck',
      sql`${t.bcStatus} is null or ${t.bcStatus} in ('incompatible','pending','synced','error','canceled')`,
    ),
  ],
);

/** One manual or automatic export of a tender's orders to an integration module. */
export const moduleExportLogs = pgTable(
  'module_export_logs',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    moduleId: integer('module_id').references(() => modules.id),
    status: text('status').$type<ExportStatus>().notNull().default('PROGRESS'),
    message: text('message'),
    userId: integer('user_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('module_export_logs_tender_idx').on(t.tenderId),
    check('module_export_logs_status_ck', sql`${t.status} in ('PROGRESS','SUCCESS','FAILED')`),
  ],
);

/**
 * Exact counters of the tender list (migration 0005_tender_counters), kept by statement-level triggers in the
 * same transaction as the lines, offers and winners they count: one row per tender (created with it).
 */
export const tenderCounts = pgTable(
  'tender_counts',
  {
    tenderId: integer('tender_id')
      .primaryKey()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    details: integer('details').notNull().default(0),
    /** Lines whose business-system sync failed (bc_status 'error'). */
    failedBc: integer('failed_bc').notNull().default(0),
    proposals: integer('proposals').notNull().default(0),
    winners: integer('winners').notNull().default(0),
  },
  // The list's count orderings read their pages from these (migration 0021).
  (t) => [
    index('tender_counts_details_idx').on(t.details, t.tenderId),
    index('tender_counts_proposals_idx').on(t.proposals, t.tenderId),
    index('tender_counts_winners_idx').on(t.winners, t.tenderId),
  ],
);

/** Per tender and company that offered: its offer lines, winners and first/last offer time (same triggers). */
export const tenderSupplierCounts = pgTable(
  'tender_supplier_counts',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id').notNull(),
    proposals: integer('proposals').notNull().default(0),
    winners: integer('winners').notNull().default(0),
    firstCreated: timestamp('first_created', { withTimezone: true }),
    lastUpdated: timestamp('last_updated', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenderId, t.supplierId] }),
    // a company's first and last offer time (the suppliers list, migration 0026)
    index('tender_supplier_counts_first_idx').on(t.supplierId, t.firstCreated),
    index('tender_supplier_counts_last_idx').on(t.supplierId, t.lastUpdated),
  ],
);

/**
 * A company's winner count moving within a transaction (migration 0014_report_incremental): written by the winners'
 * statement trigger and added to tender_supplier_counts at commit by a deferred trigger, which removes the row, so
 * the table is empty outside transactions.
 */
export const tenderSupplierCountMoves = pgTable('tender_supplier_count_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenderId: integer('tender_id').notNull(),
  supplierId: integer('supplier_id').notNull(),
  winners: integer('winners').notNull(),
});

/** A supplier's question on a running tender or one of its lines, and the buyers' answer (drizzle 0018). */
export const tenderQuestions = pgTable(
  'tender_questions',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    detailId: integer('detail_id').references(() => details.id),
    /** The asking company and user: kept for the record, never sent to anyone but that company (as `mine`). */
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answered: timestamp('answered', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    index('tender_questions_tender_idx').on(t.tenderId, t.id),
    check('tender_questions_question_len_ck', sql`length(${t.question}) between 1 and 1000`),
    check(
      'tender_questions_answer_len_ck',
      sql`${t.answer} is null or length(${t.answer}) between 1 and 2000`,
    ),
    check('tender_questions_answered_ck', sql`(${t.answer} is null) = (${t.answered} is null)`),
  ],
);
