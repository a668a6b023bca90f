import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../../app/useMachineActor';
import { useCallback, useEffect, useMemo } from 'react';
import type { ReorderKind } from '../../../../api/catalogue';
import { connectSortableList, sortableListMachine } from '../../../../machines/sortableList';
import { arrangeByIds, renumber } from './arrange';
import { useForwardToasts } from './useToast';

/**
 * Binds a loaded list (levels of a subject, themes of a level) to the reorder statechart: the machine gets the
 * server's order whenever the query brings one, the view shows the machine's order, and a saved order goes into
 * the query cache (a failed one makes the query fetch again). Mount it once per parent (key it by the parent id).
 */
export function useSortableOrder<T extends { id: number; position: number }>(kind: ReorderKind, parentId: number, items: readonly T[], queryKey: QueryKey) {
  const client = useQueryClient();
  const actor = useMachineActor(sortableListMachine, { input: { kind, parentId, ids: items.map((i) => i.id) } });
  useForwardToasts(actor);

  const idsKey = items.map((i) => i.id).join(',');
  useEffect(() => {
    actor.send({ type: 'list.loaded', ids: idsKey ? idsKey.split(',').map(Number) : [] });
  }, [actor, idsKey]);

  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    const key = JSON.parse(keyText) as QueryKey;
    const saved = actor.on('list.saved', ({ ids }) => client.setQueryData<T[]>(key, (old) => (old ? renumber(old, ids) : old)));
    const failed = actor.on('list.failed', () => void client.invalidateQueries({ queryKey: key, exact: true }));
    return () => {
      saved.unsubscribe();
      failed.unsubscribe();
    };
  }, [actor, client, keyText]);

  const order = useSelector(actor, (s) => connectSortableList(s).order);
  const saving = useSelector(actor, (s) => connectSortableList(s).saving);
  const shown = useMemo(() => arrangeByIds(items, order), [items, order]);

  // Indexes of what is shown → indexes in the machine's order (they differ only for a moment after a change).
  const move = useCallback(
    (from: number, to: number) => {
      const current = connectSortableList(actor.getSnapshot()).order;
      const fromIndex = current.indexOf(shown[from]?.id ?? -1);
      const toIndex = current.indexOf(shown[to]?.id ?? -1);
      if (fromIndex >= 0 && toIndex >= 0) actor.send({ type: 'item.moved', from: fromIndex, to: toIndex });
    },
    [actor, shown],
  );
  return { shown, saving, move };
}
