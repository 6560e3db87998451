import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people.ts';
import { stamps } from './setup.ts';

/**
 * Maintenance notices (migration 0024): a window (starts, ends) announced in three languages, shown to everyone from
 * `showFrom` until the window ends.
 */
export const maintenanceNotices = pgTable(
  'maintenance_notices',
  {
    id: serial('id').primaryKey(),
    showFrom: timestamp('show_from', { withTimezone: true }).notNull(),
    starts: timestamp('starts', { withTimezone: true }).notNull(),
    ends: timestamp('ends', { withTimezone: true }).notNull(),
    textEt: text('text_et').notNull(),
    textRu: text('text_ru').notNull(),
    textEn: text('text_en').notNull(),
    creatorId: integer('creator_id').references(() => users.id),
    ...stamps,
  },
  (t) => [
    index('maintenance_notices_ends_idx').on(t.ends),
    check('maintenance_notices_window_ck', sql`${t.showFrom} <= ${t.starts} AND ${t.starts} < ${t.ends}`),
    check(
      'maintenance_notices_text_ck',
      sql`length(${t.textEt}) between 1 and 500 AND length(${t.textRu}) between 1 and 500 AND length(${t.textEn}) between 1 and 500`,
    ),
  ],
);
