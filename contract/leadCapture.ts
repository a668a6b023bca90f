// Leads that arrive by themselves (issue 18, section 3): the public lead form's body and answer, and the
// director's per-branch keys for it.
import { z } from 'zod';
import { MAX_ID, idParam, msg, phoneSchema, required } from './common';

/** The header that carries a branch's lead-form key. */
export const LEAD_KEY_HEADER = 'X-Lead-Key';
/** The honeypot: hidden on the form, so only a bot fills it. */
export const HONEYPOT_FIELD = 'website';
/** Most origins one key allows. */
export const MAX_ORIGINS = 20;

/** A subject or a source by its id or by its name (as a website form names it). */
const idOrName = z.union([
  z.number().int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt),
  z.string().trim().min(1, msg.required).max(150),
]);

/** POST /api/public/leads/: what a visitor of the centre's site sends. */
export const publicLeadBody = z.object({
  full_name: z.string(required).trim().min(1, msg.required).max(150),
  phone: phoneSchema,
  subject: z.preprocess((v) => (v === '' || v === null ? undefined : v), idOrName.optional()),
  source: z.preprocess((v) => (v === '' || v === null ? undefined : v), idOrName.optional()),
  comment: z.string().trim().max(2000).optional(),
  [HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type PublicLeadBody = z.input<typeof publicLeadBody>;

/** The same answer for a lead taken and for a bot caught by the honeypot. */
export const publicLeadAnswer = z.object({ received: z.literal(true) });

/** An allowed origin: scheme and host (and port), no path; compared as the browser sends `Origin`. */
export const leadOrigin = z
  .string(required)
  .trim()
  .max(200)
  .transform((v) => v.replace(/\/+$/, '').toLowerCase())
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === v;
    } catch {
      return false;
    }
  }, 'validation.origin');

const origins = z.array(leadOrigin).max(MAX_ORIGINS).transform((list) => [...new Set(list)]);

/** POST /api/filial/{id}/lead_keys/. */
export const leadKeyCreateBody = z.object({ label: z.string().trim().max(100).optional(), origins: origins.optional() });
/** PATCH /api/filial/{id}/lead_keys/{key_id}/: the label or the allowed origins. */
export const leadKeyPatchBody = z.object({ label: z.string().trim().max(100).optional(), origins: origins.optional() });
export type LeadKeyCreateBody = z.input<typeof leadKeyCreateBody>;
export type LeadKeyPatchBody = z.input<typeof leadKeyPatchBody>;

export const leadKeyParam = idParam.extend({ key_id: z.coerce.number().int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt) });

/** A key as listed: never the secret. */
export const leadKey = z.object({
  id: z.number().int(),
  label: z.string(),
  origins: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type LeadKey = z.infer<typeof leadKey>;

/** The answer of POST: the key itself, shown this once. */
export const createdLeadKey = z.object({ id: z.number().int(), key: z.string() });
export type CreatedLeadKey = z.infer<typeof createdLeadKey>;
