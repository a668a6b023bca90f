// The sign-in rules without zod: the login page checks its fields with them before anything else has loaded, and
// the server's `tokenRequest` (contract/auth.ts) is built from the same pattern and limits.
import { msg } from './messages';
import { PHONE_PATTERN, normalizePhone } from './phone';

export const SIGN_IN_PASSWORD_MAX = 200;

/** One field's problem: an i18n key and, for a length limit, the limit (`{{max}}`). */
export type SignInIssue = { message: string; maximum?: number };
export type SignInIssues = { phone?: SignInIssue; password?: SignInIssue };

/** What `tokenRequest` would refuse in the form's values, per field; empty when they may be sent. */
export function signInIssues(values: { phone: string; password: string }): SignInIssues {
  const issues: SignInIssues = {};
  if (!PHONE_PATTERN.test(normalizePhone(values.phone))) issues.phone = { message: msg.phone };
  if (values.password.length === 0) issues.password = { message: msg.required };
  else if (values.password.length > SIGN_IN_PASSWORD_MAX) issues.password = { message: 'validation.maxLength', maximum: SIGN_IN_PASSWORD_MAX };
  return issues;
}
