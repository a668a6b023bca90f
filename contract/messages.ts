// Messages that are i18n keys (namespace "validation"); the client and the server both translate them.
// Free of zod, so the sign-in page can check its fields without loading it.
export const msg = {
  required: 'validation.required',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  phone: 'validation.phone',
  passwordsMismatch: 'validation.passwordsMismatch',
  positiveInt: 'validation.positiveInt',
} as const;

/** The parts of a zod issue the messages below look at (zod stays out of this file). */
export type IssueShape = { code?: string; origin?: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean };

/**
 * Schema-level error for a field that must be present: `z.string(required)`. A schema-level message covers every
 * issue of the schema that has none of its own, so `z.string({ error: msg.required }).max(150)` answered "required"
 * to a 151-character text. This one answers "required" (a missing value, a wrong type, no option of a union) except
 * for a size issue, which keeps the message naming its limit (limitMessage, through the error map of the parse).
 */
export const required = { error: (issue: IssueShape) => (issue.code === 'too_big' || issue.code === 'too_small' ? undefined : msg.required) };

/**
 * The message of a size issue whose check gave none: it names the limit ({{min}}/{{max}} come from the issue).
 * Used by the server's error map and the client's translation of form issues; undefined for other issues.
 */
export function limitMessage(issue: IssueShape): string | undefined {
  const kind = issue.origin === 'string' ? 'text' : issue.origin === 'number' || issue.origin === 'bigint' ? 'number' : issue.origin === 'array' || issue.origin === 'set' ? 'items' : undefined;
  if (!kind) return undefined;
  if (issue.code === 'too_big') {
    if (kind === 'number') return issue.inclusive === false ? 'validation.lessThan' : 'validation.max';
    return kind === 'text' ? msg.maxLength : 'validation.maxItems';
  }
  if (issue.code === 'too_small') {
    if (kind === 'number') return issue.inclusive === false ? 'validation.greaterThan' : 'validation.min';
    // At least one character or item: the field is simply empty.
    if (Number(issue.minimum) === 1) return msg.required;
    return kind === 'text' ? msg.minLength : 'validation.minItems';
  }
  return undefined;
}
