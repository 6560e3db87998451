// The 48-hour choosing clock's reminders (migration 0015): one row per reminder sent, per tender end.
import { CHOOSE_REMINDER_KINDS, type ChooseReminderKind } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenders } from './tenders.ts';

const kinds = sql.raw(CHOOSE_REMINDER_KINDS.map((k) => `'${k}'`).join(','));

/** A tender's 24-hours-left or overdue reminder, sent once for the finish it was counted from. */
export const tenderChooseReminders = pgTable(
  'tender_choose_reminders',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ChooseReminderKind>().notNull(),
    finish: timestamp('finish', { withTimezone: true }).notNull(),
    sent: timestamp('sent', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'tender_choose_reminders_pk', columns: [t.tenderId, t.kind, t.finish] }),
    check('tender_choose_reminders_kind_ck', sql`${t.kind} in (${kinds})`),
  ],
);
