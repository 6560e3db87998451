// E-mails of the tender lifecycle, written to the outbox in the caller's transaction (one row per recipient,
// with a dedupe key so a repeated transition never sends twice). Payload: {to, template, type, language, context}.
import type { TemplateKey, TemplateType } from '@portal/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailSettings, suppliers, users } from '../../db/schema/index.ts';
import { queryRows } from '../../lib/sql.ts';
import { queueEmail } from '../notifications/index.ts';

const LANG: Record<string, 'EST' | 'RUS' | 'ENG'> = { et: 'EST', ru: 'RUS', en: 'ENG' };

export interface EmailPayload {
  to: string;
  template: TemplateKey;
  type: TemplateType;
  language: 'EST' | 'RUS' | 'ENG';
  context: Record<string, string>;
}

export async function queueTenderEmail(db: Db, payload: EmailPayload, dedupeKey: string) {
  await queueEmail(db, payload, dedupeKey);
}

export interface Recipient {
  id: number;
  email: string;
  language: string;
  supplierId: number | null;
}

/**
 * Active users of the given (active) supplier companies. `offersOnly`: only those the API shows the company's offers
 * (ADVANCED users, the main user, PLAIN employees when the company shares its offers; `viewerOf` in access.ts).
 */
export async function supplierUsers(
  db: Db,
  supplierIds: number[],
  opts: { offersOnly?: boolean } = {},
): Promise<Recipient[]> {
  if (!supplierIds.length) return [];
  return db
    .select({ id: users.id, email: users.email, language: users.language, supplierId: users.supplierId })
    .from(users)
    .innerJoin(suppliers, eq(suppliers.id, users.supplierId))
    .where(
      and(
        inArray(users.supplierId, supplierIds),
        eq(users.isActive, true),
        eq(users.isDeleted, false),
        eq(suppliers.isActive, true),
        opts.offersOnly
          ? or(
              eq(users.supplierRole, 'ADVANCED'),
              eq(users.isAdmin, true),
              eq(suppliers.isEmployeesCanViewProposal, true),
            )
          : undefined,
      ),
    )
    .orderBy(users.id);
}

/** Suppliers that serve a group. */
export async function suppliersOfGroup(db: Db, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ supplier_id: number }>(
    db,
    sql`select supplier_id from supplier_groups where group_id = ${groupId}`,
  );
  return rows.map((r) => Number(r.supplier_id));
}

/**
 * Suppliers of the tender's group that are told of it (issue 32, point 7): a company that chose categories for the
 * group on its categories tab gets the tender when one of its lines is in a chosen category or below one; a company
 * with no categories chosen for the group gets every tender of it, and so does everyone when a line's part has no
 * category (it cannot be matched, and missing a tender costs more than one mail).
 */
export async function suppliersToTell(db: Db, tenderId: number, groupId: number): Promise<number[]> {
  const rows = await queryRows<{ supplier_id: number }>(
    db,
    sql`with recursive line_categories as (
      select distinct pt.category_id as id from details d
      join parts p on p.id = d.part_id
      join part_types pt on pt.id = p.part_type_id
      where d.tender_id = ${tenderId} and pt.category_id is not null
    ), covered(id) as (
      select id from line_categories
      union
      select c.parent_id from categories c join covered on c.id = covered.id where c.parent_id is not null
    ), chosen as (
      select scg.supplier_id, scg.category_id from supplier_category_groups scg
      join categories c on c.id = scg.category_id
      where scg.group_id = ${groupId} and not c.is_deleted
    )
    select sg.supplier_id from supplier_groups sg
    where sg.group_id = ${groupId} and (
      not exists (select 1 from chosen where chosen.supplier_id = sg.supplier_id)
      or exists (select 1 from chosen where chosen.supplier_id = sg.supplier_id and chosen.category_id in (select id from covered))
      or exists (
        select 1 from details d
        join parts p on p.id = d.part_id
        left join part_types pt on pt.id = p.part_type_id
        where d.tender_id = ${tenderId} and pt.category_id is null
      )
    )
    order by sg.supplier_id`,
  );
  return rows.map((r) => Number(r.supplier_id));
}

/** Participants of a tender: companies with proposals or a WATCHED flag. */
export async function participantSuppliers(db: Db, tenderId: number): Promise<number[]> {
  const rows = await queryRows<{ supplier_id: number }>(
    db,
    sql`select supplier_id from proposals where tender_id = ${tenderId}
    union select supplier_id from tender_logs where tender_id = ${tenderId} and action = 'WATCHED'`,
  );
  return rows.map((r) => Number(r.supplier_id)).sort((a, b) => a - b);
}

export const languageOf = (r: { language: string }) => LANG[r.language] ?? 'EST';

export async function adminEmail(db: Db): Promise<string | null> {
  const [s] = await db.select({ email: emailSettings.adminEmail }).from(emailSettings).limit(1);
  return s?.email?.trim() || null;
}

/** Sends one template to every user of the given companies; a context function gives each language its own text. */
export async function emailSuppliers(
  db: Db,
  supplierIds: number[],
  template: TemplateKey,
  context: Record<string, string> | ((language: 'EST' | 'RUS' | 'ENG') => Record<string, string>),
  keyOf: (userId: number) => string,
  opts: { offersOnly?: boolean } = {},
) {
  for (const r of await supplierUsers(db, supplierIds, opts)) {
    const language = languageOf(r);
    await queueTenderEmail(
      db,
      {
        to: r.email,
        template,
        type: 'EXTERNAL',
        language,
        context: typeof context === 'function' ? context(language) : context,
      },
      keyOf(r.id),
    );
  }
}
