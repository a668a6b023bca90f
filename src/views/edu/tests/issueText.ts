import { translateIssue, type Translate } from '../../../i18n';
import type { IssuesByPath } from '../../../machines/testDraft';

/** The first message for a path, translated like every contract message (e.g. validation.correctOptionRequired). */
export function issueText(issues: IssuesByPath, path: string, t: Translate): string | null {
  const issue = issues[path]?.[0];
  if (!issue) return null;
  return translateIssue(issue, t) || null;
}

/** Whether any issue sits at or under a path ("questions.2" covers its text, points and options). */
export function hasIssueUnder(issues: IssuesByPath, path: string): boolean {
  return Object.keys(issues).some((p) => p === path || p.startsWith(`${path}.`));
}
