import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, stamps, units } from './setup.ts';

export const producers = pgTable(
  'producers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('producers_name_uq').on(sql`lower(${t.name})`)],
);

/** Category tree node; parent null (or 0 in the API) is top level; `order` is the position among siblings. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code'),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id),
    /** true once placed in the tree (a "new" category has no parent and is not placed). */
    isPlaced: boolean('is_placed').notNull().default(false),
    order: integer('order').notNull().default(0),
    className: text('class_name'),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.order)],
);

export const categoryGroups = pgTable(
  'category_groups',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.groupId] })],
);

export const partTypes = pgTable(
  'part_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex('part_types_name_uq').on(t.name)],
);

export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    barcode: text('barcode'),
    name: text('name').notNull(),
    unitId: integer('unit_id').references(() => units.id),
    partTypeId: integer('part_type_id').references(() => partTypes.id),
    className: text('class_name'),
    bcId: text('bc_id'),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex('parts_code_uq').on(t.code),
    index('parts_name_idx').on(t.name),
    index('parts_part_type_idx').on(t.partTypeId),
  ],
);

/** Additional codes of a part ("code tags"). */
export const partCodes = pgTable(
  'part_codes',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('part_codes_uq').on(t.partId, t.code), index('part_codes_code_idx').on(t.code)],
);

/** Uploaded files (stored under DATA_DIR/files/<uuid>). */
export const files = pgTable('files', {
  uuid: uuid('uuid').primaryKey(),
  fileName: text('file_name').notNull(),
  fileType: text('file_type').notNull(),
  fileSize: bigint('file_size', { mode: 'number' }).notNull(),
  isPublic: boolean('is_public').notNull().default(true),
  uploadedBy: integer('uploaded_by'),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
});

export const partFiles = pgTable(
  'part_files',
  {
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    fileUuid: uuid('file_uuid')
      .notNull()
      .references(() => files.uuid, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.partId, t.fileUuid] })],
);

/** Blacklist entry: producers refused for a part. */
export const blacklists = pgTable(
  'blacklists',
  {
    id: serial('id').primaryKey(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id),
    creatorId: integer('creator_id'),
    isActive: boolean('is_active').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex('blacklists_part_live_uq').on(t.partId).where(sql`not ${t.isDeleted}`)],
);

export const blacklistProducers = pgTable(
  'blacklist_producers',
  {
    blacklistId: integer('blacklist_id')
      .notNull()
      .references(() => blacklists.id, { onDelete: 'cascade' }),
    producerId: integer('producer_id')
      .notNull()
      .references(() => producers.id),
  },
  (t) => [
    primaryKey({ columns: [t.blacklistId, t.producerId] }),
    index('blacklist_producers_producer_idx').on(t.producerId),
  ],
);

/** Change log of a blacklist entry (each save writes one with its reason comment). */
export const blacklistComments = pgTable(
  'blacklist_comments',
  {
    id: serial('id').primaryKey(),
    blacklistId: integer('blacklist_id')
      .notNull()
      .references(() => blacklists.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    name: text('name').notNull(),
    content: text('content').notNull(),
    addedProducers: text('added_producers').array().notNull().default(sql`'{}'::text[]`),
    removedProducers: text('removed_producers').array().notNull().default(sql`'{}'::text[]`),
    activated: boolean('black_list_activated').notNull().default(false),
    deactivated: boolean('black_list_deactivated').notNull().default(false),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blacklist_comments_bl_idx').on(t.blacklistId)],
);
