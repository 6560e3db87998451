// Terms of use changes announced ahead (issue 32, point 5), driven by the test clock: an administrator publishes a
// version at least 20 calendar days ahead (19 refused), every active user is mailed in their language, the version
// is announced until its day and asked for again on that day.
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { buildUser } from '../../test/factories.ts';
import { setClock } from '../../test/tenders.ts';

const ctx = await testContext();

const draft = (effective_date: string) => ({
  effective_date,
  text_et: '1. Uus tingimus.\n2. Teine tingimus.',
  text_ru: '1. Новое условие.\n2. Второе условие.',
  text_en: '1. A new term.\n2. A second term.',
});
const publish = (body: object, role: 'admin' | 'contractor' | 'supplier' | null = 'admin') =>
  ctx.as(role, { method: 'POST', url: '/api/terms_versions/', payload: body });
const mails = async () =>
  (
    await ctx.db
      .select({ key: s.outbox.dedupeKey, payload: s.outbox.payload })
      .from(s.outbox)
      .where(like(s.outbox.dedupeKey, 'terms-changed:%'))
  ).map(
    (r) => r.payload as { to: string; language: string; template: string; context: Record<string, string> },
  );

/** The session check as the web makes it, with a fresh login (a jump of weeks ends idle sessions). */
async function asksConsent(email: string) {
  const token = await ctx.login(email);
  const r = await ctx.app.inject({ method: 'POST', url: '/api/expire/', payload: { token } });
  expect(r.statusCode, r.body).toBe(200);
  return { asks: r.json().request_terms as boolean, token };
}
async function consent(token: string) {
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms-of-use-consent/',
    headers: { authorization: `Token ${token}` },
  });
  expect(r.statusCode, r.body).toBe(200);
}

describe('terms of use versions announced ahead', () => {
  it('refuses 19 days, accepts 20, mails every active user in their language, and asks again on the day', async () => {
    // 1 March 2027, 12:00 in Tallinn.
    await setClock(ctx, new Date('2027-03-01T10:00:00Z'));
    await ctx.db.update(s.users).set({ language: 'ru' }).where(eq(s.users.id, ctx.users.supplier2.id));
    await ctx.db.update(s.users).set({ language: 'en' }).where(eq(s.users.id, ctx.users.contractor.id));
    const gone = await buildUser(ctx.db, { group: 'MASTER', isActive: false });
    for (const role of ['supplier', 'supplier2'] as const) {
      const { token } = await asksConsent(ctx.users[role].email);
      await consent(token);
    }
    expect((await asksConsent(ctx.users.supplier.email)).asks).toBe(false);

    // Only an administrator publishes; bad input is a translated 400 and writes nothing.
    expect((await publish(draft('2027-03-21'), 'contractor')).statusCode).toBe(403);
    expect((await publish(draft('2027-03-21'), 'supplier')).statusCode).toBe(403);
    expect((await publish(draft('2027-03-21'), null)).statusCode).toBe(401);
    let r = await publish(draft('2027-03-20'));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ effective_date: ['terms_too_soon'] });
    r = await publish({ ...draft('2027-03-21'), text_ru: '  ' });
    expect(r.json()).toEqual({ text_ru: ['required'] });
    r = await publish(draft('2027-02-30'));
    expect(r.json()).toEqual({ effective_date: ['invalid_date'] });
    r = await publish({ ...draft('2027-03-21'), effective_date: 'soon' });
    expect(r.json()).toEqual({ effective_date: ['invalid_date'] });
    expect(await ctx.db.select().from(s.termsVersions)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);

    r = await publish(draft('2027-03-21'));
    expect(r.statusCode, r.body).toBe(201);
    // 2027-03-21 starts at 22:00 UTC the day before (Tallinn is UTC+2 in March).
    expect(r.json()).toMatchObject({
      version: '2027-03-21',
      effective_from: '2027-03-20T22:00:00.000Z',
      in_force: false,
    });

    // Every active user, each in their own language; the inactive one is left out.
    const sent = await mails();
    const active = await ctx.db.select().from(s.users).where(eq(s.users.isActive, true));
    expect(r.json().mailed).toBe(active.length);
    expect(sent.map((m) => m.to).sort()).toEqual(active.map((u) => u.email).sort());
    expect(sent.map((m) => m.to)).not.toContain(gone.email);
    const to = (email: string) => sent.find((m) => m.to === email)!;
    expect(to(ctx.users.supplier2.email).language).toBe('RUS');
    expect(to(ctx.users.contractor.email).language).toBe('ENG');
    expect(to(ctx.users.supplier.email)).toMatchObject({
      template: 'TERMS_CHANGED',
      language: 'EST',
      context: {
        terms_version: '2027-03-21',
        terms_effective: '2027-03-20T22:00:00.000Z',
        terms_link: '/terms/2027-03-21',
      },
    });

    // Announced, not yet in force; the text is public (the mail's link) in the three languages.
    let state = (await ctx.as(null, { method: 'GET', url: '/api/terms/' })).json();
    expect(state).toMatchObject({ current: { version: '2026-01' }, upcoming: { version: '2027-03-21' } });
    const text = await ctx.as(null, { method: 'GET', url: '/api/terms/2027-03-21/' });
    expect(text.json().text).toEqual({ et: draft('').text_et, ru: draft('').text_ru, en: draft('').text_en });
    expect((await ctx.as(null, { method: 'GET', url: '/api/terms/1999-01-01/' })).statusCode).toBe(404);
    expect((await ctx.as('contractor', { method: 'GET', url: '/api/terms_versions/' })).statusCode).toBe(403);

    // A later version must come after it; the same day again is refused.
    expect((await publish(draft('2027-03-21'))).json()).toEqual({ effective_date: ['terms_not_after_last'] });

    // The last second before the day: nothing changes for someone who consented to the old version.
    await setClock(ctx, new Date('2027-03-20T21:59:59Z'));
    expect((await asksConsent(ctx.users.supplier.email)).asks).toBe(false);
    // On the day everyone is asked again, and one consent answers it.
    await setClock(ctx, new Date('2027-03-20T22:00:00Z'));
    state = (await ctx.as(null, { method: 'GET', url: '/api/terms/' })).json();
    expect(state).toMatchObject({ current: { version: '2027-03-21' }, upcoming: null });
    const { asks, token } = await asksConsent(ctx.users.supplier.email);
    expect(asks).toBe(true);
    expect((await asksConsent(ctx.users.supplier2.email)).asks).toBe(true);
    await consent(token);
    expect((await asksConsent(ctx.users.supplier.email)).asks).toBe(false);
    const consents = await ctx.db
      .select({ version: s.termsConsents.version })
      .from(s.termsConsents)
      .where(eq(s.termsConsents.userId, ctx.users.supplier.id));
    expect(consents.map((c) => c.version).sort()).toEqual(['2026-01', '2027-03-21']);

    // The administrators' list: the version in force, with who published it; the history has the publication.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/terms_versions/',
      headers: { authorization: `Token ${(await asksConsent(ctx.users.admin.email)).token}` },
    });
    expect(list.json()).toMatchObject([{ version: '2027-03-21', in_force: true }]);
    expect(list.json()[0].created_by_name).toContain(ctx.users.admin.lastName);
    const h = await ctx.db.select().from(s.history).where(eq(s.history.entity, 'terms'));
    expect(h).toMatchObject([{ action: 'published', userId: ctx.users.admin.id }]);
  });
});
