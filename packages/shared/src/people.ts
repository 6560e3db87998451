// People and access contract (spec 2 §3, §5, §7): profile, password change, suppliers, supplier users, workers.
// The server's route schemas and the web's forms both use these; every message is a key of MSG.
import { z } from 'zod';
import { SUPPLIER_ROLES, WORKER_ROLES } from './enums.ts';
import { FIELD_MAX } from './limits.ts';
import { boolQuery, idString, listQuery } from './lists.ts';
import { hasLineBreak } from './textRules.ts';

// ---------- field pieces ----------

const noNul = (s: string) => !s.includes('\u0000');
/** Free text: trimmed, no NUL, at most `max` characters ('' allowed). */
export const plainText = (max: number) =>
  z.string().trim().max(max, 'too_long').refine(noNul, 'invalid_characters');
/** A name: required, trimmed, with at least one letter or digit. */
export const personNameText = (max: number = FIELD_MAX.personName) =>
  z
    .string('required')
    .trim()
    .min(1, 'required')
    .max(max, 'too_long')
    .refine(noNul, 'invalid_characters')
    .refine((s) => !hasLineBreak(s), 'no_line_breaks')
    .refine((s) => s === '' || /[\p{L}\p{N}]/u.test(s), 'needs_letter_or_digit');
export const emailField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(FIELD_MAX.email, 'too_long')
  .refine(noNul, 'invalid_characters')
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(s), 'invalid_email');
/** Phone: digits with an optional leading + and spaces, 5 to 20 characters. */
export const phoneField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(FIELD_MAX.phone, 'too_long')
  .refine((s) => s === '' || /^\+?[0-9][0-9 ]{3,19}$/.test(s), 'invalid_phone');
/** Personal code: digits only (a number input), 6 to 20; empty means none (sent as null). */
export const profilePersonalCodeField = z
  .union([z.string(), z.null()])
  .transform((s) => (s === null ? null : s.trim() || null))
  .refine(
    (s) => s === null || new RegExp(`^\\d{6,${FIELD_MAX.personalCode}}$`).test(s),
    'invalid_personal_code',
  );
const id = z.number('required').int('invalid').positive('invalid').max(2_147_483_647, 'invalid');
/** Warehouse group ids; at least one where required ('Palun vali osakond'). */
export const groupIdsField = z
  .array(id, { error: (i) => (i.input === undefined || i.input === null ? 'required' : 'invalid') })
  .max(100, 'too_long');
export const requiredGroupIds = groupIdsField.min(1, 'choose_group');

// ---------- profile ----------

/** PATCH /users/{id}/: own personal data. Other fields the old client sends (supplier, picture, role) are ignored. */
export const profilePatch = z.object({
  first_name: personNameText().optional(),
  last_name: personNameText().optional(),
  personal_code: profilePersonalCodeField.optional(),
  email: emailField.optional(),
  phone: z.union([phoneField, z.literal('')]).optional(),
  position: plainText(FIELD_MAX.position).optional(),
});
export type ProfilePatch = z.input<typeof profilePatch>;

