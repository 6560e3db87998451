import type { Language, SupplierRole, UserGroup } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './catalogue.ts';
import { groups, stamps } from './setup.ts';

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    registrationCode: text('registration_code').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    notes: text('notes').notNull().default(''),
    countryCode: text('country_code').notNull().default('EE'),
    phone: text('phone').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isNew: boolean('is_new').notNull().default(true),
    /** When the company was first activated; null while a self-registered company waits for an administrator. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    isEmployeesCanViewProposal: boolean('is_employees_can_view_proposal').notNull().default(false),
    categoryUpdateTs: timestamp('category_update_ts', { withTimezone: true }),
    ...stamps,
  },
  (t) => [uniqueIndex('suppliers_regcode_uq').on(t.registrationCode), index('suppliers_name_idx').on(t.name)],
);

export const supplierGroups = pgTable(
  'supplier_groups',
  {
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.groupId] }),
    index('supplier_groups_group_idx').on(t.groupId),
  ],
);

/** Supplier category group link: which categories a supplier serves in which group. */
export const supplierCategoryGroups = pgTable(
  'supplier_category_groups',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [uniqueIndex('supplier_category_groups_uq').on(t.supplierId, t.groupId, t.categoryId)],
);

/**
 * Every person who logs in: workers (group ADMINISTRATOR, CONTRACTOR, MASTER) and supplier users
 * (group SUPPLIER, with supplier_id and supplier_role).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    personalCode: text('personal_code'),
    phone: text('phone').notNull().default(''),
    position: text('position').notNull().default(''),
    bcCode: text('bc_code'),
    group: text('group').$type<UserGroup>().notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    supplierRole: text('supplier_role').$type<SupplierRole>(),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    isAuthorized: boolean('is_authorized').notNull().default(false),
    canBlacklist: boolean('can_blacklist').notNull().default(false),
    language: text('language').$type<Language>().notNull().default('et'),
    picture: text('picture'),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_personal_code_uq').on(t.personalCode),
    index('users_supplier_idx').on(t.supplierId),
    check('users_group_ck', sql`${t.group} in ('ADMINISTRATOR','CONTRACTOR','MASTER','SUPPLIER')`),
    check(
      'users_supplier_role_ck',
      sql`${t.supplierRole} is null or ${t.supplierRole} in ('PLAIN','ADVANCED')`,
    ),
    check(
      'users_supplier_ck',
      sql`(${t.group} = 'SUPPLIER') = (${t.supplierId} is not null and ${t.supplierRole} is not null)`,
    ),
    check('users_language_ck', sql`${t.language} in ('et','ru','en')`),
  ],
);

/** The warehouse groups a worker or supplier employee belongs to. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

/** Session tokens (stored hashed) and one-time keys (password reset). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    kind: text('kind').notNull().default('session'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    lastUsed: timestamp('last_used', { withTimezone: true }).notNull().defaultNow(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    revoked: timestamp('revoked', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('auth_tokens_key_uq').on(t.keyHash),
    index('auth_tokens_user_idx').on(t.userId),
    check('auth_tokens_kind_ck', sql`${t.kind} in ('session','reset')`),
  ],
);

/** Terms of use consents: one row per user and terms version. */
export const termsConsents = pgTable(
  'terms_consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_consents_uq').on(t.userId, t.version)],
);

/**
 * Terms of use versions published by an administrator (issue 32, point 5): in force from `effective_from` (the start
 * of a Europe/Tallinn day, at least 20 calendar days after publishing); the version shipped with the web app has no row.
 */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    textEt: text('text_et').notNull(),
    textRu: text('text_ru').notNull(),
    textEn: text('text_en').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terms_versions_version_uq').on(t.version),
    uniqueIndex('terms_versions_effective_uq').on(t.effectiveFrom),
  ],
);
