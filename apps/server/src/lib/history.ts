// The append-only audit table: every state change of a tender, line, proposal, winner, blacklist entry and user.
import type { Db } from '../db/client.ts';
import { history } from '../db/schema/index.ts';
import { fullName, type SessionUser } from './auth.ts';
import { now } from './clock.ts';

export type AuditEntity =
  | 'tender'
  | 'detail'
  | 'proposal'
  | 'winner'
  | 'comment'
  | 'blacklist'
  | 'user'
  | 'supplier'
  | 'export'
  /** An outbox delivery an administrator retried or discarded (entity_id: the outbox row). */
  | 'delivery'
  /** A supplier's question on a running tender (entity_id: the question; the row names no asker). */
  | 'question'
  /** A terms of use version an administrator published (entity_id: the terms_versions row). */
  | 'terms'
  /** A maintenance notice an administrator scheduled, changed or removed (entity_id: the notice). */
  | 'notice';

export async function audit(
  db: Db,
  e: {
    entity: AuditEntity;
    entityId: number;
    action: string;
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
