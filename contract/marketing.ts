// Spec section 7, "Marketing": where leads come from (sources), optionally sorted into groups. Sources are shared
// by every branch; DELETE archives a source, and old leads keep pointing at it.
import { z } from 'zod';
import { MAX_ID, msg, queryBool, required } from './common';

export const MARKETING_NAME_MAX = 100;

const name = z.string(required).trim().min(1, msg.required).max(MARKETING_NAME_MAX);

export const marketingGroup = z.object({ id: z.number().int(), name: z.string() });
export type MarketingGroup = z.infer<typeof marketingGroup>;

export const marketingSource = z.object({
  id: z.number().int(),
  name: z.string(),
  group: marketingGroup.nullable(),
  is_archived: z.boolean(),
  /** Leads from this source in the reader's branches, archived leads included. */
  leads_count: z.number().int(),
});
export type MarketingSource = z.infer<typeof marketingSource>;

/** POST /marketing/ and PUT /marketing/{id}/. `group` is a marketing group id; null or absent means none. */
export const marketingSourceBody = z.object({
  name,
  group: z.number({ error: msg.positiveInt }).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt).nullable().optional(),
  /** PUT only: true archives, false brings an archived source back. */
  is_archived: z.boolean().optional(),
});
export type MarketingSourceBody = z.input<typeof marketingSourceBody>;

/** POST /marketing/group/ and PUT /marketing/group/{id}/. */
export const marketingGroupBody = z.object({ name });
export type MarketingGroupBody = z.input<typeof marketingGroupBody>;

/** GET /marketing/no-pg/: active sources unless is_archived=true. */
export const marketingSourcesQuery = z.object({ is_archived: queryBool.optional() });
