// The eID login routes through app.inject() against the simulators: Smart-ID and Mobile-ID log in an active
// user whose personal code matches (the same token as the e-mail login), every other status ends the wait
// with its description, bad input is a 400 with nothing started, the ID-card challenge is single use, and
// the login stays rate-limited.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMobileIdSimulator } from '../../../../../tools/simulators/mobile-id.ts';
import { startSmartIdSimulator } from '../../../../../tools/simulators/smart-id.ts';
import { createTestCa, issueUserCert } from '../../../../../tools/simulators/testca.ts';
import { users } from '../../db/schema/index.ts';
import { type TestContext, testContext } from '../../test/context.ts';

const ca = createTestCa();
const caDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eid-ca-'));
fs.writeFileSync(path.join(caDir, 'ca.pem'), ca.certPem);
let smart: Awaited<ReturnType<typeof startSmartIdSimulator>>;
let mobile: Awaited<ReturnType<typeof startMobileIdSimulator>>;
let t: TestContext;

beforeAll(async () => {
  smart = await startSmartIdSimulator({ ca, answerAfterMs: 2000, timeoutAfterMs: 1200 });
  mobile = await startMobileIdSimulator({ ca, answerAfterMs: 1200, timeoutAfterMs: 1200 });
  t = await testContext({
    SMART_ID_URL: smart.url,
    MOBILE_ID_URL: mobile.url,
    EID_TRUSTED_CA_DIR: caDir,
    LOGIN_ADDRESS_LIMIT: 1000,
    WEB_EID_ORIGIN: 'https://portal.test',
  });
  await t.db.update(users).set({ personalCode: '30303039914' }).where(eq(users.id, t.users.admin.id));
  await t.db.update(users).set({ personalCode: '60001017869' }).where(eq(users.id, t.users.supplier.id));
});
afterAll(async () => {
  await smart.close();
  await mobile.close();
});

