// /leads?view=board: one column per open stage, cards dragged between them (or moved with the arrow keys / the
// card's arrow buttons). A drop asks the pipeline's rule which move it is (boardRules.ts) and sends it to the
// lead's leadStage statechart (useBoardMoves.ts); an order asks for its group and first lesson first, a
// cancelled order for a confirmation, as on the lead page. Screen readers hear every step from the locale files.
import { DndContext, DragOverlay, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useId, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { Lead } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { OrderDialog } from '../detail/OrderDialog';
import { CancelOrderDialog } from '../detail/StageControls';
import type { LeadFilters } from '../leadQuery';
import { BoardCardFace } from './BoardCard';
import { BoardColumn } from './BoardColumn';
import { BOARD_COLUMNS, boardMoveTo, isBoardColumn, type BoardColumn as Column } from './boardRules';
import { useBoardMoves } from './useBoardMoves';

type Dragged = { lead: Lead; column: Column };
type Asking = { lead: Lead; move: 'order' | 'cancelOrder' } | null;

const draggedOf = (data: unknown): Dragged | null => (data && typeof data === 'object' && 'lead' in data ? (data as Dragged) : null);

export function LeadBoard({ filters }: { filters: LeadFilters }) {
  const { t } = useT();
  const { moving, move } = useBoardMoves();
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [said, setSaid] = useState('');
  const instructions = useId();
  // The age of every card counts from the board's opening.
  const now = useMemo(() => new Date(), []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }));
  const stageName = (stage: string) => t(`leads.stage.${stage}`);

  /** A lead asked to go to column `to`: the rule's move, sent or asked about; refused ones are said. */
  const request = (lead: Lead, to: Column) => {
    const kind = boardMoveTo(lead, to);
    if (!kind) {
      setSaid(t('leads.board.notAllowed', { name: lead.full_name, from: stageName(lead.stage), column: stageName(to) }));
      return;
    }
    if (kind === 'wait') send(lead, to, { type: 'lead.wait' });
    else setAsking({ lead, move: kind });
  };
  const send = (lead: Lead, to: Column, event: Parameters<typeof move>[1]) => {
    if (move(lead, event)) setSaid(t('leads.board.moved', { name: lead.full_name, column: stageName(to) }));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => t('leads.board.picked', { name: draggedOf(active.data.current)?.lead.full_name ?? '' }),
    onDragOver: ({ active, over }) => (over ? t('leads.board.over', { name: draggedOf(active.data.current)?.lead.full_name ?? '', column: stageName(String(over.id)) }) : undefined),
    onDragEnd: ({ active }) => t('leads.board.dropped', { name: draggedOf(active.data.current)?.lead.full_name ?? '' }),
    onDragCancel: ({ active }) => t('leads.board.cancelled', { name: draggedOf(active.data.current)?.lead.full_name ?? '' }),
  };

  const onDragStart = (e: DragStartEvent) => setDragged(draggedOf(e.active.data.current));
  const onDragEnd = (e: DragEndEvent) => {
    setDragged(null);
    const from = draggedOf(e.active.data.current);
    const to = e.over?.id;
    if (from && isBoardColumn(to) && to !== from.column) request(from.lead, to);
  };

  return (
    <div data-testid="lead-board">
      <p id={instructions} className={css({ srOnly: true })}>
        {t('leads.board.instructions')}
      </p>
      <p role="status" aria-live="polite" data-testid="board-said" className={css({ srOnly: true })}>
        {said}
      </p>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('leads.board.instructions') } }}
      >
        <div
          aria-label={t('leads.board.label')}
          role="region"
          className={css({ display: 'flex', gap: '3', overflowX: 'auto', scrollSnapType: 'x mandatory', pb: '2', mt: '3' })}
        >
          {BOARD_COLUMNS.map((stage) => (
            <BoardColumn
              key={stage}
              stage={stage}
              filters={filters}
              moving={moving}
              now={now}
              accepts={dragged ? dragged.column === stage || boardMoveTo(dragged.lead, stage) !== null : null}
              onStep={request}
              describedBy={instructions}
            />
          ))}
        </div>
        <DragOverlay>{dragged ? <BoardCardFace lead={dragged.lead} column={dragged.column} now={now} className={css({ boxShadow: 'lg', cursor: 'grabbing' })} /> : null}</DragOverlay>
      </DndContext>
      {asking?.move === 'order' ? (
        <OrderDialog
          lead={asking.lead}
          onClose={() => setAsking(null)}
          onOrder={(order) => {
            setAsking(null);
            send(asking.lead, 'ORDER_CREATED', { type: 'lead.order', ...order });
          }}
        />
      ) : null}
      <CancelOrderDialog
        open={asking?.move === 'cancelOrder'}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) send(asking.lead, 'KUTULMOQDA', { type: 'lead.cancelOrder' });
          setAsking(null);
        }}
      />
    </div>
  );
}
