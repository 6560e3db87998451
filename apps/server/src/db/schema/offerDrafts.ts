// A supplier company's unsent offer per tender (migration 0022): the offer form's state as typed, kept on the server.
import type { OfferDraftWrite } from '@portal/shared';
import { integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { suppliers, users } from './people.ts';
import { tenders } from './tenders.ts';

/** The company's draft of its offer on a tender: never an offer, never shown to buyers, gone when ACTIVE ends. */
export const offerDrafts = pgTable(
  'offer_drafts',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<OfferDraftWrite>().notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'offer_drafts_pk', columns: [t.tenderId, t.supplierId] })],
);
