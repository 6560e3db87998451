import { hasNul, LANGUAGES, SUPPLIER_ROLES, USER_GROUPS } from '@portal/shared';
import { z } from 'zod';

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'required')
    .max(254, 'too_long')
    .refine((s) => !hasNul(s), 'invalid_characters'),
  password: z
    .string()
    .min(1, 'required')
    .max(200, 'too_long')
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

export const loginResponse = z.object({ token: z.string(), user: sessionUser });
export const detail = z.object({ detail: z.string() });
