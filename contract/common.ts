import { z } from 'zod';
import { isDay } from './centreDay';
import { msg, required } from './messages';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';
import { PHONE_PATTERN, normalizePhone } from './phone';

export { limitMessage, msg, required } from './messages';

/** Ids are PostgreSQL `integer`s; a larger number could never match and must not reach the database. */
export const MAX_ID = 2_147_483_647;

export const idParam = z.object({ id: z.coerce.number().int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt) });

// The examples tell the OpenAPI document's readers (and the request fuzzer) what a phone looks like: its JSON
// Schema is the input side of the pipe, a bare string, since the pattern is checked after normalising.
export const phoneSchema = z
  .string(required)
  .meta({ examples: ['+998901234567', '+998 93 555 12 34'] })
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, msg.phone));

/** Query booleans arrive as "true"/"false" strings. */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Query values a client sends for "no filter": "", blanks, "null", "undefined". */
export const emptyAsAbsent = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v === 'null' || v === 'undefined') ? undefined : v);

/** An optional query value: absent when empty (spec section 5: empty filters are dropped). */
export const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsAbsent, schema.optional());

/** The years a day the centre means can fall in; PostgreSQL has no year 0, and JavaScript reads 0–99 as 19xx. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

/**
 * A calendar day `YYYY-MM-DD` between FIRST_YEAR and LAST_YEAR: "0000-01-01" has the right shape but no database
 * stores it. `message` answers a malformed or out-of-range day, `missing` an absent one.
 */
export function calendarDay(message = 'validation.date', missing: string = msg.required) {
  return z.iso
    .date({ error: (issue) => (issue.input === undefined ? missing : message) })
    .refine((d) => isDay(d) && Number(d.slice(0, 4)) >= FIRST_YEAR && Number(d.slice(0, 4)) <= LAST_YEAR, message);
}

/** An optional `YYYY-MM-DD` in a query string. */
export const queryIsoDate = optionalQuery(calendarDay());

/** An optional positive integer id in a query string; empty strings count as absent. */
export const queryId = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v),
  z.coerce.number().int().positive().max(MAX_ID).optional(),
);

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** The answer of a write that names only what it changed. */
export const idOnly = z.object({ id: z.number().int() });

/** Error bodies: `{detail}` or `{field: [messages]}` (design page, "The API contract"). */
export const errorDetail = z.object({ detail: z.string() });
export type ErrorDetail = z.infer<typeof errorDetail>;
export type FieldErrors = Record<string, string[]>;
