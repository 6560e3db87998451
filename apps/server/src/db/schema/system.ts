import type { OutboxKind, OutboxStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Append-only audit of every state change (tender, detail, proposal, winner, blacklist, user, …).
 * tender_history and the blacklist change log read from it.
 */
export const history = pgTable(
  'history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    tenderId: integer('tender_id'),
    action: text('action').notNull(),
    userId: integer('user_id'),
    userName: text('user_name'),
    data: jsonb('data').notNull().default(sql`'{}'::jsonb`),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  // Read by tender only (its history, its outcome mail, the offers of its history): one index. An index on (entity,
  // entity_id) cost every audit row an insert and sped up no read (migration 0011).
  (t) => [index('history_tender_idx').on(t.tenderId, t.id)],
);

/** Side effects written in the same transaction as their cause, delivered by the outbox worker. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<OutboxKind>().notNull(),
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The message's globally unique id, kept across its retries (an e-mail's Message-ID is made of it). */
    messageUuid: uuid('message_uuid').notNull().defaultRandom(),
    /** The token of the claim that holds the row while a worker delivers it; null when nobody does. */
    lease: uuid('lease'),
    /** When an operator last retried or discarded the row. */
    updated: timestamp('updated', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('outbox_dedupe_uq').on(t.dedupeKey),
    uniqueIndex('outbox_message_uuid_uq').on(t.messageUuid),
    index('outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('outbox_open_idx').on(t.id).where(sql`${t.status} in ('pending','failed')`),
    check('outbox_status_ck', sql`${t.status} in ('pending','done','failed','discarded')`),
  ],
);

/** One synchronisation of the catalogue (units, items, codes) and pre-orders from Business Central. */
export const bcSyncRuns = pgTable(
  'bc_sync_runs',
  {
    id: serial('id').primaryKey(),
    status: text('status').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    userId: integer('user_id'),
    started: timestamp('started', { withTimezone: true }).notNull(),
    /** Written after every page; a running sync without a beat for minutes is taken as lost. */
    heartbeat: timestamp('heartbeat', { withTimezone: true }).notNull(),
    finished: timestamp('finished', { withTimezone: true }),
    message: text('message'),
    counts: jsonb('counts').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex('bc_sync_runs_one_running_uq').on(t.status).where(sql`${t.status} = 'running'`),
    check('bc_sync_runs_status_ck', sql`${t.status} in ('running','done','failed')`),
  ],
);
