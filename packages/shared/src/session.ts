// The session contract (spec 2 §7): the login request; the signed-in user as the login, the e-ID status and the
// profile answer him; the profile. The server's route schemas and the web's types, one copy.
import { z } from 'zod';
import { EID_STATUSES } from './eid.ts';
import { LANGUAGES, SUPPLIER_ROLES, USER_GROUPS } from './enums.ts';
import { FIELD_MAX } from './limits.ts';
import { hasNul } from './textRules.ts';

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(FIELD_MAX.email, 'too_long')
    .refine((s) => !hasNul(s), 'invalid_characters'),
  password: z
    .string()
    .min(1, 'required')
    .max(FIELD_MAX.passwordInput, 'too_long')
    .refine((s) => !hasNul(s), 'invalid_characters'),
});

export const groupOption = z.object({ id: z.number(), name: z.string() });

export const sessionUser = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  personal_code: z.string().nullable(),
  phone: z.string(),
  position: z.string(),
  picture: z.string().nullable(),
  group: z.enum(USER_GROUPS),
  role: z.enum([...USER_GROUPS, ...SUPPLIER_ROLES]),
  supplier: z.number().nullable(),
  is_admin: z.boolean(),
  can_blacklist: z.boolean(),
  language: z.enum(LANGUAGES),
  supplier_group: z.number().nullable(),
  warehouse_groups_options: z.array(groupOption),
});

/** The signed-in user as the server answers him (the server's own SessionUser is its request-scoped user). */
export type SignedInUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({ token: z.string(), user: sessionUser });
export type LoginResponse = z.infer<typeof loginResponse>;

/** POST /expire/: is the token valid, and must its user accept the terms of use first. */
export const tokenCheckBody = z.object({ token: z.string().min(1, 'required').max(200, 'too_long') });
export const tokenCheckAnswer = z.object({ valid: z.literal(true), request_terms: z.boolean() });
export type TokenCheck = z.infer<typeof tokenCheckAnswer>;

/** An e-ID login's state; once USER_AUTHENTICATED, with the login's token and user. */
export const eidStatusResponse = z.object({
  challenge: z.string(),
  status: z.enum(EID_STATUSES),
  status_description: z.string(),
  token: z.string().optional(),
  user: sessionUser.optional(),
});
export type EidStatusResponse = z.infer<typeof eidStatusResponse>;

/** GET /profile/: results[0] holds the user, the supplier's summary, the picture, the role and the group options. */
export const profileSupplier = z.object({
  id: z.number(),
  name: z.string(),
  registration_code: z.string(),
  is_employees_can_view_proposal: z.boolean(),
});
export const profileResult = z.object({
  user: sessionUser,
  supplier: profileSupplier.nullable(),
  picture: z.string().nullable(),
  picture_data: z.string().nullable(),
  role: z.string(),
  warehouse_groups_options: z.array(groupOption),
  is_authorized: z.boolean(),
});
export type Profile = z.infer<typeof profileResult>;
export const profileAnswer = z.object({ results: z.array(profileResult) });
