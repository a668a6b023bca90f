import { z } from 'zod';
import { msg, phoneSchema, queryBool, queryId, required } from './common';
import { PAGE_KEYS, ROLES } from './roles';
import { SIGN_IN_PASSWORD_MAX } from './signIn';

export const PASSWORD_MIN = 6;

export const tokenRequest = z.object({
  phone: phoneSchema,
  password: z.string(required).min(1, msg.required).max(SIGN_IN_PASSWORD_MAX, 'validation.maxLength'),
});
export type TokenRequest = z.infer<typeof tokenRequest>;

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refresh_token: z.string(required).min(1, msg.required) });

export const roleSchema = z.enum(ROLES);
export const pageKeySchema = z.enum(PAGE_KEYS);
export const pagePermission = z.object({ name: pageKeySchema, is_readable: z.boolean() });

export const me = z.object({
  id: z.number().int(),
  role: roleSchema,
  full_name: z.string(),
  phone: z.string(),
  photo: z.object({ file: z.string() }).nullable(),
  filial: z.array(z.number().int()),
  pages: z.array(pagePermission),
});
export type Me = z.infer<typeof me>;

/** PATCH /auth/update/{id}/ with a new password (self, or a director for someone else). */
export const passwordUpdate = z.object({
  password: z.string(required).min(PASSWORD_MIN, msg.minLength).max(200),
});

/** The change-password dialog (spec section 5): both fields required, the repeat must match. */
export function passwordForm(min = PASSWORD_MIN) {
  return z
    .object({
      new_password: z.string().min(1, msg.required).min(min, msg.minLength),
      repeat_password: z.string().min(1, msg.required),
    })
    .refine((v) => v.new_password === v.repeat_password, {
      message: msg.passwordsMismatch,
      path: ['repeat_password'],
    });
}

export const rolesQuery = z.object({
  role: roleSchema.optional(),
  filial: queryId,
  subject: queryId,
  is_call_operator: queryBool.optional(),
  is_archived: queryBool.optional(),
});

export const roleListItem = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  role: roleSchema,
  filial: z.array(z.number().int()),
  photo: z.object({ file: z.string() }).nullable(),
  is_archived: z.boolean(),
});
export type RoleListItem = z.infer<typeof roleListItem>;