async function waitFor(method: 'smart' | 'mobile', authId: string) {
  const seen: string[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/login_${method}_status/?auth_id=${authId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    seen.push(body.status);
    if (body.status !== 'OUTSTANDING_TRANSACTION') return { body, seen };
  }
  throw new Error('never finished');
}

describe('Smart-ID login', () => {
  it('answers a 4-digit verification code, waits, then logs the matching user in with a working token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: ' 30303039914 ' },
    });
    expect(res.statusCode).toBe(200);
    const { auth_id, challenge } = res.json();
    expect(challenge).toMatch(/^\d{4}$/);
    const { body, seen } = await waitFor('smart', auth_id);
    expect(seen[0]).toBe('OUTSTANDING_TRANSACTION');
    expect(body).toMatchObject({
      status: 'USER_AUTHENTICATED',
      challenge,
      user: { id: t.users.admin.id, email: t.users.admin.email },
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Token ${body.token}` },
    });
    expect(profile.statusCode).toBe(200);
    // The answer is given once: polling again finds nothing.
    const again = await t.app.inject({ method: 'GET', url: `/api/login_smart_status/?auth_id=${auth_id}` });
    expect(again.json()).toMatchObject({ status: 'EXPIRED', status_description: 'eid_expired' });
    expect(again.json().token).toBeUndefined();
  });

  it.each([
    ['30403039917', 'USER_REFUSED'],
    ['30403039972', 'WRONG_VC'],
    ['30403039983', 'TIMEOUT'],
    ['39912319912', 'SIGNATURE_INVALID'],
    ['39912319923', 'CERTIFICATE_NOT_TRUSTED'],
    ['39912319934', 'CERTIFICATE_EXPIRED'],
  ])('%s ends with %s and its description, without a token', async (code, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: code },
    });
    const { body } = await waitFor('smart', res.json().auth_id);
    expect(body).toMatchObject({ status, status_description: `eid_${status.toLowerCase()}` });
    expect(body.token).toBeUndefined();
  });

  it('a proven identity without a user is USER_NOT_FOUND; a disabled user is ACCOUNT_DISABLED', async () => {
    const attempt = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login_smart_init/',
        payload: { personal_code: '30303039914' },
      });
      return (await waitFor('smart', res.json().auth_id)).body;
    };
    await t.db.update(users).set({ personalCode: null }).where(eq(users.id, t.users.admin.id));
    expect(await attempt()).toMatchObject({
      status: 'USER_NOT_FOUND',
      status_description: 'eid_user_not_found',
    });
    await t.db
      .update(users)
      .set({ personalCode: '30303039914', isActive: false })
      .where(eq(users.id, t.users.admin.id));
    const disabled = await attempt();
    expect(disabled).toMatchObject({ status: 'ACCOUNT_DISABLED' });
    expect(disabled.token).toBeUndefined();
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, t.users.admin.id));
  });

  it.each([
    ['30303039903', 'eid_no_suitable_account'],
    ['30303039811', 'eid_view_app'],
    ['30303039822', 'eid_client_too_old'],
    ['30303039833', 'eid_service_maintenance'],
    ['49001010000', 'eid_account_not_found'],
  ])('%s: the service refuses at start (HTTP 471/472/480/580/404) → 400 %s', async (code, key) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [key] });
  });

  it('cancel ends the wait; a later status finds nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: '30303039914' },
    });
    const { auth_id } = res.json();
    const cancel = await t.app.inject({ method: 'GET', url: `/api/login_smart_cancel/?auth_id=${auth_id}` });
    expect(cancel.json()).toMatchObject({ status: 'CANCELLED', status_description: 'eid_cancelled' });
    const status = await t.app.inject({ method: 'GET', url: `/api/login_smart_status/?auth_id=${auth_id}` });
    expect(status.json().status).toBe('EXPIRED');
  });

  it.each([
    [{}, { personal_code: ['required'] }],
    [{ personal_code: '  ' }, { personal_code: ['required'] }],
    [{ personal_code: '3030303991' }, { personal_code: ['invalid_personal_code'] }],
    [{ personal_code: '3030303991\u0000' }, { personal_code: ['invalid'] }],
    [{ personal_code: 'abcdefghijk' }, { personal_code: ['invalid_personal_code'] }],
  ])('bad input %j is a 400 with field errors', async (payload, errors) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login_smart_init/', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(errors);
  });

  it('status and cancel need a well-formed auth_id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/login_smart_status/' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/login_smart_status/?auth_id=a%20b' })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/login_mobile_cancel/?auth_id=' })).statusCode,
    ).toBe(400);
  });
});

describe('Mobile-ID login', () => {
  it('normalises the phone (spec 2 §5) and logs the matching user in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_mobile_init/',
      payload: { personal_code: '60001017869', phone: '68000769' },
    });
    // 68000769 → +68000769 → +37268000769
    expect(res.statusCode).toBe(200);
    const { auth_id, challenge } = res.json();
    expect(challenge).toMatch(/^\d{4}$/);
    const { body } = await waitFor('mobile', auth_id);
    expect(body).toMatchObject({ status: 'USER_AUTHENTICATED', user: { id: t.users.supplier.id } });
    expect(typeof body.token).toBe('string');
  });

  it.each([
    ['60001019939', '+37200000266', 'NOT_MID_CLIENT'],
    ['60001019947', '+37207110066', 'USER_CANCELLED'],
    ['60001019950', '+37201100266', 'SIGNATURE_HASH_MISMATCH'],
    ['60001019961', '+37200000666', 'PHONE_ABSENT'],
    ['60001019972', '+37201200266', 'DELIVERY_ERROR'],
    ['60001019983', '+37213100266', 'SIM_ERROR'],
    ['60001019906', '+37266000266', 'TIMEOUT'],
    ['39912319934', '+37200000034', 'CERTIFICATE_EXPIRED'],
  ])('%s %s ends with %s', async (personal_code, phone, status) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_mobile_init/',
      payload: { personal_code, phone },
    });
    const { body } = await waitFor('mobile', res.json().auth_id);
    expect(body).toMatchObject({ status, status_description: `eid_${status.toLowerCase()}` });
  });

  it('a Smart-ID auth_id is unknown to the Mobile-ID status', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: '30303039914' },
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/login_mobile_status/?auth_id=${res.json().auth_id}`,
    });
    expect(other.json().status).toBe('EXPIRED');
  });

  it('bad input is a 400 on the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_mobile_init/',
      payload: { personal_code: '60001017869', phone: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phone: ['invalid_phone'] });
    const missing = await t.app.inject({ method: 'POST', url: '/api/login_mobile_init/', payload: {} });
    expect(missing.json()).toMatchObject({ personal_code: ['required'], phone: ['required'] });
  });
});

