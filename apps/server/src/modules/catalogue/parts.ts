// Parts and part types (spec 3 §3, §7): parts list (attachment icon, code tags, status), soft delete, unit and
// files via PATCH; part types list and form; the category choices of the part type form; the business-system sync.

import type { PartListQuery, PartPatch, PartTypeCreate, PartTypePatch } from '@portal/shared';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blacklists,
  categories,
  files,
  partCodes,
  partFiles,
  parts,
  partTypes,
  units,
} from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { queryRows } from '../../lib/sql.ts';

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- category paths

/** "Top / Middle / Leaf" for each category id (walks up the parents, at most 10 levels). */
export async function categoryPaths(db: Db, ids: number[]): Promise<Map<number, string>> {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map();
  const rows = await queryRows<{ start_id: number; path: string }>(
    db,
    sql`
    with recursive up(start_id, id, parent_id, name, depth) as (
      select c.id, c.id, c.parent_id, c.name, 0 from ${categories} c
       where c.id in (${sql.join(
         uniq.map((i) => sql`${i}`),
         sql`, `,
       )})
      union all
      select up.start_id, p.id, p.parent_id, p.name, up.depth + 1
        from up join ${categories} p on p.id = up.parent_id
       where up.depth < 10
    )
    select start_id, string_agg(name, ' / ' order by depth desc) as path from up group by start_id`,
  );
  return new Map(rows.map((r) => [Number(r.start_id), r.path]));
}

// ---------------------------------------------------------------- parts

const partSpec: ListSpec = {
  ordering: {
    code: parts.code,
    name: parts.name,
    barcode: parts.barcode,
    unit: units.code,
    unit_code: units.code,
    part_type: partTypes.name,
    part_type_name: partTypes.name,
    is_active: parts.isActive,
    id: parts.id,
  },
  defaultOrdering: 'code',
  search: [
    parts.code,
    parts.name,
    parts.barcode,
    (pattern) =>
      sql`exists (select 1 from part_codes pc where pc.part_id = ${parts.id} and pc.code ilike ${pattern})`,
  ],
  id: parts.id,
};

const partSelect = (db: Db) =>
  db
    .select({ part: parts, unit: units, partType: partTypes })
    .from(parts)
    .leftJoin(units, eq(units.id, parts.unitId))
    .leftJoin(partTypes, eq(partTypes.id, parts.partTypeId))
    .$dynamic();
type PartRow = Awaited<ReturnType<ReturnType<typeof partSelect>['execute']>>[number];

async function serializeParts(db: Db, rows: PartRow[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.part.id);
  const [tags, fileRows, bl, paths] = await Promise.all([
    db
      .select({ partId: partCodes.partId, code: partCodes.code })
      .from(partCodes)
      .where(inArray(partCodes.partId, ids))
      .orderBy(partCodes.code),
    db
      .select({ partId: partFiles.partId, f: files })
      .from(partFiles)
      .innerJoin(files, eq(files.uuid, partFiles.fileUuid))
      .where(inArray(partFiles.partId, ids))
      .orderBy(files.created, files.fileName),
    db
      .select({ partId: blacklists.partId })
      .from(blacklists)
      .where(
        and(inArray(blacklists.partId, ids), eq(blacklists.isDeleted, false), eq(blacklists.isActive, true)),
      ),
    categoryPaths(
      db,
      rows.map((r) => r.partType?.categoryId).filter((x): x is number => x != null),
    ),
  ]);
  const blacklisted = new Set(bl.map((b) => b.partId));
  return rows.map(({ part: p, unit, partType }) => {
    const own = fileRows.filter((f) => f.partId === p.id).map((f) => f.f);
    const categoryId = partType?.categoryId ?? null;
    return {
      id: p.id,
      code: p.code,
      barcode: p.barcode,
      name: p.name,
      unit: unit?.id ?? null,
      unit_code: unit?.code ?? null,
      unit_name: unit?.name ?? null,
      codes_tags: tags.filter((t) => t.partId === p.id).map((t) => t.code),
      part_type: partType?.id ?? null,
      part_type_name: partType?.name ?? null,
      category: categoryId,
      category_path: categoryId ? (paths.get(categoryId) ?? null) : null,
      class: p.className,
      is_black_listed: blacklisted.has(p.id),
      files: own.map((f) => f.uuid),
      files_data: own.map((f) => ({
        uuid: f.uuid,
        file_name: f.fileName,
        file_type: f.fileType,
        file_size: f.fileSize,
      })),
      bc_id: p.bcId,
      is_active: p.isActive,
      is_deleted: p.isDeleted,
    };
  });
}

/** GET /parts/: live parts (soft-deleted ones are gone), searchable by code, name, barcode and extra codes. */
export function listParts(db: Db, query: PartListQuery) {
  return paginate({
    db,
    query,
    spec: partSpec,
    select: () => partSelect(db),
    where: [
      eq(parts.isDeleted, false),
      query.is_active === undefined ? undefined : eq(parts.isActive, query.is_active),
      query.code__icontains
        ? sql`(${ilike(parts.code, likePattern(query.code__icontains.trim()))} or exists (select 1 from part_codes pc where pc.part_id = ${parts.id} and pc.code ilike ${likePattern(query.code__icontains.trim())}))`
        : undefined,
    ],
    map: (rows) => serializeParts(db, rows),
  });
}

export async function getPart(db: Db, id: number) {
  const rows = await partSelect(db).where(and(eq(parts.id, id), eq(parts.isDeleted, false)));
  if (!rows.length) throw notFound();
  return (await serializeParts(db, rows))[0];
}

