// Levels and themes are both ordered children of a parent (a subject, a level): the same drag-to-reorder list
// and the same folded list of archived ones with a way back.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ReorderKind } from '../../../../api/catalogue';
import { ArchiveToggle } from './ArchiveToggle';
import { ArchivedList } from './ArchivedList';
import { OrderHint } from './OrderHint';
import { SortableList } from './SortableList';
import { useSortableOrder } from './useSortableOrder';

type Item = { id: number; name: string; position: number };

/** The parent's items in order; a drag saves the new order (useSortableOrder) and the hint says when it saves. */
export function CatalogueOrder<T extends Item>(props: {
  kind: ReorderKind;
  parentId: number;
  items: T[];
  queryKey: QueryKey;
  label: string;
  testId: string;
  renderItem: (item: T) => ReactNode;
}) {
  const { shown, saving, move } = useSortableOrder(props.kind, props.parentId, props.items, props.queryKey);
  return (
    <>
      <OrderHint saving={saving} />
      <SortableList
        items={shown}
        itemId={(item) => item.id}
        itemName={(item) => item.name}
        onMove={move}
        label={props.label}
        testId={props.testId}
        renderItem={props.renderItem}
      />
    </>
  );
}

/** The parent's archived items, folded, each with its name and the toggle that restores it. */
export function ArchivedCatalogue<T extends Item>(props: {
  kind: 'level' | 'theme';
  title: string;
  useItems: (open: boolean) => {
    data?: readonly T[];
    isPending: boolean;
    isError: boolean;
  };
  testId: string;
  setArchived: (item: T, archived: boolean) => Promise<unknown>;
}) {
  return (
    <ArchivedList<T>
      title={props.title}
      useItems={props.useItems}
      itemId={(item) => item.id}
      testId={props.testId}
      renderItem={(item) => (
        <>
          <span className={css({ flex: '1', minW: '0' })}>{item.name}</span>
          <ArchiveToggle kind={props.kind} archived name={item.name} onChange={(archived) => props.setArchived(item, archived)} />
        </>
      )}
    />
  );
}