export const checkPasswordBody = z.object({
  current_password: z
    .string('password_empty')
    .min(1, 'password_empty')
    .max(FIELD_MAX.passwordInput, 'too_long'),
  new_password: z.string().max(FIELD_MAX.passwordInput, 'too_long').optional(),
});
export const changePasswordBody = z.object({
  current_password: z
    .string('password_empty')
    .min(1, 'password_empty')
    .max(FIELD_MAX.passwordInput, 'too_long'),
  password1: z.string('password_empty').min(1, 'password_empty').max(FIELD_MAX.passwordInput, 'too_long'),
  password2: z.string('password_empty').min(1, 'password_empty').max(FIELD_MAX.passwordInput, 'too_long'),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

// ---------- suppliers ----------

export const countryCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => /^[A-Z]{2}$/.test(s), 'invalid_country');
export const registrationCodeField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(FIELD_MAX.registrationCode, 'too_long')
  .refine(noNul, 'invalid_characters')
  .refine((s) => s === '' || /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u.test(s), 'invalid_registration_code');

/** POST /suppliers/ (the supplier form). */
export const supplierCreate = z.object({
  name: personNameText(FIELD_MAX.name),
  registration_code: registrationCodeField,
  email: emailField,
  country_code: countryCodeField.default('EE'),
  is_active: z.boolean().default(true),
  is_employees_can_view_proposal: z.boolean().default(false),
  warehouse_groups: requiredGroupIds,
  address: plainText(FIELD_MAX.address).optional(),
  notes: plainText(FIELD_MAX.notes).optional(),
  phone: z.union([phoneField, z.literal('')]).optional(),
});
export type SupplierCreate = z.input<typeof supplierCreate>;

/** One group's categories a supplier serves (the categories tab). */
export const supplierCategorySet = z.object({
  group: id,
  categories: z.array(id, 'invalid').max(5000, 'too_long'),
});

/** PATCH /suppliers/{id}/: any of the form's and the supplier page's fields. */
export const supplierPatch = z.object({
  name: personNameText(FIELD_MAX.name).optional(),
  registration_code: registrationCodeField.optional(),
  email: emailField.optional(),
  country_code: countryCodeField.optional(),
  is_active: z.boolean().optional(),
  is_new: z.boolean().optional(),
  is_employees_can_view_proposal: z.boolean().optional(),
  warehouse_groups: requiredGroupIds.optional(),
  address: plainText(FIELD_MAX.address).optional(),
  notes: plainText(FIELD_MAX.notes).optional(),
  phone: z.union([phoneField, z.literal('')]).optional(),
  /** Replaces the categories of the named groups (the categories tab's confirm). */
  categories: z.array(supplierCategorySet, 'invalid').max(100, 'too_long').optional(),
  /** The category_update_ts the editor started from; a newer one on the server answers category_conflict. */
  category_update_ts: z.string().max(40, 'too_long').nullable().optional(),
});
export type SupplierPatch = z.input<typeof supplierPatch>;

export const groupTag = z.object({ id: z.number(), name: z.string() });

export const supplierItem = z.object({
  id: z.number(),
  name: z.string(),
  registration_code: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
  phone: z.string(),
  country_code: z.string(),
  is_active: z.boolean(),
  is_new: z.boolean(),
  /** A self-registered company that no administrator has activated yet (not one that was blocked). */
  awaiting_activation: z.boolean(),
  is_employees_can_view_proposal: z.boolean(),
  /** Names, as the spec has it; the ids are in warehouse_groups_tags. */
  warehouse_groups: z.array(z.string()),
  warehouse_groups_tags: z.array(groupTag),
  active_users: z.number(),
  non_active_users: z.number(),
  last_proposal_date: z.string().nullable(),
  last_proposal_date_updated: z.string().nullable(),
  categories: z.array(z.string()),
  category_update_ts: z.string().nullable(),
  /** What the caller may do with this supplier (the web shows only these actions). */
  abilities: z.object({
    edit: z.boolean(),
    edit_groups: z.boolean(),
    edit_categories: z.boolean(),
    edit_active: z.boolean(),
    switch_view_proposals: z.boolean(),
    manage_users: z.boolean(),
    remove: z.boolean(),
  }),
});
export type SupplierItem = z.infer<typeof supplierItem>;

export const supplierCategoryLink = z.object({
  id: z.number(),
  supplier: z.number(),
  group: z.number(),
  category: z.number(),
});
export type SupplierCategoryLink = z.infer<typeof supplierCategoryLink>;
export const supplierCategoryLinkCreate = z.object({ supplier: id, group: id, category: id });

/** A category tree node (up to 5 levels). */
export interface SupplierCategoryNode {
  key: number;
  text: string;
  code: string | null;
  class: string | null;
  nested: SupplierCategoryNode[];
}
export const supplierCategoryNode: z.ZodType<SupplierCategoryNode> = z
  .lazy(() =>
    z.object({
      key: z.number(),
      text: z.string(),
      code: z.string().nullable(),
      class: z.string().nullable(),
      nested: z.array(supplierCategoryNode),
    }),
  )
  .meta({ id: 'SupplierCategoryNode' }); // recursive: a named schema in the OpenAPI document

// ---------- supplier users and workers ----------

const personWrite = {
  first_name: personNameText(),
  last_name: personNameText(),
  email: emailField,
  phone: phoneField,
  personal_code: profilePersonalCodeField.optional(),
  position: plainText(FIELD_MAX.position).optional(),
  is_active: z.boolean(),
  language: z.enum(['et', 'ru', 'en'], 'invalid_choice').optional(),
};

// The PATCH bodies are the create bodies with every field optional and no defaults (a default would overwrite).
const supplierUserFields = z.object({
  ...personWrite,
  role: z.enum(SUPPLIER_ROLES, 'invalid_choice'),
  warehouse_group: groupIdsField.optional(),
});
/** POST /supplier_users/ (the supplier employee form). */
export const supplierUserCreate = supplierUserFields.extend({
  supplier__id: id,
  role: supplierUserFields.shape.role.default('PLAIN'),
  is_active: z.boolean().default(true),
});
export type SupplierUserCreate = z.input<typeof supplierUserCreate>;
export const supplierUserPatch = supplierUserFields.partial();
export type SupplierUserPatch = z.input<typeof supplierUserPatch>;

export const supplierUserItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  personal_code: z.string().nullable(),
  phone: z.string(),
  position: z.string(),
  group: z.literal('SUPPLIER'),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  role: z.enum(SUPPLIER_ROLES),
  language: z.string(),
  supplier__id: z.number(),
  supplier__name: z.string(),
  supplier__registration_code: z.string(),
  warehouse_group: z.array(z.number()),
  warehouse_groups: z.array(z.string()),
  warehouse_groups_tags: z.array(groupTag),
  /** null for supplier callers (the column is hidden from suppliers). */
  terms_accepted: z.boolean().nullable(),
  last_login: z.string().nullable(),
});
export type SupplierUserItem = z.infer<typeof supplierUserItem>;