/**
 * PATCH /parts/{id}/: the unit (by id or code), the part's files (the list replaces the links; the files stay in
 * the file service until deleted there), or a soft delete (is_deleted true also disables).
 */
export async function patchPart(db: Db, id: number, body: PartPatch) {
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(parts)
      .where(and(eq(parts.id, id), eq(parts.isDeleted, false)))
      .for('update');
    if (!p) throw notFound();
    const set: Partial<typeof parts.$inferInsert> = { updated: now() };
    if (body.unit !== undefined) {
      if (body.unit !== null) {
        const [u] = await tx
          .select({ id: units.id })
          .from(units)
          .where(and(eq(units.id, body.unit), eq(units.isDeleted, false)));
        if (!u) throw invalid('unit', 'invalid_choice');
      }
      set.unitId = body.unit;
    } else if (body.unit_code !== undefined) {
      const [u] = await tx
        .select({ id: units.id })
        .from(units)
        .where(and(eq(units.code, body.unit_code), eq(units.isDeleted, false)));
      if (!u) throw invalid('unit_code', 'invalid_choice');
      set.unitId = u.id;
    }
    if (body.is_deleted === true) {
      set.isDeleted = true;
      set.isActive = false;
    } else if (body.is_active !== undefined) set.isActive = body.is_active;
    if (body.files !== undefined) {
      const wanted = [...new Set(body.files.map((u) => u.toLowerCase()))];
      const known = wanted.length
        ? await tx.select({ uuid: files.uuid }).from(files).where(inArray(files.uuid, wanted))
        : [];
      if (known.length !== wanted.length) throw invalid('files', 'file_not_found');
      await tx.delete(partFiles).where(eq(partFiles.partId, id));
      if (wanted.length)
        await tx.insert(partFiles).values(wanted.map((fileUuid) => ({ partId: id, fileUuid })));
    }
    await tx.update(parts).set(set).where(eq(parts.id, id));
  });
  const rows = await partSelect(db).where(eq(parts.id, id));
  return (await serializeParts(db, rows))[0];
}

// ---------------------------------------------------------------- part types

const partTypeSpec: ListSpec = {
  ordering: {
    name: partTypes.name,
    category: categories.name,
    category_name: categories.name,
    is_active: partTypes.isActive,
    id: partTypes.id,
  },
  defaultOrdering: 'name',
  search: [partTypes.name, categories.name],
  id: partTypes.id,
};

const partTypeSelect = (db: Db) =>
  db
    .select({ pt: partTypes, category: categories })
    .from(partTypes)
    .leftJoin(categories, eq(categories.id, partTypes.categoryId))
    .$dynamic();
type PartTypeRow = Awaited<ReturnType<ReturnType<typeof partTypeSelect>['execute']>>[number];

async function serializePartTypes(db: Db, rows: PartTypeRow[]) {
  const paths = await categoryPaths(
    db,
    rows.map((r) => r.pt.categoryId).filter((x): x is number => x != null),
  );
  return rows.map(({ pt, category }) => ({
    id: pt.id,
    name: pt.name,
    category: pt.categoryId,
    category_name: category?.name ?? null,
    category_path: pt.categoryId ? (paths.get(pt.categoryId) ?? null) : null,
    is_active: pt.isActive,
  }));
}

export function listPartTypes(db: Db, query: ListQuery & { is_active?: boolean }) {
  return paginate({
    db,
    query,
    spec: partTypeSpec,
    select: () => partTypeSelect(db),
    where: [query.is_active === undefined ? undefined : eq(partTypes.isActive, query.is_active)],
    map: (rows) => serializePartTypes(db, rows),
  });
}

export async function getPartType(db: Db, id: number) {
  const rows = await partTypeSelect(db).where(eq(partTypes.id, id));
  if (!rows.length) throw notFound();
  return (await serializePartTypes(db, rows))[0];
}

async function checkCategory(db: Db, id: number | null | undefined) {
  if (id == null) return;
  const [c] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isDeleted, false)));
  if (!c) throw invalid('category', 'category_not_found');
}

function uniqueName<T>(fn: () => Promise<T>): Promise<T> {
  return fn().catch((err) => {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw invalid('name', 'name_exists');
    throw err;
  });
}

export async function createPartType(db: Db, body: PartTypeCreate) {
  await checkCategory(db, body.category);
  const [dup] = await db
    .select({ id: partTypes.id })
    .from(partTypes)
    .where(sql`lower(${partTypes.name}) = lower(${body.name})`);
  if (dup) throw invalid('name', 'name_exists');
  const [row] = await uniqueName(() =>
    db
      .insert(partTypes)
      .values({
        name: body.name,
        categoryId: body.category ?? null,
        isActive: body.is_active ?? true,
        created: now(),
        updated: now(),
      })
      .returning(),
  );
  return getPartType(db, row.id);
}

export async function updatePartType(db: Db, id: number, body: PartTypePatch) {
  await getPartType(db, id);
  await checkCategory(db, body.category);
  const set: Partial<typeof partTypes.$inferInsert> = { updated: now() };
  if (body.category !== undefined) set.categoryId = body.category;
  if (body.is_active !== undefined) set.isActive = body.is_active;
  await db.update(partTypes).set(set).where(eq(partTypes.id, id));
  return getPartType(db, id);
}

/** The categories a part type may point at: live and active, with their path, in path order. */
export async function categoryOptions(db: Db) {
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.isDeleted, false), eq(categories.isActive, true)));
  const paths = await categoryPaths(
    db,
    rows.map((r) => r.id),
  );
  return rows
    .map((r) => ({ id: r.id, name: r.name, path: paths.get(r.id) ?? r.name }))
    .sort((a, b) => a.path.localeCompare(b.path, 'et'));
}
