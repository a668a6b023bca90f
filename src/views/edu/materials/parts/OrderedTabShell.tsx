// Levels and themes share one page shape: filters and a create button on top, then a prompt to choose a parent,
// the load state, an empty note or the ordered list, and below it the folded archive and the tab's dialogs.
import type { UseQueryResult } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';
import { LoadError, StateMessage } from './StateMessage';
import { grow, toolbar } from './styles';

type Props<T> = {
  label: string;
  filters: ReactNode;
  create: { label: string; testId: string; onClick: () => void };
  /** What to choose first; while set, no list is asked for and creating is off. */
  prompt: string | null;
  items: UseQueryResult<T[]>;
  empty: { text: string; testId: string };
  renderList: (items: T[]) => ReactNode;
  children?: ReactNode;
};

export function OrderedTabShell<T>({ label, filters, create, prompt, items, empty, renderList, children }: Props<T>) {
  const { t } = useT();
  const body = (() => {
    if (prompt !== null) return <StateMessage>{prompt}</StateMessage>;
    if (items.isError) return <LoadError error={items.error} onRetry={() => void items.refetch()} />;
    if (items.isPending) return <StateMessage>{t('edu.list.loading')}</StateMessage>;
    if (items.data.length === 0) return <StateMessage testId={empty.testId}>{empty.text}</StateMessage>;
    return renderList(items.data);
  })();

  return (
    <section aria-label={label}>
      <div className={toolbar}>
        {filters}
        <div className={grow} />
        <Button onClick={create.onClick} disabled={prompt !== null} data-testid={create.testId}>
          <Plus size={16} /> {create.label}
        </Button>
      </div>
      {body}
      {children}
    </section>
  );
}
