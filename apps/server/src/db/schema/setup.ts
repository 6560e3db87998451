import type { TemplateKey, TemplateLanguage, TemplateType } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const stamps = {
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
};

export { stamps };

/** Warehouse group, also called department or division ("Bussid", "Trammid"). */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('groups_name_live').on(sql`lower(${t.name})`).where(sql`not ${t.isDeleted}`)],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    address: text('address'),
    description: text('description'),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex('warehouses_name_uq').on(sql`lower(${t.name})`),
    uniqueIndex('warehouses_code_uq').on(t.code),
    uniqueIndex('warehouses_address_uq').on(sql`lower(${t.address})`),
    index('warehouses_group_idx').on(t.groupId),
  ],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('units_code_uq').on(t.code)],
);

/** Integration modules (the accounting export module "Directo" is found by its name). */
export const modules = pgTable(
  'modules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    key: text('key').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('modules_name_uq').on(t.name)],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    key: text('key').$type<TemplateKey>().notNull(),
    type: text('type').$type<TemplateType>().notNull(),
    language: text('language').$type<TemplateLanguage>().notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('email_templates_uq').on(t.key, t.type, t.language),
    check('email_templates_type_ck', sql`${t.type} in ('INTERNAL','EXTERNAL')`),
    check('email_templates_lang_ck', sql`${t.language} in ('EST','RUS','ENG')`),
  ],
);

/** The single e-mail settings record (id 1). */
export const emailSettings = pgTable('email_settings', {
  id: integer('id').primaryKey(),
  companyName: text('company_name').notNull().default(''),
  fromName: text('from_name').notNull().default(''),
  companyPhone: text('company_phone').notNull().default(''),
  logoPath: text('logo_path').notNull().default(''),
  companyEmail: text('company_email').notNull().default(''),
  smtpUsername: text('smtp_username').notNull().default(''),
  smtpPassword: text('smtp_password').notNull().default(''),
  fromEmail: text('from_email').notNull().default(''),
  smtpServer: text('smtp_server').notNull().default('127.0.0.1'),
  smtpPort: integer('smtp_port').notNull().default(2525),
  adminEmail: text('admin_email').notNull().default(''),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});
