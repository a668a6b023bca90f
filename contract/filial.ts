import { z } from 'zod';
import { msg, phoneSchema, queryBool, required } from './common';

/** GET /filial/no-pg/: the active branches in the reader's scope (the header's switcher). */
export const filial = z.object({ id: z.number().int(), name: z.string() });
export type Filial = z.infer<typeof filial>;

// ---- The control area's branch screen (GET /filial/, POST /filial/, PUT /filial/{id}/) ---------------------------

export const FILIAL_NAME_MAX = 100;
export const FILIAL_ADDRESS_MAX = 300;

/** A branch as the director edits it. */
export const filialDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  is_archived: z.boolean(),
  charge_excused: z.boolean(),
  /** Groups not finished or archived. */
  active_groups: z.number().int(),
});
export type FilialDetail = z.infer<typeof filialDetail>;

/** Blank text means "none". */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** POST /filial/ and PUT /filial/{id}/ (director only). Active names are unique, ignoring case. */
export const filialBody = z.object({
  name: z.string(required).trim().min(1, msg.required).max(FILIAL_NAME_MAX),
  address: z.preprocess(blankAsNull, z.string().trim().max(FILIAL_ADDRESS_MAX).nullable().optional()),
  /** +998 and nine digits; spaces, dashes and brackets are dropped. */
  phone: z.preprocess(blankAsNull, phoneSchema.nullable().optional()),
  /** PUT: true archives (409 while the branch has active groups or cashiers holding money), false restores. */
  is_archived: z.boolean().optional(),
});
export type FilialBody = z.input<typeof filialBody>;

/** GET /filial/: active branches, or archived ones with is_archived=true. */
export const filialListQuery = z.object({ is_archived: queryBool.optional() });
