// Categories over the API: roles, validation (400, nothing changed), the tree per division, drag and drop (parent
// and order), the state machine of spec 3 §4 (revert, deactivate, activate, trash) and the depth limit of 5.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categories } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { uid } from '../../test/factories.ts';

const ctx = await testContext();
type Node = { id: number; name: string; parent: number; order: number; children: Node[] };
type Tree = { list: Node[]; categories: Node[]; inactives: Node[] };

const add = async (body: Record<string, unknown>) => {
  const res = await ctx.as('admin', {
    method: 'POST',
    url: '/api/categories/',
    payload: { groups: [ctx.group.id], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; parent: number; order: number; is_placed: boolean };
};
const patch = (id: number, payload: Record<string, unknown>, role: 'admin' | 'contractor' = 'admin') =>
  ctx.as(role, { method: 'PATCH', url: `/api/categories/${id}/`, payload });
const tree = async (division = ctx.group.id) =>
  (await ctx.as('contractor', { method: 'GET', url: `/api/categories/tree/${division}/` })).json() as Tree;
const find = (nodes: Node[], id: number): Node | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const k = find(n.children, id);
    if (k) return k;
  }
};
const count = async () => (await ctx.db.select({ id: categories.id }).from(categories)).length;
const row = async (id: number) => (await ctx.db.select().from(categories).where(eq(categories.id, id)))[0];

