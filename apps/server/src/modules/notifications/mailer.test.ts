import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { emailSettings, emailTemplates, outbox } from '../../db/schema/index.ts';
import { advance } from '../../lib/clock.ts';
import { testContext } from '../../test/context.ts';
import { queueEmail, templateLanguage, userTemplateLanguage } from './mailer.ts';
import { renderTemplate } from './templates.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  WEB_DIST: '/nonexistent-web-dist',
});

await ctx.db.insert(emailSettings).values({
  id: 1,
  fromEmail: 'portal@demo.ee',
  fromName: 'TLT hankeportaal',
  smtpServer: '127.0.0.1',
  smtpPort: 1,
});
await ctx.db.insert(emailTemplates).values([
  {
    key: 'TENDER_OPENED',
    type: 'EXTERNAL',
    language: 'EST',
    subject: 'Uus hange {{tender_code}}: {{ tender_group_name }}',
    content:
      'Tere!\n\nHange {{tender_code}} on avatud kuni {{tender_finish}}.\n{{details_list}}\n{{unknown_tag}}Lõpp.',
  },
  {
    key: 'TENDER_OPENED',
    type: 'EXTERNAL',
    language: 'RUS',
    subject: 'Новый тендер {{tender_code}}',
    content: 'Здравствуйте!\nТендер {{tender_code}} открыт.',
  },
  {
    key: 'ACCOUNT_ACTIVATED',
    type: 'EXTERNAL',
    language: 'ENG',
    subject: 'Welcome {{user_first_name}}',
    content: '<p>Hello <b>{{user_first_name}}</b>,</p><p>your account is active.</p>',
  },
]);

const opened = {
  template: 'TENDER_OPENED' as const,
  type: 'EXTERNAL' as const,
  context: {
    tender_code: 'T-2026-0042',
    tender_group_name: 'Bussid',
    tender_finish: '25.11.2026 14:00',
    details_list: '81.50601-6021 Õlifilter: 12 tk\n2044731 Amortisaator: 4 tk',
  },
};
const rowsOf = () => ctx.db.select().from(outbox).orderBy(outbox.id);

beforeEach(async () => {
  smtp.clear();
  await ctx.db.delete(outbox);
});

