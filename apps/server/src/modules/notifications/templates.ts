// E-mail templates: lookup by key, type and language (with a language fallback), and {{tag}} rendering.
import type { Language, TemplateKey, TemplateLanguage, TemplateType } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTemplates, users } from '../../db/schema/index.ts';

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
  const html = `<div style="font-family: Arial, sans-serif; font-size: 14px; line-height: 1.5">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</div>`;
  return { subject, text, html };
}