describe('categories', () => {
  it('refuses anonymous callers, suppliers and masters', async () => {
    for (const [method, url] of [
      ['GET', '/api/categories/tree/1/'],
      ['GET', '/api/categories/1/'],
      ['POST', '/api/categories/'],
      ['PATCH', '/api/categories/1/'],
    ] as const) {
      expect((await ctx.as(null, { method, url, payload: {} })).statusCode, url).toBe(401);
      for (const role of ['supplier', 'employee', 'master'] as const)
        expect((await ctx.as(role, { method, url, payload: {} })).statusCode, `${role} ${url}`).toBe(403);
    }
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/categories/' })).statusCode).toBe(403);
    expect((await ctx.as('master', { method: 'GET', url: '/api/categories/' })).statusCode).toBe(200);
  });

  it('requires a name and groups, changing nothing', async () => {
    const before = await count();
    let res = await ctx.as('admin', { method: 'POST', url: '/api/categories/', payload: { groups: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ name: ['required'], groups: ['group_required'] });
    res = await ctx.as('admin', { method: 'POST', url: '/api/categories/', payload: { name: '  ' } });
    expect(res.json()).toEqual({ name: ['blank'], groups: ['group_required'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/categories/',
      payload: { name: '---', groups: [ctx.group.id] },
    });
    expect(res.json()).toEqual({ name: ['name_needs_letter'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'Pidurid', groups: [999999] },
    });
    expect(res.json()).toEqual({ groups: ['invalid_choice'] });
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'x\u0000', groups: [1] },
    });
    expect(res.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const c = await add({ name: `Edit ${uid()}` });
    res = await patch(c.id, { name: '' });
    expect(res.json()).toEqual({ name: ['blank'] });
    res = await patch(c.id, { groups: [] });
    expect(res.json()).toEqual({ groups: ['group_required'] });
    expect((await row(c.id)).name).toBe(c.name);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/categories/abc/' })).statusCode).toBe(400);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/categories/999999/' })).statusCode).toBe(404);
  });

  it('adds a new category, reads it, edits name and groups', async () => {
    const name = `Kliima ${uid()}`;
    const c = await add({ name });
    expect(c).toMatchObject({ name, parent: 0, is_placed: false });
    expect((await tree()).categories.map((n) => n.id)).toContain(c.id);
    expect((await tree(ctx.group2.id)).categories.map((n) => n.id)).not.toContain(c.id);
    const res = await patch(c.id, { name: `${name} 2`, groups: [ctx.group.id, ctx.group2.id] }, 'contractor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: `${name} 2`,
      groups: [ctx.group.id, ctx.group2.id].sort((a, b) => a - b),
    });
    const one = await ctx.as('admin', { method: 'GET', url: `/api/categories/${c.id}/` });
    expect(one.json()).toMatchObject({ id: c.id, name: `${name} 2`, is_active: true });
    expect((await tree(ctx.group2.id)).categories.map((n) => n.id)).toContain(c.id);
  });

  it('moves into the tree, under another category at an index, and the order is saved', async () => {
    const top = await add({ name: `Top ${uid()}`, parent: 0 });
    const a = await add({ name: `A ${uid()}`, parent: top.id });
    const b = await add({ name: `B ${uid()}`, parent: top.id });
    const n = await add({ name: `N ${uid()}` });
    // Drag the new one between a and b.
    let res = await patch(n.id, { parent: top.id, order: 1 });
    expect(res.statusCode).toBe(200);
    let t = await tree();
    expect(find(t.list, top.id)?.children.map((k) => k.id)).toEqual([a.id, n.id, b.id]);
    expect(t.categories.map((k) => k.id)).not.toContain(n.id);
    // Drag b first.
    res = await patch(b.id, { parent: top.id, order: 0 });
    t = await tree();
    expect(find(t.list, top.id)?.children.map((k) => [k.id, k.order])).toEqual([
      [b.id, 0],
      [a.id, 1],
      [n.id, 2],
    ]);
    // Drag a under n: a leaves top, n gets a child.
    res = await patch(a.id, { parent: n.id, order: 0 });
    t = await tree();
    expect(find(t.list, top.id)?.children.map((k) => [k.id, k.order])).toEqual([
      [b.id, 0],
      [n.id, 1],
    ]);
    expect(find(t.list, n.id)?.children.map((k) => k.id)).toEqual([a.id]);
    // A category cannot go under its own descendant.
    res = await patch(top.id, { parent: a.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ parent: ['category_cycle'] });
    // Back to the top level.
    res = await patch(a.id, { parent: 0, order: 0 });
    expect(res.json()).toMatchObject({ parent: 0, is_placed: true });
    expect((await tree()).list[0].id).toBe(a.id);
  });

  it('refuses a move or add deeper than 5 levels, changing nothing', async () => {
    const l1 = await add({ name: `L1 ${uid()}`, parent: 0 });
    const l2 = await add({ name: `L2 ${uid()}`, parent: l1.id });
    const l3 = await add({ name: `L3 ${uid()}`, parent: l2.id });
    const l4 = await add({ name: `L4 ${uid()}`, parent: l3.id });
    const l5 = await add({ name: `L5 ${uid()}`, parent: l4.id });
    const before = await count();
    let res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/categories/',
      payload: { name: 'L6', groups: [ctx.group.id], parent: l5.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ parent: ['category_too_deep'] });
    expect(await count()).toBe(before);
    // A two-level branch fits under l3 (levels 4 and 5) but not under l4.
    const b1 = await add({ name: `B1 ${uid()}`, parent: 0 });
    const b2 = await add({ name: `B2 ${uid()}`, parent: b1.id });
    res = await patch(b1.id, { parent: l4.id });
    expect(res.json()).toEqual({ parent: ['category_too_deep'] });
    expect((await row(b1.id)).parentId).toBeNull();
    res = await patch(b1.id, { parent: l3.id });
    expect(res.statusCode).toBe(200);
    const t = await tree();
    expect(find(t.list, b2.id)).toBeDefined();
    expect(find(t.list, l5.id)).toBeDefined();
  });

  it('follows the states: revert, deactivate, activate, trash; never with children', async () => {
    const parent = await add({ name: `P ${uid()}`, parent: 0 });
    const child = await add({ name: `C ${uid()}`, parent: parent.id });
    // With a child: revert, deactivate and trash are refused and nothing changes.
    for (const body of [{ parent: null }, { is_active: false }, { is_deleted: true, is_active: false }]) {
      const res = await patch(parent.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ['category_has_children'] });
    }
    expect(await row(parent.id)).toMatchObject({ isActive: true, isPlaced: true, isDeleted: false });
    // Revert the child: out of the tree, back to new.
    let res = await patch(child.id, { parent: null });
    expect(res.json()).toMatchObject({ parent: 0, is_placed: false, is_active: true });
    let t = await tree();
    expect(find(t.list, child.id)).toBeUndefined();
    expect(t.categories.map((k) => k.id)).toContain(child.id);
    // Deactivate: to the inactive column.
    res = await patch(child.id, { is_active: false });
    expect(res.json()).toMatchObject({ is_active: false, is_deleted: false, is_placed: false });
    t = await tree();
    expect(t.inactives.map((k) => k.id)).toContain(child.id);
    expect(t.categories.map((k) => k.id)).not.toContain(child.id);
    // An inactive category cannot be moved into the tree, nor receive children.
    res = await patch(child.id, { parent: 0 });
    expect(res.json()).toEqual({ parent: ['category_inactive'] });
    // Activate: a new category, parent cleared.
    res = await patch(child.id, { is_active: true, is_deleted: false });
    expect(res.json()).toMatchObject({ is_active: true, parent: 0, is_placed: false });
    expect((await tree()).categories.map((k) => k.id)).toContain(child.id);
    // Deactivating a placed leaf takes it out of the tree too.
    await patch(child.id, { parent: parent.id });
    res = await patch(child.id, { is_active: false });
    expect(find((await tree()).list, parent.id)?.children).toEqual([]);
    // Trash: gone from every column and from reads.
    res = await patch(child.id, { is_deleted: true, is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: child.id, is_deleted: true, is_active: false });
    expect(await row(child.id)).toMatchObject({ isActive: false, isDeleted: true });
    t = await tree();
    expect([...t.categories, ...t.inactives].map((k) => k.id)).not.toContain(child.id);
    expect((await ctx.as('admin', { method: 'GET', url: `/api/categories/${child.id}/` })).statusCode).toBe(
      404,
    );
    expect((await patch(child.id, { name: 'again' })).statusCode).toBe(404);
    // Now the parent has no children: revert works.
    res = await patch(parent.id, { parent: null });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown division and lists categories plainly', async () => {
    expect((await ctx.as('admin', { method: 'GET', url: '/api/categories/tree/999999/' })).statusCode).toBe(
      404,
    );
    const res = await ctx.as('contractor', { method: 'GET', url: '/api/categories/?page_size=0' });
    expect(Array.isArray(res.json())).toBe(true);
    const bad = await ctx.as('contractor', { method: 'GET', url: '/api/categories/?ordering=secret' });
    expect(bad.statusCode).toBe(400);
  });
});
