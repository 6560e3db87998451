// Blacklist of producers per part (spec 3 §4, §5): list, read with change log, add, edit, soft delete.
// Every save writes a change-log row (blacklist_comments) and an audit row in the same transaction.

import type { BlacklistCreate, BlacklistDetail, BlacklistItem, BlacklistPatch } from '@portal/shared';
import { commentError, PART_LOOKUP_SIZE } from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blacklistComments,
  blacklistProducers,
  blacklists,
  partCodes,
  parts,
  producers,
  users,
} from '../../db/schema/index.ts';
import { ADMIN_CONTRACTOR, fullName, type SessionUser } from '../../lib/auth.ts';
import { now } from '../../lib/clock.ts';
import { AppError, ErrorBag, forbidden, notFound } from '../../lib/errors.ts';
import { audit } from '../../lib/history.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';

/** Administrator and Contractor with the able-to-blacklist permission write the blacklist. */
export function assertMayBlacklist(user: SessionUser) {
  if (!(ADMIN_CONTRACTOR as readonly string[]).includes(user.group) || !user.canBlacklist) throw forbidden();
}

const producerNames = sql<string>`coalesce((select string_agg(pr.name, ' ') from ${blacklistProducers} bp
  join ${producers} pr on pr.id = bp.producer_id where bp.blacklist_id = ${blacklists.id}), '')`;
const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const spec: ListSpec = {
  ordering: {
    name: parts.name,
    code: parts.code,
    part_name: parts.name,
    part_code: parts.code,
    creator_name: creatorName,
    created: blacklists.created,
    updated: blacklists.updated,
    is_active: blacklists.isActive,
    id: blacklists.id,
  },
  defaultOrdering: 'name',
  search: [parts.code, parts.name, producerNames],
  id: blacklists.id,
};

const baseSelect = (db: Db) =>
  db
    .select({ b: blacklists, partCode: parts.code, partName: parts.name, creatorName })
    .from(blacklists)
    .innerJoin(parts, eq(parts.id, blacklists.partId))
    .leftJoin(users, eq(users.id, blacklists.creatorId))
    .$dynamic();
type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];

/** Serialises rows, loading their producers and part codes in two queries. */
async function serialise(db: Db, rows: Row[]): Promise<BlacklistItem[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.b.id);
  const prods = await db
    .select({ blacklistId: blacklistProducers.blacklistId, id: producers.id, name: producers.name })
    .from(blacklistProducers)
    .innerJoin(producers, eq(producers.id, blacklistProducers.producerId))
    .where(inArray(blacklistProducers.blacklistId, ids))
    .orderBy(asc(producers.name), asc(producers.id));
  const codes = await db
    .select({ partId: partCodes.partId, code: partCodes.code })
    .from(partCodes)
    .where(inArray(partCodes.partId, [...new Set(rows.map((r) => r.b.partId))]))
    .orderBy(asc(partCodes.code));
  return rows.map((r) => {
    const mine = prods.filter((p) => p.blacklistId === r.b.id);
    return {
      id: r.b.id,
      part: r.b.partId,
      part_code: r.partCode,
      part_name: r.partName,
      producers: mine.map((p) => p.id),
      producers_options: mine.map((p) => ({ id: p.id, name: p.name })),
      producers_tags: mine.map((p) => p.name),
      part_codes_tags: codes.filter((c) => c.partId === r.b.partId).map((c) => c.code),
      creator_name: r.creatorName,
      created: r.b.created.toISOString(),
      updated: r.b.updated.toISOString(),
      is_active: r.b.isActive,
      is_deleted: r.b.isDeleted,
    };
  });
}

export function listBlacklists(db: Db, query: ListQuery & { is_active?: boolean; part?: number }) {
  return paginate({
    db,
    query,
    spec,
    select: () => baseSelect(db),
    where: [
      eq(blacklists.isDeleted, false),
      query.is_active === undefined ? undefined : eq(blacklists.isActive, query.is_active),
      query.part === undefined ? undefined : eq(blacklists.partId, query.part),
    ],
    map: (rows) => serialise(db, rows),
  });
}

