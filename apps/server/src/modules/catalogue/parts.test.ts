// Parts and part types: lists, reads, files and unit via PATCH, soft delete, the part type form, the sync button's
// answer while no business system is configured, and who may do what.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildPart, buildProducer, buildUnit, uid } from '../../test/factories.ts';

const ctx = await testContext();
const db = ctx.db;

async function category(name: string, parentId: number | null = null) {
  const [c] = await db.insert(s.categories).values({ name, parentId, isPlaced: true }).returning();
  return c;
}
const top = await category(`Pidurid ${uid()}`);
const mid = await category('Ketaspidurid', top.id);
const leaf = await category('Pidurikettad', mid.id);
const [ptype] = await db
  .insert(s.partTypes)
  .values({ name: `Piduriketas ${uid()}`, categoryId: leaf.id })
  .returning();
const unit = await buildUnit(db, { code: `tk${uid()}`, name: 'tükk' });
const tag = uid();
const part = await buildPart(db, {
  code: `BRK-${tag}`,
  name: 'Piduriketas eesmine',
  unitId: unit.id,
  partTypeId: ptype.id,
  className: 'Kulumaterjal',
  barcode: '4006633123456',
});
await db.insert(s.partCodes).values([
  { partId: part.id, code: `ALT-${tag}` },
  { partId: part.id, code: `OEM-${tag}` },
]);
async function fileRow(name: string, type = 'image/png') {
  const [f] = await db
    .insert(s.files)
    .values({ uuid: crypto.randomUUID(), fileName: name, fileType: type, fileSize: 1234 })
    .returning();
  return f;
}

