// The supplier's side after the offer (issue 34, migration 0023): receipts of offer sets and lines declined with a
// reason. Written by the tenders module only (receipts.ts, declines.ts).
import type { DeclineReason } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { suppliers, users } from './people.ts';
import { details, tenders } from './tenders.ts';

/** One row per accepted offer set of a company on a tender (and per withdrawal, which only closes the last). */
export const offerReceipts = pgTable(
  'offer_receipts',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    userId: integer('user_id').references(() => users.id),
    /** The server time of the offer set (the time in its canonical form). */
    created: timestamp('created', { withTimezone: true, precision: 3 }).notNull(),
    salt: text('salt').notNull(),
    digest: text('digest').notNull(),
    lines: integer('lines').notNull(),
    /** When a later offer set or the withdrawal replaced it. */
    replaced: timestamp('replaced', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('offer_receipts_company_idx').on(t.tenderId, t.supplierId, t.id),
    check('offer_receipts_digest_ck', sql`${t.digest} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const lineDeclines = pgTable(
  'line_declines',
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
    reason: text('reason').$type<DeclineReason>().notNull(),
    text: text('text').notNull().default(''),
    created: timestamp('created', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('line_declines_company_uq').on(t.detailId, t.supplierId),
    index('line_declines_tender_idx').on(t.tenderId),
  ],
);
