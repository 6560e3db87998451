import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { history, partCodes, users } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildPart, buildProducer, buildUser, uid } from '../../test/factories.ts';

const ctx = await testContext();
const contractorNoPerm = await buildUser(ctx.db, {
  group: 'CONTRACTOR',
  groupIds: [ctx.group.id],
  canBlacklist: false,
});
const asUser = async (
  email: string,
  opts: { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown },
) => {
  const token = await ctx.login(email);
  return ctx.app.inject({
    ...opts,
    payload: opts.payload as object,
    headers: { authorization: `Token ${token}` },
  });
};

async function setup() {
  const tag = uid();
  const part = await buildPart(ctx.db, { code: `BL-${tag}`, name: `Brake pad ${tag}` });
  await ctx.db.insert(partCodes).values([{ partId: part.id, code: `ALT-${tag}` }]);
  const a = await buildProducer(ctx.db, { name: `Acme ${tag}` });
  const b = await buildProducer(ctx.db, { name: `Bolt ${tag}` });
  const c = await buildProducer(ctx.db, { name: `Cyrus ${tag}` });
  return { tag, part, a, b, c };
}

describe('blacklist', () => {
  it('adds an entry with a change log and an audit row; lists and searches it for buyers only', async () => {
    const { tag, part, a, b } = await setup();
    const res = await ctx.as('contractor', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: part.id, producers: [b.id, a.id], is_active: true, comment: 'Defective batches' },
    });
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      part: part.id,
      part_code: part.code,
      part_name: part.name,
      producers: [a.id, b.id],
      producers_tags: [a.name, b.name],
      part_codes_tags: [`ALT-${tag}`],
      is_active: true,
      is_deleted: false,
    });
    expect(entry.creator_name).toContain('Test');
    expect(entry.comments).toHaveLength(1);
    expect(entry.comments[0]).toMatchObject({
      content: 'Defective batches',
      added_producers: [a.name, b.name],
      removed_producers: [],
      black_list_activated: true,
      black_list_deactivated: false,
    });
    const audits = await ctx.db.select().from(history).where(eq(history.entityId, entry.id));
    expect(audits.filter((h) => h.entity === 'blacklist').map((h) => h.action)).toEqual(['created']);

    for (const search of [tag, `bolt ${tag}`, `brake ${tag}`, part.code]) {
      const list = await ctx.as('contractor', {
        method: 'GET',
        url: `/api/black_lists/?search=${encodeURIComponent(search)}`,
      });
      expect(list.statusCode).toBe(200);
      expect(
        list.json().results.map((r: { id: number }) => r.id),
        search,
      ).toEqual([entry.id]);
    }
    const byPart = await ctx.as('admin', {
      method: 'GET',
      url: `/api/black_lists/?part=${part.id}&is_active=true`,
    });
    expect(byPart.json().results.map((r: { id: number }) => r.id)).toEqual([entry.id]);
    const inactive = await ctx.as('admin', {
      method: 'GET',
      url: `/api/black_lists/?part=${part.id}&is_active=false`,
    });
    expect(inactive.json().count).toBe(0);
    const one = await ctx.as('contractor', { method: 'GET', url: `/api/black_lists/${entry.id}/` });
    expect(one.json().comments).toHaveLength(1);
    // The setup menu hides the blacklist from Masters and Suppliers: the server refuses them too.
    expect((await ctx.as('master', { method: 'GET', url: '/api/black_lists/' })).statusCode).toBe(403);
    expect((await ctx.as(null, { method: 'GET', url: '/api/black_lists/' })).statusCode).toBe(401);
    expect((await ctx.as('supplier', { method: 'GET', url: '/api/black_lists/' })).statusCode).toBe(403);
    expect(
      (await ctx.as('supplier', { method: 'GET', url: `/api/black_lists/${entry.id}/` })).statusCode,
    ).toBe(403);
  });

  it('orders by part name by default', async () => {
    const tag = uid();
    const p1 = await buildPart(ctx.db, { name: `Zz ${tag}` });
    const p2 = await buildPart(ctx.db, { name: `Aa ${tag}` });
    const pr = await buildProducer(ctx.db);
    for (const p of [p1, p2])
      expect(
        (
          await ctx.as('admin', {
            method: 'POST',
            url: '/api/black_lists/',
            payload: { part: p.id, producers: [pr.id], comment: 'x' },
          })
        ).statusCode,
      ).toBe(201);
    const list = await ctx.as('admin', { method: 'GET', url: `/api/black_lists/?search=${tag}` });
    expect(list.json().results.map((r: { part_name: string }) => r.part_name)).toEqual([
      `Aa ${tag}`,
      `Zz ${tag}`,
    ]);
    const desc = await ctx.as('admin', {
      method: 'GET',
      url: `/api/black_lists/?search=${tag}&ordering=-name`,
    });
    expect(desc.json().results.map((r: { part_name: string }) => r.part_name)).toEqual([
      `Zz ${tag}`,
      `Aa ${tag}`,
    ]);
  });

  it('validates: part, at least one producer, a comment that is not blank and not too long', async () => {
    const { part, a } = await setup();
    const post = (payload: unknown) =>
      ctx.as('admin', { method: 'POST', url: '/api/black_lists/', payload: payload as object });
    let res = await post({ producers: [], is_active: true, comment: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      part: ['required'],
      producers: ['at_least_one_producer'],
      comment: ['comment_required'],
    });
    res = await post({ part: part.id, producers: [a.id], comment: 'x'.repeat(1001) });
    expect(res.json()).toEqual({ comment: ['comment_too_long'] });
    res = await post({ part: part.id, producers: [a.id] });
    expect(res.json()).toEqual({ comment: ['comment_required'] });
    res = await post({ part: 999999, producers: [999998], comment: 'x' });
    expect(res.json()).toEqual({ part: ['invalid_choice'], producers: ['invalid_choice'] });
    res = await post({ part: 'abc', producers: 'x', comment: 5 });
    expect(res.statusCode).toBe(400);
    expect(await post({ part: part.id, producers: [a.id], comment: 'first' }).then((r) => r.statusCode)).toBe(
      201,
    );
    res = await post({ part: part.id, producers: [a.id], comment: 'again' });
    expect(res.json()).toEqual({ part: ['part_already_blacklisted'] });
  });

  it('edits with a change log of added and removed producers and (de)activation; refuses a save without changes', async () => {
    const { part, a, b, c } = await setup();
    const created = (
      await ctx.as('admin', {
        method: 'POST',
        url: '/api/black_lists/',
        payload: { part: part.id, producers: [a.id, b.id], is_active: true, comment: 'start' },
      })
    ).json();
    const url = `/api/black_lists/${created.id}/`;
    let res = await ctx.as('admin', {
      method: 'PATCH',
      url,
      payload: { id: created.id, part: part.id, producers: [b.id, a.id], is_active: true, comment: 'same' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['no_changes'], producers: ['no_producer_change'] });

    res = await ctx.as('contractor', {
      method: 'PATCH',
      url,
      payload: { id: created.id, part: part.id, producers: [b.id, c.id], is_active: true, comment: '' },
    });
    expect(res.json()).toEqual({ comment: ['comment_required'] });
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url,
      payload: { id: created.id, part: part.id, producers: [], is_active: true, comment: 'x' },
    });
    expect(res.json()).toEqual({ producers: ['at_least_one_producer'] });

    res = await ctx.as('contractor', {
      method: 'PATCH',
      url,
      payload: {
        id: created.id,
        part: part.id,
        producers: [b.id, c.id],
        is_active: true,
        comment: 'Swap A for C',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().producers.sort()).toEqual([b.id, c.id].sort());
    res = await ctx.as('contractor', {
      method: 'PATCH',
      url,
      payload: { producers: [b.id, c.id], is_active: false, comment: 'Pause' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_active).toBe(false);
    const log = res.json().comments;
    expect(log.map((x: { content: string }) => x.content)).toEqual(['start', 'Swap A for C', 'Pause']);
    expect(log[1]).toMatchObject({
      added_producers: [c.name],
      removed_producers: [a.name],
      black_list_activated: false,
      black_list_deactivated: false,
    });
    expect(log[2]).toMatchObject({
      added_producers: [],
      removed_producers: [],
      black_list_deactivated: true,
    });
    const audits = await ctx.db.select().from(history).where(eq(history.entityId, created.id));
    expect(audits.filter((h) => h.entity === 'blacklist').map((h) => h.action)).toEqual([
      'created',
      'updated',
      'updated',
    ]);
  });

  it('deletes with a PATCH (is_deleted true, is_active false); the entry is gone and the part can be blacklisted again', async () => {
    const { part, a } = await setup();
    const created = (
      await ctx.as('admin', {
        method: 'POST',
        url: '/api/black_lists/',
        payload: { part: part.id, producers: [a.id], comment: 'x' },
      })
    ).json();
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/black_lists/${created.id}/`,
      payload: { is_deleted: true, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await ctx.as('admin', { method: 'GET', url: `/api/black_lists/${created.id}/` })).statusCode,
    ).toBe(404);
    const list = await ctx.as('admin', {
      method: 'GET',
      url: `/api/black_lists/?search=${encodeURIComponent(part.code)}`,
    });
    expect(list.json().count).toBe(0);
    const again = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: part.id, producers: [a.id], comment: 'back' },
    });
    expect(again.statusCode).toBe(201);
    const audits = await ctx.db.select().from(history).where(eq(history.entityId, created.id));
    expect(audits.filter((h) => h.entity === 'blacklist').map((h) => h.action)).toEqual([
      'created',
      'deleted',
    ]);
  });

  it('lets only Administrator and Contractor with the able-to-blacklist permission write', async () => {
    const { part, a } = await setup();
    const payload = { part: part.id, producers: [a.id], comment: 'x' };
    expect(
      (await asUser(contractorNoPerm.email, { method: 'POST', url: '/api/black_lists/', payload }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.as('master', { method: 'POST', url: '/api/black_lists/', payload })).statusCode).toBe(
      403,
    );
    expect((await ctx.as('supplier', { method: 'POST', url: '/api/black_lists/', payload })).statusCode).toBe(
      403,
    );
    // the permission flag is read at every call
    await ctx.db.update(users).set({ canBlacklist: true }).where(eq(users.id, contractorNoPerm.id));
    const ok = await asUser(contractorNoPerm.email, { method: 'POST', url: '/api/black_lists/', payload });
    expect(ok.statusCode).toBe(201);
    await ctx.db.update(users).set({ canBlacklist: false }).where(eq(users.id, contractorNoPerm.id));
    const edit = await asUser(contractorNoPerm.email, {
      method: 'PATCH',
      url: `/api/black_lists/${ok.json().id}/`,
      payload: { is_active: false, comment: 'y' },
    });
    expect(edit.statusCode).toBe(403);
    expect(
      (
        await ctx.as('master', {
          method: 'PATCH',
          url: `/api/black_lists/${ok.json().id}/`,
          payload: { is_deleted: true },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('blacklist part lookup', () => {
  it('offers parts by code or extra code, without parts already blacklisted, for buyers of the menu only', async () => {
    const tag = uid();
    const free = await buildPart(ctx.db, { code: `LK-${tag}-1`, name: 'Free part' });
    const taken = await buildPart(ctx.db, { code: `LK-${tag}-2`, name: 'Taken part' });
    const extra = await buildPart(ctx.db, { code: `OTHER-${uid()}`, name: 'By extra code' });
    await ctx.db.insert(partCodes).values({ partId: extra.id, code: `LK-${tag}-X` });
    const p = await buildProducer(ctx.db);
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: taken.id, producers: [p.id], comment: 'Bad', is_active: true },
    });
    expect(res.statusCode).toBe(201);
    const look = async (q: string, role: 'admin' | 'contractor' = 'contractor') =>
      ctx.as(role, { method: 'GET', url: `/api/black_lists/parts/?${q}` });
    let r = await look(`code__icontains=lk-${tag}`);
    expect(r.statusCode).toBe(200);
    expect(
      r
        .json()
        .map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([free.id, extra.id].sort());
    expect(r.json().find((x: { id: number }) => x.id === extra.id).codes_tags).toEqual([`LK-${tag}-X`]);
    // Editing the entry: its own part stays offered.
    r = await look(`code__icontains=lk-${tag}&black_list=${res.json().id}`);
    expect(r.json().map((x: { id: number }) => x.id)).toContain(taken.id);
    expect((await look('code__icontains=a&black_list=abc')).statusCode).toBe(400);
    for (const role of ['master', 'supplier'] as const)
      expect((await ctx.as(role, { method: 'GET', url: '/api/black_lists/parts/' })).statusCode).toBe(403);
    expect((await ctx.as(null, { method: 'GET', url: '/api/black_lists/parts/' })).statusCode).toBe(401);
  });
});

describe('blacklist PDF export', () => {
  it('answers the listed or selected entries as a PDF for Administrator and Contractor only', async () => {
    const { part, a } = await setup();
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/black_lists/',
      payload: { part: part.id, producers: [a.id], comment: 'PDF', is_active: true },
    });
    expect(res.statusCode).toBe(201);
    for (const url of [
      '/api/black_lists/export_pdf/',
      `/api/black_lists/export_pdf/?ids=${res.json().id}&lang=ru`,
      `/api/black_lists/export_pdf/?search=${part.code}&ordering=-code&lang=en`,
    ]) {
      const pdf = await ctx.as('contractor', { method: 'GET', url });
      expect(pdf.statusCode, url).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(
      (await ctx.as('contractor', { method: 'GET', url: '/api/black_lists/export_pdf/?lang=xx' })).statusCode,
    ).toBe(400);
    for (const role of ['master', 'supplier'] as const)
      expect((await ctx.as(role, { method: 'GET', url: '/api/black_lists/export_pdf/' })).statusCode).toBe(
        403,
      );
    expect((await ctx.as(null, { method: 'GET', url: '/api/black_lists/export_pdf/' })).statusCode).toBe(401);
  });
});
