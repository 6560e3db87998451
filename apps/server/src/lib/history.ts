// The append-only audit table: every state change of a tender, line, proposal, winner, blacklist entry and user.
import type { HistoryEntity, HistoryEventOf } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { history } from '../db/schema/index.ts';
import { fullName, type SessionUser } from './auth.ts';
import { now } from './clock.ts';

/**
 * What a row is about (entity_id names it). Besides the tender's own rows: 'delivery' an outbox delivery an
 * administrator retried or discarded (entity_id: the outbox row); 'question' a supplier's question on a running
 * tender (the row names no asker); 'terms' a terms of use version an administrator published (the terms_versions
 * row); 'notice' a maintenance notice an administrator scheduled, changed or removed.
 */
export type AuditEntity = HistoryEntity;

/** One audit row of a batch (`auditMany`): an event of HISTORY_EVENTS with the rows it is about. */
export type AuditRow = HistoryEventOf & {
  entityId: number;
  tenderId: number | null;
  data?: Record<string, unknown>;
};

export async function audit(
  db: Db,
  e: HistoryEventOf & {
    entityId: number;
    tenderId?: number | null;
    user?: Pick<SessionUser, 'id' | 'firstName' | 'lastName'> | null;
    data?: Record<string, unknown>;
  },
) {
  await db.insert(history).values({
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    tenderId: e.tenderId ?? null,
    userId: e.user?.id ?? null,
    userName: e.user ? fullName(e.user) : null,
    data: e.data ?? {},
    created: now(),
  });
}

/** Several audit rows at once (one insert per 500 rows), all by `user` (null: the system) at `at`. */
export async function auditMany(db: Db, user: SessionUser | null, rows: AuditRow[], at: Date = now()) {
  if (!rows.length) return;
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(history).values(
      rows.slice(i, i + 500).map((r) => ({
        entity: r.entity,
        entityId: r.entityId,
        action: r.action,
        tenderId: r.tenderId,
        userId: user?.id ?? null,
        userName: user ? fullName(user) : null,
        data: r.data ?? {},
        created: at,
      })),
    );
  }
}

/**
 * The audit rows a single statement writes beside its own change (a CTE of it): `select` answers the columns
 * entity, entity_id, tender_id, action, user_id, user_name, data, created in that order; its entity and action
 * must be an event of HISTORY_EVENTS (the offer save's 'proposal' created, changed, deleted).
 */
export function insertHistorySql(select: SQL) {
  return sql`insert into history (entity, entity_id, tender_id, action, user_id, user_name, data, created) ${select}`;
}