/** One live entry with its change log; `withDeleted` is only for answering the delete itself. */
export async function getBlacklist(db: Db, id: number, withDeleted = false): Promise<BlacklistDetail> {
  const [row] = await baseSelect(db)
    .where(and(eq(blacklists.id, id), withDeleted ? undefined : eq(blacklists.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound();
  const [item] = await serialise(db, [row]);
  const log = await db
    .select()
    .from(blacklistComments)
    .where(eq(blacklistComments.blacklistId, id))
    .orderBy(asc(blacklistComments.id));
  return {
    ...item,
    comments: log.map((c) => ({
      id: c.id,
      name: c.name,
      created: c.created.toISOString(),
      content: c.content,
      added_producers: c.addedProducers,
      removed_producers: c.removedProducers,
      black_list_activated: c.activated,
      black_list_deactivated: c.deactivated,
    })),
  };
}

// ---------------------------------------------------------------- writes

function checkComment(bag: ErrorBag, comment: string | null | undefined) {
  const text = (comment ?? '').trim();
  const error = commentError(text, true);
  if (error) bag.add('comment', error);
  return text;
}

/** Live producers by id (unknown or deleted ids are a field error). */
async function loadProducers(db: Db, bag: ErrorBag, ids: number[] | undefined) {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) {
    bag.add('producers', 'at_least_one_producer');
    return [];
  }
  const found = await db
    .select({ id: producers.id, name: producers.name })
    .from(producers)
    .where(and(inArray(producers.id, unique), eq(producers.isDeleted, false)));
  if (found.length !== unique.length) bag.add('producers', 'invalid_choice');
  return found;
}

async function checkPart(
  db: Db,
  bag: ErrorBag,
  partId: number | null | undefined,
  exceptBlacklistId?: number,
) {
  if (partId == null) {
    bag.add('part', 'required');
    return;
  }
  const [part] = await db
    .select({ id: parts.id })
    .from(parts)
    .where(and(eq(parts.id, partId), eq(parts.isDeleted, false)))
    .limit(1);
  if (!part) {
    bag.add('part', 'invalid_choice');
    return;
  }
  const [taken] = await db
    .select({ id: blacklists.id })
    .from(blacklists)
    .where(
      and(
        eq(blacklists.partId, partId),
        eq(blacklists.isDeleted, false),
        exceptBlacklistId ? sql`${blacklists.id} <> ${exceptBlacklistId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) bag.add('part', 'part_already_blacklisted');
}

/** A concurrent save of the same part loses on the partial unique index: answer it like the check does. */
async function partGuard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505')
      throw new AppError(400, { part: ['part_already_blacklisted'] });
    throw err;
  }
}

export async function createBlacklist(db: Db, user: SessionUser, body: BlacklistCreate) {
  assertMayBlacklist(user);
  const id = await partGuard(() =>
    db.transaction(async (tx) => {
      const bag = new ErrorBag();
      await checkPart(tx, bag, body.part);
      const prods = await loadProducers(tx, bag, body.producers);
      const comment = checkComment(bag, body.comment);
      bag.throwIfAny();
      const partId = body.part as number; // checked above
      const isActive = body.is_active ?? true;
      const t = now();
      const [b] = await tx
        .insert(blacklists)
        .values({ partId, creatorId: user.id, isActive, created: t, updated: t })
        .returning();
      await tx.insert(blacklistProducers).values(prods.map((p) => ({ blacklistId: b.id, producerId: p.id })));
      const added = prods.map((p) => p.name).sort();
      await tx.insert(blacklistComments).values({
        blacklistId: b.id,
        userId: user.id,
        name: fullName(user),
        content: comment,
        addedProducers: added,
        activated: isActive,
        created: t,
      });
      await audit(tx, {
        entity: 'blacklist',
        entityId: b.id,
        action: 'created',
        user,
        data: {
          part: b.partId,
          producers: prods.map((p) => p.id),
          is_active: isActive,
          comment,
          added_producers: added,
        },
      });
      return b.id;
    }),
  );
  return getBlacklist(db, id);
}

export async function updateBlacklist(db: Db, user: SessionUser, id: number, body: BlacklistPatch) {
  assertMayBlacklist(user);
  await partGuard(() =>
    db.transaction(async (tx) => {
      const [b] = await tx
        .select()
        .from(blacklists)
        .where(and(eq(blacklists.id, id), eq(blacklists.isDeleted, false)))
        .for('update')
        .limit(1);
      if (!b) throw notFound();
      const before = await tx
        .select({ id: producers.id, name: producers.name })
        .from(blacklistProducers)
        .innerJoin(producers, eq(producers.id, blacklistProducers.producerId))
        .where(eq(blacklistProducers.blacklistId, id));
      const t = now();
      const comment = (body.comment ?? '').trim();

      if (body.is_deleted === true) {
        const error = commentError(comment, false);
        if (error) throw new AppError(400, { comment: [error] });
        await tx
          .update(blacklists)
          .set({ isDeleted: true, isActive: false, updated: t })
          .where(eq(blacklists.id, id));
        await tx.insert(blacklistComments).values({
          blacklistId: id,
          userId: user.id,
          name: fullName(user),
          content: comment,
          deactivated: b.isActive,
          created: t,
        });
        await audit(tx, {
          entity: 'blacklist',
          entityId: id,
          action: 'deleted',
          user,
          data: { part: b.partId, comment },
        });
        return;
      }

      const bag = new ErrorBag();
      const partId = body.part ?? b.partId;
      if (partId !== b.partId) await checkPart(tx, bag, partId, id);
      const prods = body.producers === undefined ? before : await loadProducers(tx, bag, body.producers);
      const isActive = body.is_active ?? b.isActive;
      const beforeIds = new Set(before.map((p) => p.id));
      const afterIds = new Set(prods.map((p) => p.id));
      const sameProducers = beforeIds.size === afterIds.size && [...afterIds].every((p) => beforeIds.has(p));
      if (bag.empty && sameProducers && isActive === b.isActive && partId === b.partId)
        throw new AppError(400, { non_field_errors: ['no_changes'], producers: ['no_producer_change'] });
      const text = checkComment(bag, body.comment);
      bag.throwIfAny();

      const added = prods
        .filter((p) => !beforeIds.has(p.id))
        .map((p) => p.name)
        .sort();
      const removed = before
        .filter((p) => !afterIds.has(p.id))
        .map((p) => p.name)
        .sort();
      await tx.update(blacklists).set({ partId, isActive, updated: t }).where(eq(blacklists.id, id));
      if (!sameProducers) {
        await tx.delete(blacklistProducers).where(eq(blacklistProducers.blacklistId, id));
        await tx.insert(blacklistProducers).values(prods.map((p) => ({ blacklistId: id, producerId: p.id })));
      }
      await tx.insert(blacklistComments).values({
        blacklistId: id,
        userId: user.id,
        name: fullName(user),
        content: text,
        addedProducers: added,
        removedProducers: removed,
        activated: isActive && !b.isActive,
        deactivated: !isActive && b.isActive,
        created: t,
      });
      await audit(tx, {
        entity: 'blacklist',
        entityId: id,
        action: 'updated',
        user,
        data: {
          part: partId,
          ...(partId !== b.partId ? { previous_part: b.partId } : {}),
          producers: prods.map((p) => p.id),
          is_active: isActive,
          comment: text,
          added_producers: added,
          removed_producers: removed,
        },
      });
    }),
  );
  return getBlacklist(db, id, true);
}

/**
 * The part search of the blacklist form: live parts whose code (or an additional code) contains the text, without
 * a live blacklist entry (except the part of the entry being edited), by code, at most PART_LOOKUP_SIZE.
 */
export async function blacklistPartOptions(db: Db, text: string, exceptBlacklist?: number) {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: parts.id, code: parts.code, name: parts.name })
    .from(parts)
    .where(
      and(
        eq(parts.isDeleted, false),
        eq(parts.isActive, true),
        text.trim()
          ? sql`(${parts.code} ilike ${pattern} or exists (select 1 from ${partCodes} pc
              where pc.part_id = ${parts.id} and pc.code ilike ${pattern}))`
          : undefined,
        sql`not exists (select 1 from ${blacklists} b where b.part_id = ${parts.id} and not b.is_deleted
            ${exceptBlacklist ? sql`and b.id <> ${exceptBlacklist}` : sql``})`,
      ),
    )
    .orderBy(asc(parts.code))
    .limit(PART_LOOKUP_SIZE);
  const codes = rows.length
    ? await db
        .select({ partId: partCodes.partId, code: partCodes.code })
        .from(partCodes)
        .where(
          inArray(
            partCodes.partId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(partCodes.code))
    : [];
  return rows.map((r) => ({ ...r, codes_tags: codes.filter((c) => c.partId === r.id).map((c) => c.code) }));
}