describe('e-mail delivery through the outbox', () => {
  it('renders the template in the wanted language and sends it over SMTP with the message’s own Message-ID', async () => {
    await ctx.db.transaction(async (tx) => {
      await queueEmail(tx, { ...opened, to: ['supplier@demo.ee', 'supplier2@demo.ee'], language: 'EST' });
      await queueEmail(tx, { ...opened, to: 'supplier3@demo.ee', language: 'RUS' });
    });
    expect(await ctx.app.outbox.runOnce()).toBe(2);
    const [est, rus] = await smtp.waitFor(2);
    const [row1, row2] = await rowsOf();
    expect(est).toMatchObject({
      from: 'portal@demo.ee',
      to: ['supplier@demo.ee', 'supplier2@demo.ee'],
      subject: 'Uus hange T-2026-0042: Bussid',
      messageId: `<${row1.messageUuid}@localhost>`,
    });
    expect(est.text).toBe(
      'Tere!\n\nHange T-2026-0042 on avatud kuni 25.11.2026 14:00.\n81.50601-6021 Õlifilter: 12 tk\n2044731 Amortisaator: 4 tk\nLõpp.',
    );
    expect(est.html).toContain('Õlifilter: 12 tk<br>2044731');
    expect(rus).toMatchObject({
      to: ['supplier3@demo.ee'],
      subject: 'Новый тендер T-2026-0042',
      messageId: `<${row2.messageUuid}@localhost>`,
    });
    expect((await rowsOf()).map((r) => r.status)).toEqual(['done', 'done']);
  });

  it('uses a template edited on the notifications screen for the next e-mail, also when queued before the edit', async () => {
    const [tpl] = await ctx.db
      .select()
      .from(emailTemplates)
      .where(sql`${emailTemplates.key} = 'TENDER_OPENED' and ${emailTemplates.language} = 'RUS'`);
    await ctx.db.transaction((tx) => queueEmail(tx, { ...opened, to: 'queued@demo.ee', language: 'RUS' }));
    const res = await ctx.as('admin', {
      method: 'PATCH',
      url: `/api/email_templates/${tpl.id}/`,
      payload: { subject: 'Тендер {{tender_code}} открыт', content: 'Изменено: {{tender_code}}' },
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.app.outbox.runOnce()).toBe(1);
    const [m] = await smtp.waitFor(1);
    expect(m).toMatchObject({ to: ['queued@demo.ee'], subject: 'Тендер T-2026-0042 открыт' });
    expect(m.text).toBe('Изменено: T-2026-0042');
    await ctx.db
      .update(emailTemplates)
      .set({ subject: tpl.subject, content: tpl.content })
      .where(eq(emailTemplates.id, tpl.id));
  });

  it('falls back to the Estonian template when the language has none', async () => {
    await queueEmail(ctx.db, { ...opened, to: 'x@demo.ee', language: 'ENG' });
    await ctx.app.outbox.runOnce();
    expect((await smtp.waitFor(1))[0].subject).toBe('Uus hange T-2026-0042: Bussid');
  });

  it('escapes context values in an HTML template and derives the plain text', async () => {
    await queueEmail(ctx.db, {
      template: 'ACCOUNT_ACTIVATED',
      type: 'EXTERNAL',
      language: 'ENG',
      to: 'new@demo.ee',
      context: { user_first_name: '<script>Erik</script>' },
    });
    await ctx.app.outbox.runOnce();
    const [m] = await smtp.waitFor(1);
    expect(m.subject).toBe('Welcome <script>Erik</script>');
    expect(m.html).toBe(
      '<p>Hello <b>&lt;script&gt;Erik&lt;/script&gt;</b>,</p><p>your account is active.</p>',
    );
    expect(m.text).toBe('Hello <script>Erik</script>,\nyour account is active.');
  });

  it('writes an e-mail with a dedupe key once however often it is queued', async () => {
    for (let i = 0; i < 3; i++)
      await queueEmail(ctx.db, { ...opened, to: 'a@demo.ee', language: 'EST' }, 'tender-42-opened-a');
    await ctx.app.outbox.runOnce();
    expect(await smtp.waitFor(1)).toHaveLength(1);
    expect(await rowsOf()).toHaveLength(1);
  });

  it('keeps a row pending with its error while SMTP is down, and delivers it later under the same Message-ID', async () => {
    // A second instance without SMTP_URL uses the settings row, which points at a closed port.
    const app2 = await buildApp({
      config: testConfig({ WEB_DIST: '/nonexistent-web-dist' }),
      database: ctx.database,
    });
    try {
      await queueEmail(ctx.db, { ...opened, to: 'down@demo.ee', language: 'EST' });
      await app2.outbox.runOnce();
      let [row] = await rowsOf();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(smtp.messages).toHaveLength(0);

      await ctx.db.update(emailSettings).set({ smtpPort: smtp.port }).where(eq(emailSettings.id, 1));
      advance(60); // past the retry backoff
      await app2.outbox.runOnce();
      [row] = await rowsOf();
      expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
      // The retry keeps the message's one Message-ID.
      expect((await smtp.waitFor(1))[0].messageId).toBe(`<${row.messageUuid}@localhost>`);
    } finally {
      await app2.close();
      await ctx.db.update(emailSettings).set({ smtpPort: 1 }).where(eq(emailSettings.id, 1));
    }
  });

  it('sends the shipped text when the database has no template for the key, times in Tallinn', async () => {
    await queueEmail(ctx.db, {
      template: 'PASSWORD_RECOVERY',
      type: 'EXTERNAL',
      language: 'RUS',
      to: 'a@demo.ee',
      context: { reset_link: '/reset?key=abc', link_expires: '2026-11-23T22:30:00.000Z' },
    });
    await ctx.app.outbox.runOnce();
    const [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    const [m] = await smtp.waitFor(1);
    expect(m.subject).toBe('Восстановление пароля');
    expect(m.headers['x-portal-template']).toBe('PASSWORD_RECOVERY/EXTERNAL/RUS');
    expect(m.text).toContain('http://localhost:3000/reset?key=abc');
    // 22:30 UTC on 23 November is 00:30 on the 24th in Tallinn (UTC+2 in winter).
    expect(m.text).toContain('24.11.2026 00:30');
    expect(m.text).not.toContain('2026-11-23T');
  });
});

describe('template language', () => {
  it('maps the user language to the template language', async () => {
    expect([
      templateLanguage('et'),
      templateLanguage('ru'),
      templateLanguage('en'),
      templateLanguage(null),
    ]).toEqual(['EST', 'RUS', 'ENG', 'EST']);
    await ctx.db.execute(sql`update users set language = 'ru' where id = ${ctx.users.supplier2.id}`);
    expect(await userTemplateLanguage(ctx.db, ctx.users.supplier2.id)).toBe('RUS');
    expect(await userTemplateLanguage(ctx.db, ctx.users.admin.id)).toBe('EST');
  });

  it('renders plain-text templates to text and an HTML alternative', () => {
    const r = renderTemplate({ subject: 'A {{x}}\nB', content: 'a & b\n{{x}}' }, { x: '<1>' });
    expect(r).toEqual({
      subject: 'A <1> B',
      text: 'a & b\n<1>',
      html: '<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">a &amp; b<br>&lt;1&gt;</div>',
    });
  });
});
