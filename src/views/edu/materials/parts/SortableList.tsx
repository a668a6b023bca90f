import { DndContext, closestCenter, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useMemo, useRef, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { useT } from '../../../../i18n';
import { dragHandle, useDragSensors } from '../../../../ui/sortable';

const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: { base: '2', sm: '3' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  px: { base: '2', sm: '3' },
  py: '2',
  minH: '14',
  position: 'relative',
});
const dragging = css({ zIndex: 'docked', boxShadow: 'popover', borderColor: 'accent.default' });
const handle = cx(dragHandle, css({ h: '10', flexShrink: 0 }));
const position = css({ w: { base: '5', sm: '7' }, flexShrink: 0, textAlign: 'end', color: 'fg.subtle', fontVariantNumeric: 'tabular-nums', fontSize: 'sm' });

type SortableListProps<T> = {
  items: readonly T[];
  itemId: (item: T) => number;
  itemName: (item: T) => string;
  /** The item at `from` was dropped at `to` (indexes of `items`). */
  onMove: (from: number, to: number) => void;
  renderItem: (item: T) => ReactNode;
  label: string;
  testId?: string;
};

/**
 * A list reordered by dragging its handles with a mouse, a finger or the keyboard (focus a handle, Space, arrow
 * keys, Space; Escape cancels). Announcements are read out in the interface language.
 */
export function SortableList<T>({ items, itemId, itemName, onMove, renderItem, label, testId }: SortableListProps<T>) {
  const { t } = useT();
  const sensors = useDragSensors();
  const ids = useMemo(() => items.map(itemId), [items, itemId]);
  const indexOf = (id: UniqueIdentifier) => ids.indexOf(Number(id));
  const nameOf = (id: UniqueIdentifier) => {
    const item = items[indexOf(id)];
    return item === undefined ? '' : itemName(item);
  };
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : indexOf(id) + 1);

  // dnd-kit reports the item over itself right after the pick-up; saying "moved" then would cut off "picked up".
  const justPicked = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      justPicked.current = true;
      return t('materials.dnd.picked', { name: nameOf(active.id), position: place(active.id), count: ids.length });
    },
    onDragOver: ({ active, over }) => {
      const first = justPicked.current;
      justPicked.current = false;
      if (!over || (first && over.id === active.id)) return undefined;
      return t('materials.dnd.over', { name: nameOf(active.id), position: place(over.id), count: ids.length });
    },
    onDragEnd: ({ active, over }) => (over ? t('materials.dnd.dropped', { name: nameOf(active.id), position: place(over.id), count: ids.length }) : undefined),
    onDragCancel: ({ active }) => t('materials.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('materials.dnd.instructions') } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={list} aria-label={label} data-testid={testId}>
          {items.map((item, index) => (
            <SortableRow key={itemId(item)} id={itemId(item)} index={index} handleLabel={t('materials.dnd.handle', { name: itemName(item) })}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, index, handleLabel, children }: { id: number; index: number; handleLabel: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={cx(row, isDragging ? dragging : undefined)}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-item-id={id}
    >
      <button type="button" ref={setActivatorNodeRef} className={handle} {...attributes} {...listeners} aria-label={handleLabel} data-testid="drag-handle">
        <GripVertical size={18} aria-hidden="true" />
      </button>
      <span className={position} aria-hidden="true">
        {index + 1}.
      </span>
      <div className={css({ flex: '1', minW: '0', display: 'flex', alignItems: 'center', gap: '2' })}>{children}</div>
    </li>
  );
}
