import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from './smtp-catcher.ts';

const catcher = await startSmtpCatcher({ port: 0 });
afterAll(() => catcher.close());
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: catcher.port,
  secure: false,
  ignoreTLS: true,
});
afterAll(() => transport.close());

describe('smtp catcher', () => {
  it('receives a real SMTP message and decodes sender, recipients, subject and text in any language', async () => {
    catcher.clear();
    await transport.sendMail({
      from: '"Hankeportaal" <portal@demo.ee>',
      to: ['supplier@demo.ee', 'Андрей <supplier2@demo.ee>'],
      subject: 'Тендер T-2026-0001 завершён — hange lõppenud ✓',
      text: `Здравствуйте!\n\nÕlifilter, Škoda 15T: 12 tk\n${'x'.repeat(200)}`,
      html: '<p>Здравствуйте!</p>',
      messageId: '<outbox-7@tender-portal>',
    });
    const [m] = await catcher.waitFor(1);
    expect(m.from).toBe('portal@demo.ee');
    expect(m.to).toEqual(['supplier@demo.ee', 'supplier2@demo.ee']);
    expect(m.envelopeTo).toEqual(['supplier@demo.ee', 'supplier2@demo.ee']);
    expect(m.subject).toBe('Тендер T-2026-0001 завершён — hange lõppenud ✓');
    expect(m.messageId).toBe('<outbox-7@tender-portal>');
    expect(m.text).toBe(`Здравствуйте!\n\nÕlifilter, Škoda 15T: 12 tk\n${'x'.repeat(200)}`);
    expect(m.html).toBe('<p>Здравствуйте!</p>');
  });

  it('records every arrival, the same message twice included', async () => {
    catcher.clear();
    const mail = {
      from: 'portal@demo.ee',
      to: 'admin@demo.ee',
      subject: 'Plain ASCII',
      text: 'hello',
      messageId: '<outbox-9@tender-portal>',
    };
    await transport.sendMail(mail);
    await transport.sendMail(mail);
    const got = await catcher.waitFor(2);
    expect(got.map((m) => m.messageId)).toEqual(['<outbox-9@tender-portal>', '<outbox-9@tender-portal>']);
    expect(got[1]).toMatchObject({ subject: 'Plain ASCII', text: 'hello', to: ['admin@demo.ee'] });
  });

  it('answers slowly when told to: keeps the message at once, says OK only after the delay', async () => {
    catcher.clear();
    catcher.setAnswerDelay(1_000);
    try {
      const t0 = performance.now();
      const sent = transport.sendMail({
        from: 'portal@demo.ee',
        to: 'slow@demo.ee',
        subject: 'Slow',
        text: '.',
      });
      let answered = false;
      void sent.then(() => {
        answered = true;
      });
      // Kept before the answer: the sender is still waiting for it.
      const [m] = await catcher.waitFor(1);
      expect(m.envelopeTo).toEqual(['slow@demo.ee']);
      expect(answered).toBe(false);
      await sent;
      expect(performance.now() - t0).toBeGreaterThanOrEqual(1_000);
    } finally {
      catcher.setAnswerDelay(0);
    }
  });

  it('accepts any login', async () => {
    catcher.clear();
    const authed = nodemailer.createTransport({
      host: '127.0.0.1',
      port: catcher.port,
      secure: false,
      ignoreTLS: true,
      auth: { user: 'u', pass: 'p' },
    });
    await authed.sendMail({ from: 'a@demo.ee', to: 'b@demo.ee', subject: 's', text: 't' });
    authed.close();
    expect((await catcher.waitFor(1))[0].subject).toBe('s');
  });
});

describe('smtp catcher web page', () => {
  it('lists caught mails and shows one with its links clickable and its text escaped', async () => {
    const { startCatcherWeb } = await import('./smtp-catcher.ts');
    const web = await startCatcherWeb(catcher, { port: 0 });
    try {
      catcher.clear();
      await transport.sendMail({
        from: 'portal@demo.ee',
        to: 'mari@example.test',
        subject: 'Salasõna taastamine <b>',
        text: 'Link: http://127.0.0.1:3000/reset?key=abc_DEF-1\nKehtib kuni 24.11.2026 00:30',
      });
      await catcher.waitFor(1);
      const list = await (await fetch(`${web.url}/`)).text();
      expect(list).toContain('mari@example.test');
      expect(list).toContain('Salasõna taastamine &lt;b&gt;');
      expect(list).toContain('href="/messages/0"');
      const one = await (await fetch(`${web.url}/messages/0`)).text();
      expect(one).toContain(
        '<a href="http://127.0.0.1:3000/reset?key=abc_DEF-1" class="mail-link">http://127.0.0.1:3000/reset?key=abc_DEF-1</a>',
      );
      const json = await (await fetch(`${web.url}/api/messages`)).json();
      expect(json).toHaveLength(1);
      expect(json[0]).toMatchObject({ id: 0, subject: 'Salasõna taastamine <b>', to: ['mari@example.test'] });
      expect((await fetch(`${web.url}/messages/5`)).status).toBe(404);
      await fetch(`${web.url}/clear`, { method: 'POST', redirect: 'manual' });
      expect(catcher.messages).toHaveLength(0);
    } finally {
      await web.close();
    }
  });
});