const workerFields = z.object({
  ...personWrite,
  group: z.enum(WORKER_ROLES, 'invalid_choice'),
  warehouse_group: requiredGroupIds,
  bc_code: plainText(FIELD_MAX.code).optional(),
  can_blacklist: z.boolean(),
});
/** POST /workers/ (the worker form): role defaults to CONTRACTOR, at least one group. */
export const workerCreate = workerFields.extend({
  group: workerFields.shape.group.default('CONTRACTOR'),
  is_active: z.boolean().default(true),
  can_blacklist: z.boolean().default(false),
});
export type WorkerCreate = z.input<typeof workerCreate>;
export const workerPatch = workerFields.partial();
export type WorkerPatch = z.input<typeof workerPatch>;

export const workerItem = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  personal_code: z.string().nullable(),
  bc_code: z.string(),
  phone: z.string(),
  position: z.string(),
  group: z.enum(WORKER_ROLES),
  group_label: z.string(),
  can_blacklist: z.boolean(),
  is_active: z.boolean(),
  language: z.string(),
  warehouse_group: z.array(z.number()),
  warehouse_groups: z.array(z.string()),
  warehouse_groups_tags: z.array(groupTag),
  last_login: z.string().nullable(),
});
export type WorkerItem = z.infer<typeof workerItem>;

export const removeAccountBody = z.object({ user_id: id });
export const removeSupplierBody = z.object({ supplier_id: id });

// ---------- list queries ----------

/** GET /supplier_users/ */
export const supplierUserListQuery = listQuery.extend({
  supplier: idString.optional(),
  is_admin: boolQuery.optional(),
  is_active: boolQuery.optional(),
});
/** GET /workers/ */
export const workerListQuery = listQuery.extend({
  is_active: boolQuery.optional(),
  group: z.enum(['ADMINISTRATOR', 'CONTRACTOR', 'MASTER'], 'invalid_choice').optional(),
});
/** GET /suppliers/ */
export const supplierListQuery = listQuery.extend({
  filter_groups: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'invalid_ids')
    .transform((s) => s.split(',').map(Number))
    .optional(),
  is_active: boolQuery.optional(),
  is_new: boolQuery.optional(),
  /** The old client sends is_admin=true with the list call; it changes nothing. */
  is_admin: boolQuery.optional(),
});
/** GET /supplier_category_groups/ */
export const supplierLinkListQuery = listQuery.extend({
  supplier: idString.optional(),
  group: idString.optional(),
});
/** GET /suppliers/{id}/category_tree/: the tree of one of the supplier's groups. */
export const supplierCategoryTreeQuery = z.object({ group: idString });
export const supplierCategoryTreeAnswer = z.object({ list: z.array(supplierCategoryNode) });
export type SupplierCategoryTree = z.infer<typeof supplierCategoryTreeAnswer>;

/** POST check_password answer. */
export const passwordChecked = z.object({ valid: z.literal(true) });
export type PasswordChecked = z.infer<typeof passwordChecked>;

/** POST change_profile_password answer. */
export const passwordSaved = z.object({ detail: z.literal('password_saved') });
export type PasswordSaved = z.infer<typeof passwordSaved>;

/** GET delete_account answer. */
export const accountDeleted = z.object({ detail: z.literal('account_deleted') });
export type AccountDeleted = z.infer<typeof accountDeleted>;
