// Maintenance notices over the API (issue 35): administrators schedule, change and remove them (audited, validated);
// everyone, signed in or not, reads the ones shown now, from their show time until the window ends.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { history, maintenanceNotices } from '../../db/schema/index.ts';
import { advance, now, resetClock } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';

const ctx = await testContext();
afterEach(() => resetClock());

const at = (minutes: number) => new Date(now().getTime() + minutes * 60_000).toISOString();
const notice = (over: object = {}) => ({
  show_from: at(60),
  starts: at(24 * 60),
  ends: at(24 * 60 + 150),
  text_et: 'Planeeritud IT-hooldus võib põhjustada katkestusi.',
  text_ru: 'Плановое обслуживание ИТ может вызвать перебои.',
  text_en: 'Planned IT maintenance may cause disruptions.',
  ...over,
});
const current = async () =>
  (await ctx.as(null, { method: 'GET', url: '/api/maintenance_notices/current/' })).json();

describe('maintenance notices', () => {
  it('shows a notice to everyone from its show time until its window ends', async () => {
    const res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/maintenance_notices/',
      payload: notice(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const n = res.json();
    expect(n).toMatchObject({ text_en: 'Planned IT maintenance may cause disruptions.' });
    expect(n.creator_name).toContain('Administrator');
    expect((await current()).map((x: { id: number }) => x.id)).not.toContain(n.id);
    advance(61 * 60);
    const shown = await current();
    expect(shown.find((x: { id: number }) => x.id === n.id)).toEqual({
      id: n.id,
      starts: n.starts,
      ends: n.ends,
      text_et: n.text_et,
      text_ru: n.text_ru,
      text_en: n.text_en,
    });
    // Signed in too, with any role.
    const asSupplier = await ctx.as('supplier', { method: 'GET', url: '/api/maintenance_notices/current/' });
    expect(asSupplier.json().map((x: { id: number }) => x.id)).toContain(n.id);
    // Until the window ends.
    advance((24 * 60 + 150 - 61) * 60);
    expect((await current()).map((x: { id: number }) => x.id)).not.toContain(n.id);
    const audits = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.entity, 'notice'), eq(history.entityId, n.id)));
    expect(audits.map((a) => a.action)).toEqual(['created']);
  });

  it('changes and removes a notice, audited; refuses a bad window or text with translated keys', async () => {
    const created = (
      await ctx.as('admin', { method: 'POST', url: '/api/maintenance_notices/', payload: notice() })
    ).json();
    let res = await ctx.as('admin', {
      method: 'PUT',
      url: `/api/maintenance_notices/${created.id}/`,
      payload: notice({ show_from: at(-5), text_en: 'Maintenance tonight' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await current()).find((x: { id: number }) => x.id === created.id)?.text_en).toBe(
      'Maintenance tonight',
    );

    const before = (await ctx.db.select().from(maintenanceNotices)).length;
    const bad: [object, Record<string, string[]>][] = [
      [notice({ ends: at(24 * 60 - 1) }), { ends: ['notice_window_invalid'] }],
      [notice({ show_from: at(24 * 60 + 1) }), { show_from: ['notice_show_after_start'] }],
      [notice({ show_from: at(-100), starts: at(-90), ends: at(-1) }), { ends: ['notice_already_over'] }],
      [notice({ text_ru: '   ' }), { text_ru: ['required'] }],
      [notice({ text_et: 'x'.repeat(501) }), { text_et: ['too_long'] }],
      [notice({ text_en: 'a\u0000b' }), { text_en: ['invalid_characters'] }],
      [notice({ starts: 'tomorrow' }), { starts: ['invalid_date'] }],
    ];
    for (const [payload, errors] of bad) {
      res = await ctx.as('admin', { method: 'POST', url: '/api/maintenance_notices/', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject(errors);
    }
    expect((await ctx.db.select().from(maintenanceNotices)).length).toBe(before);

    res = await ctx.as('admin', { method: 'DELETE', url: `/api/maintenance_notices/${created.id}/` });
    expect(res.statusCode).toBe(204);
    expect((await current()).map((x: { id: number }) => x.id)).not.toContain(created.id);
    expect(
      (await ctx.as('admin', { method: 'DELETE', url: `/api/maintenance_notices/${created.id}/` }))
        .statusCode,
    ).toBe(404);
    const audits = await ctx.db
      .select()
      .from(history)
      .where(and(eq(history.entity, 'notice'), eq(history.entityId, created.id)));
    expect(audits.map((a) => a.action)).toEqual(['created', 'changed', 'deleted']);
  });

  it('lets only administrators list and write notices', async () => {
    const created = (
      await ctx.as('admin', { method: 'POST', url: '/api/maintenance_notices/', payload: notice() })
    ).json();
    const list = await ctx.as('admin', { method: 'GET', url: '/api/maintenance_notices/' });
    expect(list.json().results.map((x: { id: number }) => x.id)).toContain(created.id);
    for (const role of [null, 'contractor', 'master', 'supplier', 'employee'] as const) {
      const expected = role === null ? 401 : 403;
      expect((await ctx.as(role, { method: 'GET', url: '/api/maintenance_notices/' })).statusCode).toBe(
        expected,
      );
      expect(
        (await ctx.as(role, { method: 'POST', url: '/api/maintenance_notices/', payload: notice() }))
          .statusCode,
      ).toBe(expected);
      expect(
        (
          await ctx.as(role, {
            method: 'PUT',
            url: `/api/maintenance_notices/${created.id}/`,
            payload: notice(),
          })
        ).statusCode,
      ).toBe(expected);
      expect(
        (await ctx.as(role, { method: 'DELETE', url: `/api/maintenance_notices/${created.id}/` })).statusCode,
      ).toBe(expected);
    }
  });
});
