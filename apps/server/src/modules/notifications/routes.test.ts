import net from 'node:net';
import { TEMPLATE_DEFINITIONS } from '@portal/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
const ctx = await testContext({ WEB_DIST: '/nonexistent-web-dist' });
// Migration 0018 ships the question templates; this file's own rows replace them.
await ctx.db
  .delete(emailTemplates)
  .where(inArray(emailTemplates.key, ['TENDER_QUESTION', 'TENDER_ANSWER', 'TENDER_EXTENDED']));
await ctx.db.insert(emailTemplates).values(
  TEMPLATE_DEFINITIONS.flatMap((d) =>
    (['EST', 'RUS', 'ENG'] as const).map((language) => ({
      key: d.key,
      type: d.type,
      language,
      subject: `${d.key} ${language}`,
      content: `Body {{x}}`,
    })),
  ),
);

describe('e-mail templates', () => {
  it('lists templates filtered by key, type and language, with their tags', async () => {
    const res = await ctx.as('admin', {
      method: 'GET',
      url: '/api/email_templates/?key=TENDER_OPENED&type=EXTERNAL&language=RUS',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      key: 'TENDER_OPENED',
      type: 'EXTERNAL',
      language: 'RUS',
      subject: 'TENDER_OPENED RUS',
      tags: ['tender_code', 'tender_finish', 'details_list', 'tender_group_name', 'tender_warehouse_name'],
    });
    const all = await ctx.as('admin', { method: 'GET', url: '/api/email_templates/?page_size=0' });
    expect(all.json()).toHaveLength(TEMPLATE_DEFINITIONS.length * 3);
  });

  it('refuses unknown filter values and other roles', async () => {
    expect(
      (await ctx.as('admin', { method: 'GET', url: '/api/email_templates/?language=FIN' })).statusCode,
    ).toBe(400);
    for (const role of ['contractor', 'master', 'supplier'] as const)
      expect((await ctx.as(role, { method: 'GET', url: '/api/email_templates/' })).statusCode, role).toBe(
        403,
      );
    expect((await ctx.as(null, { method: 'GET', url: '/api/email_templates/' })).statusCode).toBe(401);
  });

  it('updates subject and content only, and validates them', async () => {
    const list = await ctx.as('admin', {
      method: 'GET',
      url: '/api/email_templates/?key=PASSWORD_RECOVERY&language=EST',
    });
    const t = list.json().results[0];
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/email_templates/${t.id}/`,
      payload: { ...t, key: 'NEW_SUPPLIER', subject: 'Salasõna taastamine', content: 'Link: {{reset_link}}' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: t.id,
      key: 'PASSWORD_RECOVERY',
      subject: 'Salasõna taastamine',
      content: 'Link: {{reset_link}}',
    });
    const bad = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/email_templates/${t.id}/`,
      payload: { subject: '  ', content: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ subject: ['blank'], content: ['blank'] });
    expect(
      (
        await ctx.as('admin', {
          method: 'PATCH',
          url: '/api/email_templates/999999/',
          payload: { subject: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('e-mail settings', () => {
  it('reads and saves the single settings record without ever answering the password', async () => {
    let res = await ctx.as('admin', { method: 'GET', url: '/api/emails/1/' });
    expect(res.statusCode).toBe(200);
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: '/api/emails/1/',
      payload: {
        from_email: 'portal@demo.ee',
        admin_email: 'admin@demo.ee',
        smtp_server: '127.0.0.1',
        smtp_port: String(smtp.port),
        smtp_username: 'u',
        smtp_password: 'secret',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from_email: 'portal@demo.ee',
      smtp_port: smtp.port,
      smtp_password: '',
      has_smtp_password: true,
    });
    // Saving the form back as answered ('' password) keeps the stored password; null clears it.
    res = await ctx.as('admin', {
      method: 'PATCH',
      url: '/api/emails/1/',
      payload: { ...(res.json() as Record<string, unknown>), company_name: 'TLT' },
    });
    expect(res.json()).toMatchObject({ company_name: 'TLT', has_smtp_password: true });
    res = await ctx.as('admin', { method: 'PATCH', url: '/api/emails/1/', payload: { smtp_password: null } });
    expect(res.json().has_smtp_password).toBe(false);
    expect((await ctx.as('admin', { method: 'GET', url: '/api/emails/2/' })).statusCode).toBe(404);
  });

  it('validates addresses and port', async () => {
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: '/api/emails/1/',
      payload: { from_email: 'nope', admin_email: 'a@b', smtp_port: 70000, smtp_server: 'bad host' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      from_email: ['invalid_email'],
      admin_email: ['invalid_email'],
      smtp_port: ['invalid_port'],
      smtp_server: ['invalid_host'],
    });
    expect((await ctx.as('contractor', { method: 'GET', url: '/api/emails/1/' })).statusCode).toBe(403);
  });

  it('tests SMTP on the configured host and port only: OK with a test message, a reason otherwise, within 10 s', async () => {
    const save = (payload: Record<string, unknown>) =>
      ctx.as('admin', { method: 'PATCH', url: '/api/emails/1/', payload });
    await save({
      smtp_port: smtp.port,
      smtp_server: '127.0.0.1',
      smtp_username: '',
      admin_email: 'admin@demo.ee',
    });
    smtp.clear();
    let res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/test_smtp/',
      payload: { smtp_username: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const [m] = await smtp.waitFor(1);
    expect(m.to).toEqual(['admin@demo.ee']);
    expect(m.subject).toContain('Email settings test');
    // Another host or port in the body is not contacted: the configured one is tested (and nothing is stored).
    res = await ctx.as('admin', {
      method: 'POST',
      url: '/api/test_smtp/',
      payload: { smtp_port: 1, smtp_server: '10.255.255.1' },
    });
    expect(res.body).toBe('OK');
    expect((await ctx.as('admin', { method: 'GET', url: '/api/emails/1/' })).json()).toMatchObject({
      smtp_port: smtp.port,
      smtp_server: '127.0.0.1',
    });
    // A closed port: refused at once.
    await save({ smtp_port: 1 });
    res = await ctx.as('admin', { method: 'POST', url: '/api/test_smtp/', payload: {} });
    expect(res.body).toMatch(/^FAILED: .*ECONNREFUSED/);
    // A server that accepts the connection and never answers: the answer still comes within 10 seconds.
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    await save({ smtp_port: (silent.address() as net.AddressInfo).port });
    const started = Date.now();
    res = await ctx.as('admin', { method: 'POST', url: '/api/test_smtp/', payload: {} });
    expect(res.body).toMatch(/^FAILED: /);
    expect(Date.now() - started).toBeLessThan(10_000);
    silent.close();
    await save({ smtp_port: smtp.port });
    for (const role of ['contractor', 'master', 'supplier'] as const)
      expect((await ctx.as(role, { method: 'POST', url: '/api/test_smtp/' })).statusCode).toBe(403);
    expect((await ctx.as(null, { method: 'POST', url: '/api/test_smtp/' })).statusCode).toBe(401);
  }, 20_000);
});
