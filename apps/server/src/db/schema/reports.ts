// Exact summary tables of the reports, kept by database triggers (migration 0003_report_summaries): whatever
// writes tenders, lines, offers or winners (the API, the scheduler, the demo seed, imports), these follow in the
// same transaction. Only tenders whose offers buyers may see (FINISHED, CHOOSING, ORDERED, FAILED) have rows.
// Names and codes are joined at read time, so renaming a supplier or a part needs no refresh.
import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per tender and company that offered in it: its offers, and what it won once the tender is ORDERED. */
export const reportTenderSuppliers = pgTable(
  'report_tender_suppliers',
  {
    tenderId: integer('tender_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    groupId: integer('group_id').notNull(),
    tenderStart: timestamp('tender_start', { withTimezone: true }).notNull(),
    tenderCode: text('tender_code').notNull(),
    status: text('status').notNull(),
    /** The company's purchase order of this tender, if any (the orders report's rows). */
    orderId: integer('order_id'),
    /** That order's code (copied, for searching and ordering; kept by the same refresh). */
    orderCode: text('order_code'),
    /** The company's first offer id: the row's id in the suppliers report. */
    firstProposalId: integer('first_proposal_id').notNull(),
    proposals: integer('proposals').notNull(),
    /** Lines won (ORDERED tenders only), their ordered quantity and sum of round(quantity × price, 2). */
    details: integer('details').notNull(),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenderId, t.supplierId] }),
    index('report_ts_start_idx').on(t.tenderStart),
    index('report_ts_order_start_idx')
      .on(t.tenderStart)
      .where(sql`${t.orderId} is not null and ${t.details} > 0`),
    index('report_ts_order_idx').on(t.orderId),
    index('report_ts_supplier_start_idx').on(t.supplierId, t.tenderStart),
    index('report_ts_first_proposal_idx').on(t.firstProposalId),
    index('report_ts_order_total_idx')
      .on(t.total, t.orderId)
      .where(sql`${t.orderId} is not null and ${t.details} > 0`),
    index('report_ts_order_code_idx')
      .on(t.tenderCode, t.orderId)
      .where(sql`${t.orderId} is not null and ${t.details} > 0`),
    index('report_ts_total_idx').on(t.total, t.firstProposalId),
    // searches ("contains") on the codes: a selective word is an index scan instead of a test of every row
    index('report_ts_tender_code_trgm_idx').using('gin', sql`${t.tenderCode} gin_trgm_ops`),
    index('report_ts_order_code_trgm_idx').using('gin', sql`${t.orderCode} gin_trgm_ops`),
  ],
);

/** One row per tender line with offers: lowest and highest offer, winning prices and reasons, ordered sum. */
export const reportLines = pgTable(
  'report_lines',
  {
    detailId: integer('detail_id').primaryKey(),
    tenderId: integer('tender_id').notNull(),
    groupId: integer('group_id').notNull(),
    tenderStart: timestamp('tender_start', { withTimezone: true }).notNull(),
    tenderCode: text('tender_code').notNull(),
    partId: integer('part_id').notNull(),
    /** Copied for ordering by code; kept by a trigger on parts. */
    partCode: text('part_code').notNull(),
    minPrice: numeric('min_price', { precision: 14, scale: 4 }).notNull(),
    maxPrice: numeric('max_price', { precision: 14, scale: 4 }).notNull(),
    prices: text('prices').array().notNull(),
    reasons: text('reasons').array().notNull(),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    index('report_lines_tender_idx').on(t.tenderId),
    // the period's range, and (as an index-only scan) the sums of a filtered range: group, part, quantity, total
    index('report_lines_start_sums_idx').on(t.tenderStart, t.groupId, t.partId, t.qty, t.total),
    index('report_lines_part_start_idx').on(t.partId, t.tenderStart),
    index('report_lines_code_idx').on(t.partCode, t.detailId),
    index('report_lines_max_price_idx').on(t.maxPrice, t.detailId),
    index('report_lines_min_price_idx').on(t.minPrice, t.detailId),
    index('report_lines_total_idx').on(t.total, t.detailId),
    index('report_lines_tender_code_trgm_idx').using('gin', sql`${t.tenderCode} gin_trgm_ops`),
  ],
);

// Monthly roll-ups of the two summaries (migration 0006_report_rollups), kept exact by report_refresh in the same
// transaction: a period's whole Europe/Tallinn months are read from here, its partial edge months from the summaries.

/** Sums of report_tender_suppliers per month of the tender start, group and company. */
export const reportSupplierMonths = pgTable(
  'report_supplier_months',
  {
    /** The first day of the Europe/Tallinn month of the tender start. */
    month: date('month').notNull(),
    groupId: integer('group_id').notNull(),
    supplierId: integer('supplier_id').notNull(),
    /** Summary rows (tenders the company offered in), their offers; the same for rows with lines won. */
    tenders: integer('tenders').notNull(),
    proposals: integer('proposals').notNull(),
    wonTenders: integer('won_tenders').notNull(),
    wonProposals: integer('won_proposals').notNull(),
    details: integer('details').notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
    /** Rows of the orders report (a purchase order with lines won in an ORDERED tender) and their sums. */
    orders: integer('orders').notNull(),
    orderDetails: integer('order_details').notNull(),
    orderQty: numeric('order_qty', { precision: 20, scale: 4 }).notNull(),
    orderTotal: numeric('order_total', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.groupId, t.supplierId] }),
    index('report_sm_empty_idx').on(t.month).where(sql`${t.tenders} = 0`),
  ],
);

/** Sums of report_lines per month, group and winner reason (reason '' counts every line). */
export const reportLineMonths = pgTable(
  'report_line_months',
  {
    month: date('month').notNull(),
    groupId: integer('group_id').notNull(),
    reason: text('reason').notNull(),
    lines: integer('lines').notNull(),
    qty: numeric('qty', { precision: 20, scale: 4 }).notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.groupId, t.reason] }),
    index('report_lm_empty_idx').on(t.month).where(sql`${t.lines} = 0`),
  ],
);
