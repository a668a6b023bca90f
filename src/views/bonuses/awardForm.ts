import type { z } from 'zod';
import { translateIssue, type Translate } from '../../i18n';

/** The first message per field of a failed contract parse, in the interface language; {} when it parsed. */
export function issuesByField(result: z.ZodSafeParseResult<unknown>, t: Translate): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'non_field_errors');
    out[field] ??= translateIssue(issue as Parameters<typeof translateIssue>[0], t);
  }
  return out;
}

/** A typed number field's text as the body needs it: "" stays missing, anything else a number. */
export const numberOrMissing = (text: string) => (text.trim() === '' ? undefined : Number(text));