describe('parts', () => {
  it('lists parts with unit, code tags, part type, category path and status; searches extra codes', async () => {
    const res = await ctx.as('contractor', {
      method: 'GET',
      url: '/api/parts/',
      query: { search: `OEM-${tag}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          id: part.id,
          code: `BRK-${tag}`,
          barcode: '4006633123456',
          name: 'Piduriketas eesmine',
          unit: unit.id,
          unit_code: unit.code,
          unit_name: 'tükk',
          codes_tags: [`ALT-${tag}`, `OEM-${tag}`],
          part_type: ptype.id,
          part_type_name: ptype.name,
          category: leaf.id,
          category_path: `${top.name} / Ketaspidurid / Pidurikettad`,
          class: 'Kulumaterjal',
          is_black_listed: false,
          files: [],
          files_data: [],
          bc_id: null,
          is_active: true,
          is_deleted: false,
        },
      ],
      pages: 1,
      count: 1,
    });
    // code__icontains, as the pre-order form's part search sends it (master reads parts too)
    const byCode = await ctx.as('master', {
      method: 'GET',
      url: '/api/parts/',
      query: { code__icontains: `brk-${tag}`, is_active: 'true', page_size: '100' },
    });
    expect(byCode.json().results.map((p: { id: number }) => p.id)).toEqual([part.id]);
  });

  it('orders by code by default and refuses unknown orderings', async () => {
    const a = await buildPart(db, { code: `AAA-${tag}` });
    const res = await ctx.as('admin', { method: 'GET', url: '/api/parts/', query: { search: tag } });
    expect(res.json().results.map((p: { code: string }) => p.code)).toEqual([`AAA-${tag}`, `BRK-${tag}`]);
    const bad = await ctx.as('admin', { method: 'GET', url: '/api/parts/', query: { ordering: 'secret' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ordering: ['invalid_ordering'] });
    await db.delete(s.parts).where(eq(s.parts.id, a.id));
  });

  it('shows a blacklisted part as such', async () => {
    const p = await buildPart(db);
    await db.insert(s.blacklists).values({ partId: p.id });
    const res = await ctx.as('admin', { method: 'GET', url: `/api/parts/${p.id}/` });
    expect(res.json().is_black_listed).toBe(true);
    await buildProducer(db);
  });

  it('sets the part’s files with PATCH (the attachment icon follows) and refuses unknown files, changing nothing', async () => {
    const img = await fileRow('front.png');
    const doc = await fileRow('manual.pdf', 'application/pdf');
    let res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { files: [img.uuid, doc.uuid] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().files.sort()).toEqual([img.uuid, doc.uuid].sort());
    expect(res.json().files_data).toContainEqual({
      uuid: doc.uuid,
      file_name: 'manual.pdf',
      file_type: 'application/pdf',
      file_size: 1234,
    });
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { files: [img.uuid, crypto.randomUUID()] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ files: ['file_not_found'] });
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { files: ['../x'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ 'files.0': ['invalid_uuid'] });
    const now = await ctx.as('admin', { method: 'GET', url: `/api/parts/${part.id}/` });
    expect(now.json().files.length).toBe(2);
    // the tender line's part_files_data reads the same links
    const links = await db.select().from(s.partFiles).where(eq(s.partFiles.partId, part.id));
    expect(links.length).toBe(2);
  });

  it('changes the unit by id or code; an unknown unit is refused', async () => {
    const kit = await buildUnit(db, { code: `kit${uid()}`, name: 'komplekt' });
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { unit_code: kit.code },
    });
    expect(res.json().unit_code).toBe(kit.code);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { unit: 999999 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ unit: ['invalid_choice'] });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/parts/${part.id}/`,
      payload: { unit: unit.id },
    });
    expect(res.json().unit_code).toBe(unit.code);
  });

  it('soft-deletes a part: disabled, gone from the list and reads', async () => {
    const p = await buildPart(db, { code: `DEL-${tag}` });
    let res = await ctx.as('master', {
      method: 'PATCH',
      url: `/api/parts/${p.id}/`,
      payload: { is_deleted: true, is_active: false },
    });
    expect(res.statusCode).toBe(403);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/parts/${p.id}/`,
      payload: { is_deleted: true, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_deleted: true, is_active: false });
    expect((await ctx.as('admin', { method: 'GET', url: `/api/parts/${p.id}/` })).statusCode).toBe(404);
    const list = await ctx.as('admin', {
      method: 'GET',
      url: '/api/parts/',
      query: { search: `DEL-${tag}` },
    });
    expect(list.json().count).toBe(0);
    const [row] = await db.select().from(s.parts).where(eq(s.parts.id, p.id));
    expect(row).toMatchObject({ isDeleted: true, isActive: false });
  });

  it('keeps suppliers out', async () => {
    for (const role of ['supplier', 'employee'] as const) {
      expect((await ctx.as(role, { method: 'GET', url: '/api/parts/' })).statusCode).toBe(403);
      expect((await ctx.as(role, { method: 'GET', url: `/api/parts/${part.id}/` })).statusCode).toBe(403);
      expect((await ctx.as(role, { method: 'GET', url: '/api/part_types/' })).statusCode).toBe(403);
    }
    expect((await ctx.as(null, { method: 'GET', url: '/api/parts/' })).statusCode).toBe(401);
  });

  it('answers the sync button: no business system is configured (409 with a message key)', async () => {
    const res = await ctx.as('contractor', { method: 'POST', url: '/api/setup/bc-sync' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'business_system_not_configured' });
    expect((await ctx.as('supplier', { method: 'POST', url: '/api/setup/bc-sync' })).statusCode).toBe(403);
    expect((await ctx.as('master', { method: 'POST', url: '/api/setup/bc-sync' })).statusCode).toBe(403);
  });
});

describe('part types', () => {
  const count = async () => (await db.select({ id: s.partTypes.id }).from(s.partTypes)).length;

  it('creates, reads, lists and re-categorises a part type; the name stays as it was', async () => {
    const name = `Õlifilter ${uid()}`;
    let res = await ctx.as('contractor', {
      method: 'POST',
      url: '/api/part_types/',
      payload: { name, category: mid.id, is_active: true },
    });
    expect(res.statusCode).toBe(201);
    const pt = res.json();
    expect(pt).toEqual({
      id: expect.any(Number),
      name,
      category: mid.id,
      category_name: 'Ketaspidurid',
      category_path: `${top.name} / Ketaspidurid`,
      is_active: true,
    });
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/part_types/${pt.id}/`,
      payload: { id: pt.id, name: 'Renamed', category: leaf.id, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name,
      category: leaf.id,
      category_name: 'Pidurikettad',
      is_active: false,
    });
    res = await ctx.as('admin', { method: 'GET', url: '/api/part_types/', query: { search: name } });
    expect(res.json().results).toEqual([
      {
        ...pt,
        category: leaf.id,
        category_name: 'Pidurikettad',
        category_path: `${top.name} / Ketaspidurid / Pidurikettad`,
        is_active: false,
      },
    ]);
    res = await ctx.as('admin', { method: 'GET', url: `/api/part_types/${pt.id}/` });
    expect(res.json().id).toBe(pt.id);
  });

  it('refuses a blank, duplicate or symbol-only name and an unknown category, changing nothing', async () => {
    const before = await count();
    for (const [payload, errors] of [
      [{ name: '  ' }, { name: ['blank'] }],
      [{}, { name: ['required'] }],
      [{ name: '---' }, { name: ['invalid'] }],
      [{ name: ptype.name.toUpperCase() }, { name: ['name_exists'] }],
      [{ name: `X ${uid()}`, category: 99999999 }, { category: ['category_not_found'] }],
      [{ name: `X ${uid()}`, category: 'abc' }, { category: ['invalid'] }],
    ] as const) {
      const res = await ctx.as('admin', { method: 'POST', url: '/api/part_types/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toEqual(Object.keys(errors));
    }
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/part_types/${ptype.id}/`,
      payload: { category: 99999999 },
    });
    expect(res.json()).toEqual({ category: ['category_not_found'] });
    expect(await count()).toBe(before);
    const [row] = await db.select().from(s.partTypes).where(eq(s.partTypes.id, ptype.id));
    expect(row.categoryId).toBe(leaf.id);
  });

  it('offers active categories with their paths for the form', async () => {
    const res = await ctx.as('contractor', { method: 'GET', url: '/api/part_types/category_options/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({
      id: leaf.id,
      name: 'Pidurikettad',
      path: `${top.name} / Ketaspidurid / Pidurikettad`,
    });
    expect(
      (await ctx.as('master', { method: 'GET', url: '/api/part_types/category_options/' })).statusCode,
    ).toBe(403);
  });
});
