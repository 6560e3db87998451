// After the award (issue 32, migration 0016_refusals_breaches): a winner's refusal with its claim (written by the
// tenders module) and the breach register of suppliers (written by the breaches module).
import type { BreachKind, BreachStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { suppliers, users } from './people.ts';
import { stamps } from './setup.ts';
import { details, proposals, tenders } from './tenders.ts';

/** A winner refused its award: one line (LINE) or every line of its order (ORDER). */
export const refusals = pgTable(
  'refusals',
  {
    id: serial('id').primaryKey(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    scope: text('scope').$type<'LINE' | 'ORDER'>().notNull(),
    refusedOn: date('refused_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    claimDate: date('claim_date', { mode: 'string' }).notNull(),
    claimDue: date('claim_due', { mode: 'string' }).notNull(),
    claimAmount: numeric('claim_amount', { precision: 14, scale: 2 }).notNull().default('0'),
    userId: integer('user_id').references(() => users.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refusals_tender_idx').on(t.tenderId),
    check('refusals_scope_ck', sql`${t.scope} in ('LINE','ORDER')`),
    check('refusals_claim_ck', sql`${t.claimAmount} >= 0 and ${t.claimDue} >= ${t.claimDate}`),
    check('refusals_reason_ck', sql`length(${t.reason}) between 1 and 1000`),
  ],
);

/** One refused line: the refused offer and amount, the replacing offer (if any) and the line's claim. */
export const refusalLines = pgTable(
  'refusal_lines',
  {
    id: serial('id').primaryKey(),
    refusalId: integer('refusal_id')
      .notNull()
      .references(() => refusals.id, { onDelete: 'cascade' }),
    detailId: integer('detail_id')
      .notNull()
      .references(() => details.id),
    refusedProposalId: integer('refused_proposal_id')
      .notNull()
      .references(() => proposals.id),
    refusedPrice: numeric('refused_price', { precision: 14, scale: 4 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    replacementProposalId: integer('replacement_proposal_id').references(() => proposals.id),
    replacementPrice: numeric('replacement_price', { precision: 14, scale: 4 }),
    claim: numeric('claim', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    index('refusal_lines_refusal_idx').on(t.refusalId),
    index('refusal_lines_proposal_idx').on(t.refusedProposalId),
    index('refusal_lines_detail_idx').on(t.detailId),
    check('refusal_lines_claim_ck', sql`${t.claim} >= 0`),
  ],
);

export const breaches = pgTable(
  'breaches',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    kind: text('kind').$type<BreachKind>().notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    reportedOn: date('reported_on', { mode: 'string' }),
    replaceBy: date('replace_by', { mode: 'string' }),
    tenderId: integer('tender_id').references(() => tenders.id),
    detailId: integer('detail_id').references(() => details.id),
    refusalId: integer('refusal_id').references(() => refusals.id),
    note: text('note').notNull().default(''),
    claimAmount: numeric('claim_amount', { precision: 14, scale: 2 }),
    claimDue: date('claim_due', { mode: 'string' }),
    penalty: numeric('penalty', { precision: 8, scale: 2 }).notNull().default('0'),
    status: text('status').$type<BreachStatus>().notNull().default('OPEN'),
    creatorId: integer('creator_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('breaches_supplier_idx').on(t.supplierId, t.occurredOn),
    uniqueIndex('breaches_refusal_uq').on(t.refusalId),
    check(
      'breaches_kind_ck',
      sql`${t.kind} in ('REFUSED_AWARD','LATE_DELIVERY','DEFECT_NOT_REPLACED','OTHER')`,
    ),
    check('breaches_status_ck', sql`${t.status} in ('OPEN','PAID','WAIVED')`),
    check('breaches_penalty_ck', sql`${t.penalty} >= 0 and ${t.penalty} <= 100`),
    check('breaches_claim_ck', sql`${t.claimAmount} is null or ${t.claimAmount} >= 0`),
    check('breaches_note_ck', sql`length(${t.note}) <= 1000`),
  ],
);
