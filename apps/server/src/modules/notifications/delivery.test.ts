// Every template key of the spec's table (and USER_INVITATION) is delivered through the outbox and nodemailer in
// each of the three languages, with every placeholder filled and times shown in Tallinn, never as ISO UTC.
import { TEMPLATE_DEFINITIONS, TEMPLATE_LANGUAGES } from '@portal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../../../../tools/simulators/smtp-catcher.ts';
import { emailSettings } from '../../db/schema/index.ts';
import { testContext } from '../../test/context.ts';
import { queueEmail } from './mailer.ts';

const smtp = await startSmtpCatcher({ port: 0 });
afterAll(() => smtp.close());
const ctx = await testContext({
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  PUBLIC_URL: 'https://hanked.example.test',
  WEB_DIST: '/nonexistent-web-dist',
});
await ctx.db.insert(emailSettings).values({ id: 1, fromEmail: 'portal@example.test', fromName: 'Portaal' });

/** A sample value per tag: times as the services write them (ISO UTC), links as paths. */
function sample(tag: string): string {
  if (/start|finish|expires/.test(tag)) return '2026-06-30T21:15:00.000Z'; // 01.07.2026 00:15 in Tallinn
  if (tag.endsWith('_link')) return `/reset?key=${tag}KEY`;
  return `«${tag}»`;
}
const shown = (tag: string, value: string) =>
  value.startsWith('2026-')
    ? '01.07.2026 00:15'
    : tag.endsWith('_link')
      ? `https://hanked.example.test${value}`
      : value;

describe('e-mail delivery of every template', () => {
  for (const def of TEMPLATE_DEFINITIONS)
    for (const language of TEMPLATE_LANGUAGES)
      it(`${def.key}/${def.type} in ${language}`, async () => {
        smtp.clear();
        const context = Object.fromEntries(def.tags.map((t) => [t, sample(t)]));
        const to = `${def.key.toLowerCase()}.${language.toLowerCase()}@example.test`;
        await queueEmail(ctx.db, { to, template: def.key, type: def.type, language, context });
        await ctx.app.outbox.runOnce();
        const [m] = await smtp.waitFor(1);
        expect(m.to).toEqual([to]);
        expect(m.headers['x-portal-template']).toBe(`${def.key}/${def.type}/${language}`);
        expect(m.subject.trim()).not.toBe('');
        const all = `${m.subject}\n${m.text}`;
        expect(all).not.toContain('{{');
        expect(all).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
        for (const tag of def.tags) expect(m.text, tag).toContain(shown(tag, context[tag]));
        // The HTML part carries the same text, escaped.
        expect(m.html ?? '').not.toContain('{{');
        for (const tag of def.tags.filter((t) => t.endsWith('_link')))
          expect(m.html).toContain(`<a href="https://hanked.example.test/reset?key=${tag}KEY">`);
      });
});