describe('ID card (Web eID)', () => {
  const signToken = (nonce: string, origin = 'https://portal.test') => {
    const card = issueUserCert(ca, {
      personalCode: '30303039914',
      givenName: 'MARI',
      surname: 'TAMM',
      keyType: 'ec',
    });
    const h = (x: string) => crypto.createHash('sha256').update(x).digest();
    const signature = crypto.sign('sha256', Buffer.concat([h(origin), h(nonce)]), {
      key: card.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return {
      unverifiedCertificate: card.base64,
      algorithm: 'ES256',
      signature: signature.toString('base64'),
      format: 'web-eid:1.0',
    };
  };

  it('logs in with a card whose certificate names the user; the same nonce cannot be used again', async () => {
    const { nonce } = (await t.app.inject({ method: 'POST', url: '/api/login_idcard_challenge/' })).json();
    const token = signToken(nonce);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce, auth_token: token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: t.users.admin.id } });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce, auth_token: token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ non_field_errors: ['idcard_webeid_nonce_invalid'] });
  });

  it('a token signed for another origin is refused', async () => {
    const { nonce } = (await t.app.inject({ method: 'POST', url: '/api/login_idcard_challenge/' })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce, auth_token: signToken(nonce, 'https://evil.test') },
    });
    expect(res.json()).toEqual({ non_field_errors: ['idcard_signature_invalid'] });
  });

  it('issues a 32-byte base64 nonce; a token for it that does not validate is refused and the nonce is used up', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login_idcard_challenge/' });
    expect(res.statusCode).toBe(200);
    const { nonce } = res.json();
    expect(Buffer.from(nonce, 'base64')).toHaveLength(32);
    const token = {
      unverifiedCertificate: 'AAAA',
      algorithm: 'ES384',
      signature: 'AAAA',
      format: 'web-eid:1.0',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce, auth_token: token },
    });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ non_field_errors: ['idcard_certificate_unreadable'] });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce, auth_token: token },
    });
    expect(reused.json()).toEqual({ non_field_errors: ['idcard_webeid_nonce_invalid'] });
  });

  it('a nonce the server never issued is refused', async () => {
    const token = {
      unverifiedCertificate: 'AAAA',
      algorithm: 'ES384',
      signature: 'AAAA',
      format: 'web-eid:1.0',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_idcard/',
      payload: { nonce: Buffer.alloc(32, 7).toString('base64'), auth_token: token },
    });
    expect(res.json()).toEqual({ non_field_errors: ['idcard_webeid_nonce_invalid'] });
  });

  it('bad input is a 400 with field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login_idcard/', payload: { nonce: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain('auth_token');
  });
});

describe('rate limit', () => {
  it('after too many failed eID logins from one address the init answers 429', async () => {
    const limited = await testContext({
      SMART_ID_URL: smart.url,
      MOBILE_ID_URL: mobile.url,
      EID_TRUSTED_CA_DIR: caDir,
      LOGIN_ADDRESS_LIMIT: 2,
    });
    for (let i = 0; i < 2; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/login_smart_init/',
        payload: { personal_code: '49001010000' },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await limited.app.inject({
      method: 'POST',
      url: '/api/login_smart_init/',
      payload: { personal_code: '30303039914' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'too_many_requests' });
  });
});
