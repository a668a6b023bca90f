// Form errors: contract messages are i18n keys ('validation.required', 'validation.minLength' with {{min}}, see
// contract/common.ts `msg`); zod's own messages are already in the interface language (z.config) and pass through,
// except a size issue (too long, too many): that one gets the contract's message naming the limit, as on the server.
import { limitMessage } from '../../contract/messages';
import type { Translate, TranslateParams } from './translator';

const I18N_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/i;

type IssueLike = { message?: string; code?: string; origin?: string; minimum?: number | bigint; maximum?: number | bigint };

/**
 * Translates one form error: a string or a zod issue. The issue's `minimum`/`maximum` become `{{min}}`/`{{max}}`;
 * `params` add or override values. Text that is not an i18n key is returned unchanged.
 */
export function translateIssue(issue: string | IssueLike | null | undefined, t: Translate, params?: TranslateParams): string {
  if (!issue) return '';
  const own = typeof issue === 'string' ? issue : (issue.message ?? '');
  const message = typeof issue === 'string' || I18N_KEY.test(own) ? own : (limitMessage(issue) ?? own);
  if (!I18N_KEY.test(message)) return message;
  const fromIssue: TranslateParams = {};
  if (typeof issue !== 'string') {
    if (issue.minimum !== undefined) fromIssue.min = String(issue.minimum);
    if (issue.maximum !== undefined) fromIssue.max = String(issue.maximum);
  }
  return t(message, { ...fromIssue, ...params });
}
