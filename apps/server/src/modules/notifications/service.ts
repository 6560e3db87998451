// E-mail templates and the single e-mail settings record: reads, edits, and the SMTP test.

import type { SettingsItem, SettingsPatch, TemplateItem } from '@portal/shared';
import { defined, SMTP_TEST_TIMEOUT_MS, TEMPLATE_DEFINITIONS } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { emailSettings, emailTemplates } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { type ListQuery, type ListSpec, paginate } from '../../lib/list.ts';
import { fromAddress, loadSettings, smtpOptions } from './mailer.ts';

type TemplateRow = typeof emailTemplates.$inferSelect;
type SettingsRow = typeof emailSettings.$inferSelect;

const tagsOf = (t: Pick<TemplateRow, 'key' | 'type'>) =>
  TEMPLATE_DEFINITIONS.find((d) => d.key === t.key && d.type === t.type)?.tags ?? [];

const templateOut = (t: TemplateRow): TemplateItem => ({
  id: t.id,
  key: t.key,
  type: t.type,
  language: t.language,
  subject: t.subject,
  content: t.content,
  tags: tagsOf(t),
  updated: t.updated.toISOString(),
});

const templateSpec: ListSpec = {
  ordering: {
    key: emailTemplates.key,
    type: emailTemplates.type,
    language: emailTemplates.language,
    id: emailTemplates.id,
  },
  defaultOrdering: 'key,type,language',
  search: [emailTemplates.key, emailTemplates.subject],
  id: emailTemplates.id,
};

export function listTemplates(db: Db, query: ListQuery & { key?: string; type?: string; language?: string }) {
  return paginate({
    db,
    query,
    spec: templateSpec,
    select: () => db.select({ t: emailTemplates }).from(emailTemplates).$dynamic(),
    where: [
      query.key ? eq(emailTemplates.key, query.key as TemplateRow['key']) : undefined,
      query.type ? eq(emailTemplates.type, query.type as TemplateRow['type']) : undefined,
      query.language ? eq(emailTemplates.language, query.language as TemplateRow['language']) : undefined,
    ],
    map: (rows) => rows.map((r) => templateOut(r.t)),
  });
}

export async function getTemplate(db: Db, id: number) {
  const [t] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!t) throw notFound();
  return templateOut(t);
}

export async function updateTemplate(db: Db, id: number, body: { subject?: string; content?: string }) {
  const [t] = await db
    .update(emailTemplates)
    .set({
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
      ...(body.content !== undefined ? { content: body.content } : {}),
      updated: now(),
    })
    .where(and(eq(emailTemplates.id, id)))
    .returning();
  if (!t) throw notFound();
  return templateOut(t);
}

const settingsOut = (s: SettingsRow): SettingsItem => ({
  id: s.id,
  company_name: s.companyName,
  from_name: s.fromName,
  company_phone: s.companyPhone,
  logo_path: s.logoPath,
  company_email: s.companyEmail,
  smtp_username: s.smtpUsername,
  smtp_password: '',
  has_smtp_password: s.smtpPassword !== '',
  from_email: s.fromEmail,
  smtp_server: s.smtpServer,
  smtp_port: s.smtpPort,
  admin_email: s.adminEmail,
  updated: s.updated.toISOString(),
});

/** The settings record (id 1); created with defaults when it does not exist yet. */
async function settingsRow(db: Db): Promise<SettingsRow> {
  await db.insert(emailSettings).values({ id: 1 }).onConflictDoNothing();
  return defined(await loadSettings(db), 'e-mail settings');
}

export async function getSettings(db: Db, id: number) {
  if (id !== 1) throw notFound();
  return settingsOut(await settingsRow(db));
}

function settingsValues(body: SettingsPatch): Partial<SettingsRow> {
  const v: Partial<SettingsRow> = {};
  if (body.company_name !== undefined) v.companyName = body.company_name;
  if (body.from_name !== undefined) v.fromName = body.from_name;
  if (body.company_phone !== undefined) v.companyPhone = body.company_phone;
  if (body.logo_path !== undefined) v.logoPath = body.logo_path;
  if (body.company_email !== undefined) v.companyEmail = body.company_email;
  if (body.smtp_username !== undefined) v.smtpUsername = body.smtp_username;
  if (body.smtp_password === null) v.smtpPassword = '';
  else if (body.smtp_password) v.smtpPassword = body.smtp_password;
  if (body.from_email !== undefined) v.fromEmail = body.from_email;
  if (body.smtp_server !== undefined) v.smtpServer = body.smtp_server;
  if (body.smtp_port !== undefined) v.smtpPort = body.smtp_port;
  if (body.admin_email !== undefined) v.adminEmail = body.admin_email;
  return v;
}

export async function updateSettings(db: Db, id: number, body: SettingsPatch) {
  if (id !== 1) throw notFound();
  await settingsRow(db);
  const [s] = await db
    .update(emailSettings)
    .set({ ...settingsValues(body), updated: now() })
    .where(eq(emailSettings.id, 1))
    .returning();
  return settingsOut(s);
}

/**
 * Tests the SMTP settings: the stored ones with the form's unsaved values over them (SMTP_URL, when configured,
 * overrides server and port as it does for delivery). Connects, and when a notifications address is set sends it
 * a short test message. Answers 'OK', or a text that says what failed.
 */
/**
 * Tests the e-mail settings: the stored ones with the form's unsaved login and sender laid over them, but always the
 * configured (stored) server and port, so the test cannot be pointed at other hosts. The answer comes within
 * SMTP_TEST_TIMEOUT_MS whatever the server does: 'OK', or 'FAILED: <reason>'.
 */
export async function testSmtp(db: Db, body: SettingsPatch, smtpUrl?: string): Promise<string> {
  const stored = await settingsRow(db);
  const { smtp_server: _server, smtp_port: _port, ...rest } = body;
  const settings = {
    ...stored,
    ...settingsValues(rest),
    smtpServer: stored.smtpServer,
    smtpPort: stored.smtpPort,
  };
  if (!settings.smtpServer && !smtpUrl) return 'FAILED: smtp_host_not_configured';
  const transport = nodemailer.createTransport({
    ...smtpOptions(settings, smtpUrl),
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: SMTP_TEST_TIMEOUT_MS,
  });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), SMTP_TEST_TIMEOUT_MS);
  });
  try {
    await Promise.race([
      (async () => {
        await transport.verify();
        if (settings.adminEmail) {
          await transport.sendMail({
            from: fromAddress(settings),
            to: settings.adminEmail,
            subject: 'Hankeportaal: e-posti seadete test / Email settings test',
            text: `E-posti seaded on korras.\nEmail settings are correct.\n\n${now().toISOString()}`,
          });
        }
      })(),
      deadline,
    ]);
    return 'OK';
  } catch (err) {
    return `FAILED: ${(err as Error).message}`.slice(0, 500);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
