import { translateIssue, type Translate } from '../../../i18n';
import type { IssuesByPath } from '../../../machines/testDraft';

/**
 * The first message for a path, translated. The contract's "some option is correct" rule is a custom issue on
 * a question's `options`; its generic key gets this screen's own wording.
 */
export function issueText(issues: IssuesByPath, path: string, t: Translate): string | null {
  const issue = issues[path]?.[0];
  if (!issue) return null;
  if (issue.code === 'custom' && path.endsWith('.options')) return t('tests.errors.noCorrect');
  return translateIssue(issue, t) || null;
}

/** Whether any issue sits at or under a path ("questions.2" covers its text, points and options). */
export function hasIssueUnder(issues: IssuesByPath, path: string): boolean {
  return Object.keys(issues).some((p) => p === path || p.startsWith(`${path}.`));
}
