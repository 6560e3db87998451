import { afterEach, describe, expect, it } from 'vitest';
import { advance, freeze, now, resetClock } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { buildUser, TEST_PASSWORD } from '../../test/factories.ts';

const ctx = await testContext({ LOGIN_RATE_LIMIT: 5 });

describe('login and token life', () => {
  it('logs in with e-mail and password and answers the user with role and supplier_group', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: ctx.users.contractor.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.role).toBe('CONTRACTOR');
    expect(body.user.supplier_group).toBe(body.user.warehouse_groups_options[0].id);
    expect(body.user.warehouse_groups_options).toHaveLength(2);
  });

  it('refuses a wrong password with a field message that does not say which part was wrong', async () => {
    const wrongPw = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: ctx.users.admin.email, password: 'nope-nope' },
    });
    const noUser = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      payload: { email: 'nobody@example.test', password: 'nope-nope' },
    });
    expect(wrongPw.statusCode).toBe(400);
    expect(wrongPw.json()).toEqual({ password: ['invalid_credentials'] });
    expect(noUser.json()).toEqual(wrongPw.json());
  });

  it('requires both fields', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/login/', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['required'], password: ['required'] });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['invalid_json'] });
  });

  it('checks a token with /expire/, asks for terms until consent, and forgets it after logout', async () => {
    const token = await ctx.login(ctx.users.master.email);
    let res = await ctx.app.inject({ method: 'POST', url: '/api/expire/', payload: { token } });
    expect(res.json()).toEqual({ valid: true, request_terms: true });
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/terms-of-use-consent/',
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    res = await ctx.app.inject({ method: 'POST', url: '/api/expire/', payload: { token } });
    expect(res.json()).toEqual({ valid: true, request_terms: false });
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0].user.email).toBe(ctx.users.master.email);
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout/',
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(204);
    res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${token}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'invalid_token' });
    res = await ctx.app.inject({ method: 'POST', url: '/api/expire/', payload: { token } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without a token and with an unknown one', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${'x'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 429 with Retry-After after repeated failures for one account, until its window passes', async () => {
    const user = await buildUser(ctx.db, { group: 'MASTER' });
    const attempt = (password: string, ip = '10.9.9.9') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login/',
        remoteAddress: ip,
        payload: { email: user.email.toUpperCase(), password },
      });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await attempt(`wrong-${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.slice(5)).toEqual([429, 429]);
    // The right password is refused too, from any address, until the window passes.
    const blocked = await attempt(TEST_PASSWORD, '10.9.9.10');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'too_many_requests' });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Other accounts log in from that address.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login/',
          remoteAddress: '10.9.9.9',
          payload: { email: ctx.users.contractor.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    advance(wait);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    resetClock();
  });
});

describe('idle expiry', () => {
  afterEach(() => resetClock());
  const login = async () =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email: ctx.users.master.email, password: TEST_PASSWORD },
      })
    ).json().token as string;
  const me = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/groups/', headers: { authorization: `Token ${token}` } });

  it('ends a session left idle longer than TOKEN_IDLE_HOURS, and each use renews it', async () => {
    freeze(now());
    const idle = ctx.app.config.TOKEN_IDLE_HOURS * 3600;
    const token = await login();
    // Used every (idle - 1 minute): it stays alive far beyond one idle period.
    for (let i = 0; i < 3; i++) {
      advance(idle - 60);
      expect((await me(token)).statusCode, `use ${i + 1}`).toBe(200);
    }
    // Left alone a moment longer than the idle period: refused.
    advance(idle + 1);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'invalid_token' });
  });
});
