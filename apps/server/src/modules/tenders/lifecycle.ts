// Scheduler hooks of the tender lifecycle: each runs inside the transaction that moved the tenders, so a
// transition and its e-mails commit together and happen once (dedupe keys guard against repeats).

import type { TenderStatus } from '@portal/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { groups, tenders, users, warehouses } from '../../db/schema/index.ts';
import type { TransitionHooks } from '../../lib/scheduler.ts';
import { queryRows } from '../../lib/sql.ts';
import { remindChoosers } from './chooseClock.ts';
import {
  adminEmail,
  emailSuppliers,
  languageOf,
  participantSuppliers,
  queueTenderEmail,
  suppliersToTell,
} from './notify.ts';
import { dropTenderDrafts } from './offerDrafts.ts';

async function tenderInfo(db: Db, ids: number[]) {
  return db
    .select({
      id: tenders.id,
      code: tenders.tenderCode,
      start: tenders.start,
      finish: tenders.finish,
      groupId: tenders.groupId,
      groupName: groups.name,
      warehouseName: warehouses.name,
      creatorId: tenders.creatorId,
    })
    .from(tenders)
    .innerJoin(groups, eq(groups.id, tenders.groupId))
    .innerJoin(warehouses, eq(warehouses.id, tenders.warehouseId))
    .where(inArray(tenders.id, ids));
}

async function detailsList(db: Db, tenderId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string; qty: string }>(
    db,
    sql`select p.name, coalesce(d.qty, greatest(0, d.replenishment_qty + d.replacement_qty)) as qty
    from details d join parts p on p.id = d.part_id where d.tender_id = ${tenderId} order by d.id`,
  );
  return rows.map((r) => `${r.name} (${Number(r.qty)})`);
}

/** ACTIVE: TENDER_OPENED to every user of the suppliers serving the group whose categories the tender touches. */
export async function onActivated(db: Db, ids: number[]) {
  for (const t of await tenderInfo(db, ids)) {
    const context = {
      tender_id: String(t.id),
      tender_code: t.code,
      tender_finish: t.finish.toISOString(),
      details_list: (await detailsList(db, t.id)).join('\n'),
      tender_group_name: t.groupName,
      tender_warehouse_name: t.warehouseName,
    };
    await emailSuppliers(
      db,
      await suppliersToTell(db, t.id, t.groupId),
      'TENDER_OPENED',
      context,
      (u) => `tender-opened:${t.id}:${u}`,
    );
  }
}

/** FINISHED: the external TENDER_FINISHED to participants, the internal one to the creator and the admin address. */
export async function onFinished(db: Db, ids: number[]) {
  for (const t of await tenderInfo(db, ids)) {
    await emailSuppliers(
      db,
      await participantSuppliers(db, t.id),
      'TENDER_FINISHED',
      { tender_id: String(t.id), tender_code: t.code },
      (u) => `tender-finished:${t.id}:${u}`,
    );
    const context = {
      tender_id: String(t.id),
      tender_code: t.code,
      tender_start: t.start.toISOString(),
      tender_finish: t.finish.toISOString(),
    };
    const internal: { to: string; language: 'EST' | 'RUS' | 'ENG' }[] = [];
    if (t.creatorId) {
      const [c] = await db
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, t.creatorId));
      if (c) internal.push({ to: c.email, language: languageOf(c) });
    }
    const admin = await adminEmail(db);
    if (admin && !internal.some((i) => i.to.toLowerCase() === admin.toLowerCase()))
      internal.push({ to: admin, language: 'EST' });
    for (const i of internal) {
      await queueTenderEmail(
        db,
        { to: i.to, template: 'TENDER_FINISHED', type: 'INTERNAL', language: i.language, context },
        `tender-finished-internal:${t.id}:${i.to.toLowerCase()}`,
      );
    }
  }
}

/**
 * What another module (the business system) does inside the transaction of a tender's state change, so that its
 * side effects (outbox rows, sync states) commit or roll back with the change. Hooks belong to one app instance
 * (they are keyed by its database handle), so a test app without a business system runs none of them.
 */
export interface TenderHooks {
  /** CHOOSING → ORDERED, after the purchase orders were made. */
  ordered?: (tx: Db, tenderId: number) => Promise<void>;
  /** CHOOSING → FAILED: no line got a winner. */
  failed?: (tx: Db, tenderId: number) => Promise<void>;
  /** → CANCELED, after the lines became FAILED and winners and proposals were removed. */
  canceled?: (tx: Db, tenderId: number) => Promise<void>;
  /** FINISHED, ORDERED or FAILED → CHOOSING, before the purchase orders not exported are deleted. */
  reopened?: (tx: Db, tenderId: number, from: TenderStatus) => Promise<void>;
  /** A winner refused (ORDERED): these purchase orders lost their last line and are deleted right after. */
  refusing?: (tx: Db, tenderId: number, removedOrderIds: number[]) => Promise<void>;
  /** A winner refused: the winners changed on these purchase orders (new ones included), already written. */
  refused?: (tx: Db, tenderId: number, changedOrderIds: number[]) => Promise<void>;
}
const hooksByDb = new WeakMap<Db, TenderHooks[]>();
/** Registers hooks for the app whose database handle is `db` (once per hooks object). */
export function onTenderEvents(db: Db, hooks: TenderHooks) {
  const list = hooksByDb.get(db) ?? [];
  if (!list.includes(hooks)) list.push(hooks);
  hooksByDb.set(db, list);
}
export async function runTenderHooks<E extends keyof TenderHooks>(
  db: Db,
  event: E,
  ...args: Parameters<NonNullable<TenderHooks[E]>>
) {
  for (const h of hooksByDb.get(db) ?? []) {
    const fn = h[event] as ((...a: typeof args) => Promise<void>) | undefined;
    if (fn) await fn(...args);
  }
}

export const tenderSchedulerHooks = (_app: FastifyInstance): TransitionHooks => ({
  activated: onActivated,
  finished: async (db, ids) => {
    // An unsent draft is never an offer: it goes when the offer time ends.
    await dropTenderDrafts(db, ids);
    await onFinished(db, ids);
  },
  everyPass: remindChoosers,
});
