// E-mail templates: lookup by key, type and language (with a language fallback), and {{tag}} rendering.
import {
  formatDateTime,
  ISO_INSTANT,
  type Language,
  type TemplateKey,
  type TemplateLanguage,
  type TemplateType,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTemplates, users } from '../../db/schema/index.ts';
import { DEFAULT_TEMPLATES } from '../../db/seed/templates.ts';

const BY_USER_LANGUAGE: Record<Language, TemplateLanguage> = { et: 'EST', ru: 'RUS', en: 'ENG' };

/** The template language for a user interface language (et→EST, ru→RUS, en→ENG; anything else EST). */
export function templateLanguage(language: string | null | undefined): TemplateLanguage {
  return BY_USER_LANGUAGE[(language ?? 'et') as Language] ?? 'EST';
}

/** The template language of a user, from users.language. */
export async function userTemplateLanguage(db: Db, userId: number): Promise<TemplateLanguage> {
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return templateLanguage(u?.language);
}

export type TemplateRow = typeof emailTemplates.$inferSelect;

/** The template in the wanted language, else Estonian, else English; null when the key has none at all. */
export async function findTemplate(
  db: Db,
  key: TemplateKey,
  type: TemplateType,
  language: TemplateLanguage,
): Promise<TemplateRow | null> {
  const rows = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), eq(emailTemplates.type, type)));
  for (const lang of [language, 'EST', 'ENG', 'RUS'] as const) {
    const row = rows.find((r) => r.language === lang);
    if (row) return row;
  }
  return null;
}

const READER: Record<TemplateLanguage, Language> = { EST: 'et', RUS: 'ru', ENG: 'en' };

/**
 * The shipped text of a key when the database has none (a key added after the templates were seeded, such as
 * USER_INVITATION): the mail still goes out, in the wanted language.
 */
export function builtInTemplate(
  key: TemplateKey,
  type: TemplateType,
  language: TemplateLanguage,
): { subject: string; content: string; language: TemplateLanguage } | null {
  const t = DEFAULT_TEMPLATES.find((x) => x.key === key && x.type === type);
  return t ? { ...t.texts[language], language } : null;
}

/**
 * Context values as the reader sees them: an ISO instant (what services put in, e.g. a tender's finish) becomes
 * Europe/Tallinn DD.MM.YYYY HH:mm, so no mail ever shows a UTC timestamp.
 */
export function localiseContext(context: Record<string, string>, language: TemplateLanguage) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(context))
    out[k] = ISO_INSTANT.test(v) ? formatDateTime(v, READER[language]) : v;
  return out;
}

const TAG = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Replaces {{tag}} placeholders with context values; a tag without a value becomes empty. */
export function render(text: string, context: Record<string, string>, opts: { html?: boolean } = {}): string {
  return text.replace(TAG, (_m, tag: string) => {
    const v = context[tag] ?? '';
    return opts.html ? escapeHtml(v).replace(/\r?\n/g, '<br>') : v;
  });
}

/** Web addresses in escaped plain text become links (a reset or invitation link is clickable in the HTML part). */
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);

const looksLikeHtml = (s: string) => /<(p|div|br|table|ul|ol|b|strong|a|h[1-6]|span)\b[^>]*>/i.test(s);

/** Renders a template to subject, plain text and HTML. Content may be plain text (newlines) or HTML. */
export function renderTemplate(t: { subject: string; content: string }, context: Record<string, string>) {
  const subject = render(t.subject, context)
    .replace(/\s*\r?\n\s*/g, ' ')
    .trim();
  if (looksLikeHtml(t.content)) {
    const html = render(t.content, context, { html: true });
    const text = html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    return { subject, text, html };
  }
  const text = render(t.content, context);
  const body = linkify(escapeHtml(text)).replace(/\r?\n/g, '<br>');
  const html = `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">${body}</div>`;
  return { subject, text, html };
}
