// E-mail delivery: outbox rows of kind 'email' are rendered from the templates in the database and sent
// with nodemailer over SMTP (settings row email_settings id 1; config SMTP_URL overrides server and port).
// The Message-ID is the outbox row's own uuid at the portal's host (PUBLIC_URL), the same in every retry of the
// message and unique across databases, so a redelivery after a crash is recognisable as the same message.
import {
  TEMPLATE_KEYS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_TYPES,
  type TemplateKey,
  type TemplateLanguage,
  type TemplateType,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { emailSettings } from '../../db/schema/index.ts';
import { enqueue, enqueueMany, type OutboxHandler } from '../../lib/outbox.ts';
import { builtInTemplate, findTemplate, localiseContext, renderTemplate } from './templates.ts';

export { templateLanguage, userTemplateLanguage } from './templates.ts';

export const emailPayloadSchema = z.object({
  to: z.union([z.string().min(3), z.array(z.string().min(3))]),
  template: z.enum(TEMPLATE_KEYS),
  type: z.enum(TEMPLATE_TYPES),
  language: z.enum(TEMPLATE_LANGUAGES),
  context: z.record(z.string(), z.string()).default({}),
});
export interface EmailPayload {
  to: string[] | string;
  template: TemplateKey;
  type: TemplateType;
  language: TemplateLanguage;
  context: Record<string, string>;
}

/** Writes an e-mail into the outbox (in the caller's transaction). With a dedupe key it is written once. */
export async function queueEmail(tx: Db, payload: EmailPayload, dedupeKey?: string) {
  await enqueue(tx, 'email', { ...payload }, dedupeKey);
}

/** Writes many e-mails into the outbox at once (in the caller's transaction), each with its dedupe key. */
export async function queueEmails(tx: Db, mails: { payload: EmailPayload; dedupeKey: string }[]) {
  await enqueueMany(
    tx,
    'email',
    mails.map((m) => ({ payload: { ...m.payload }, dedupeKey: m.dedupeKey })),
  );
}

/** `<uuid@host>`: the message's uuid (kept across retries) at the host of the portal's address. */
export const messageIdFor = (messageUuid: string, portalUrl: string) => {
  let host = 'tender-portal';
  try {
    host = new URL(portalUrl).hostname || host;
  } catch {}
  return `<${messageUuid}@${host}>`;
};

type Settings = typeof emailSettings.$inferSelect;

/** SMTP options from the settings row, with SMTP_URL (smtp://user:pass@host:port, smtps://…) taking precedence. */
export function smtpOptions(
  settings: Partial<Settings> | undefined,
  smtpUrl?: string,
): SMTPTransport.Options {
  const base: SMTPTransport.Options = {
    host: settings?.smtpServer || '127.0.0.1',
    port: settings?.smtpPort || 2525,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
  if (settings?.smtpUsername) base.auth = { user: settings.smtpUsername, pass: settings.smtpPassword ?? '' };
  if (smtpUrl) {
    const u = new URL(smtpUrl);
    base.host = u.hostname;
    base.port = Number(u.port) || (u.protocol === 'smtps:' ? 465 : 25);
    base.secure = u.protocol === 'smtps:';
    if (u.username)
      base.auth = { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) };
  }
  base.secure ??= base.port === 465;
  return base;
}

export async function loadSettings(db: Db): Promise<Settings | undefined> {
  const [row] = await db.select().from(emailSettings).where(eq(emailSettings.id, 1));
  return row;
}

export function fromAddress(settings: Partial<Settings> | undefined) {
  const email = settings?.fromEmail || 'portal@localhost';
  const name = settings?.fromName?.replace(/["\r\n]/g, '') || '';
  return name ? { name, address: email } : email;
}

/** Checks that the SMTP server of the settings answers (for the settings screen's test button). */
export async function verifySmtp(
  settings: Partial<Settings> | undefined,
  smtpUrl?: string,
): Promise<boolean> {
  const transport = nodemailer.createTransport(smtpOptions(settings, smtpUrl));
  try {
    await transport.verify();
    return true;
  } catch {
    return false;
  } finally {
    transport.close();
  }
}

/** The portal's address for links in mails: PUBLIC_URL, else http://localhost:PORT. */
export function publicUrl(app: FastifyInstance): string {
  const url = app.config?.PUBLIC_URL || `http://localhost:${app.config?.PORT ?? 3000}`;
  return url.replace(/\/+$/, '');
}

/** Context values of `*_link` tags that are paths ("/reset?key=…") become absolute links to the portal. */
export function absoluteLinks(context: Record<string, string>, base: string) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(context))
    out[k] = k.endsWith('_link') && v.startsWith('/') ? base + v : v;
  return out;
}

const recipients = (to: string[] | string) => [
  ...new Set((Array.isArray(to) ? to : to.split(',')).map((a) => a.trim()).filter(Boolean)),
];

/** The outbox handler for kind 'email'. Throws (→ retry with backoff) when the template is missing or SMTP fails. */
export const emailOutboxHandler = (app: FastifyInstance): OutboxHandler => {
  const transports = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();
  app.addHook('onClose', async () => {
    for (const t of transports.values()) t.close();
    transports.clear();
  });
  return async (rawPayload, ctx) => {
    const payload = emailPayloadSchema.parse(rawPayload);
    const to = recipients(payload.to);
    if (!to.length) return; // nobody to tell
    const template =
      (await findTemplate(ctx.db, payload.template, payload.type, payload.language)) ??
      builtInTemplate(payload.template, payload.type, payload.language);
    if (!template) throw new Error(`no e-mail template ${payload.template}/${payload.type}`);
    const settings = await loadSettings(ctx.db);
    const options = smtpOptions(settings, app.config?.SMTP_URL);
    const key = JSON.stringify(options);
    let transport = transports.get(key);
    if (!transport) {
      for (const t of transports.values()) t.close(); // settings changed: drop the old connection
      transports.clear();
      transport = nodemailer.createTransport(options);
      transports.set(key, transport);
    }
    const { subject, text, html } = renderTemplate(
      template,
      localiseContext(absoluteLinks(payload.context, publicUrl(app)), payload.language),
    );
    await transport.sendMail({
      from: fromAddress(settings),
      to,
      subject,
      text,
      html,
      messageId: messageIdFor(ctx.messageUuid, publicUrl(app)),
      headers: { 'X-Portal-Template': `${payload.template}/${payload.type}/${template.language}` },
    });
  };
};
