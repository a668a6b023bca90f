import { useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../../../i18n';

const details = css({ mt: '5', borderTopWidth: '1px', borderColor: 'border.default', pt: '3' });
const summary = css({ cursor: 'pointer', color: 'fg.muted', fontSize: 'sm', fontWeight: 'medium', py: '1', w: 'fit-content' });
const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', mt: '3' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  minH: '12',
  borderRadius: 'control',
  bg: 'bg.subtle',
  color: 'fg.muted',
});

type ArchivedListProps<T> = {
  title: string;
  /** Loads only once opened: archived items are rarely needed. */
  useItems: (enabled: boolean) => { data?: readonly T[]; isPending: boolean; isError: boolean };
  itemId: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  testId?: string;
};

/** A folded list of archived items under the ordered ones, each with a way back. */
export function ArchivedList<T>({ title, useItems, itemId, renderItem, testId }: ArchivedListProps<T>) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const items = useItems(open);
  return (
    <details className={details} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid={testId}>
      <summary className={summary}>{title}</summary>
      {!open ? null : items.isError ? (
        <p className={css({ mt: '2', color: 'danger.default', fontSize: 'sm' })}>{t('materials.loadFailed')}</p>
      ) : items.isPending ? (
        <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'sm' })}>{t('edu.list.loading')}</p>
      ) : !items.data?.length ? (
        <p className={css({ mt: '2', color: 'fg.muted', fontSize: 'sm' })}>{t('materials.noneArchived')}</p>
      ) : (
        <ul className={list}>
          {items.data.map((item) => (
            <li key={itemId(item)} className={row}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
