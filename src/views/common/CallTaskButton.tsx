// One click turns a list row (a debtor, a dropout) into a call task for the person reading the list, linked to the
// student; the button then links to the task. Shown to those who may read tasks.
import { ListTodo } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import type { TaskCreate } from '../../../contract/tasks';
import { createTask } from '../../api/tasks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { useWrite } from './useWrite';

/** The i18n keys of one list's button, link, toast and failure; the test ids' prefix ("debtor", "dropout"). */
export type CallTaskTexts = { button: string; open: string; created: string; failed: string };

export function CallTaskButton({ task, texts, testId }: { task: () => TaskCreate; texts: CallTaskTexts; testId: string }) {
  const { t } = useT();
  const write = useWrite(createTask, { success: texts.created, failureToast: texts.failed });
  // A click inside a clickable row must not open the row as well.
  const stop = (e: MouseEvent) => e.stopPropagation();
  if (write.result) {
    return (
      <Link href={`/tasks?id=${write.result.id}`} onClick={stop} data-testid={`${testId}-task-link`}>
        {t(texts.open)}
      </Link>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={(e) => {
        stop(e);
        write.submit(task());
      }}
      disabled={write.submitting}
      data-testid={`${testId}-call-task`}
    >
      <ListTodo size={14} aria-hidden="true" />
      {t(texts.button)}
    </Button>
  );
}
