// One lead on the board: name (a link to the lead page), phone, subject, source and age; the card drags, its
// arrow keys move it to the neighbour column, and its arrow buttons do the same for a mouse, a phone or Tab.
import { useDraggable } from '@dnd-kit/core';
import { BookOpen, ChevronLeft, ChevronRight, Clock, Megaphone, Phone } from 'lucide-react';
import { forwardRef, type HTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import { useT } from '../../../i18n';
import { formatPhone } from '../../../lib/phoneText';
import { leadHref } from '../list/LeadsTable';
import { subjectLevel } from '../list/leadText';
import { boardMoveTo, neighbourColumn, type BoardColumn } from './boardRules';
import { leadAge } from './leadAge';

const card = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  p: '3',
  display: 'grid',
  gap: '1',
  cursor: 'grab',
  touchAction: 'manipulation',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '1px' },
});
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm', minW: '0', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis' });
const arrow = css({ display: 'grid', placeItems: 'center', w: '7', h: '7', borderRadius: 'control', color: 'fg.muted', cursor: 'pointer', _hover: { bg: 'bg.subtle', color: 'fg.default' } });

type CardProps = { lead: Lead; column: BoardColumn; now: Date; onStep?: (lead: Lead, to: BoardColumn) => void } & HTMLAttributes<HTMLDivElement>;

/** The card's face (also the drag overlay's). */
export const BoardCardFace = forwardRef<HTMLDivElement, CardProps>(function BoardCardFace({ lead, column, now, onStep, className, ...rest }, ref) {
  const { t, lang } = useT();
  const age = leadAge(lead.created_at, now, lang);
  const step = (dir: -1 | 1) => {
    const to = neighbourColumn(column, dir);
    return to && boardMoveTo(lead, to) ? to : null;
  };
  const left = step(-1);
  const right = step(1);
  const stepButton = (to: BoardColumn | null, dir: 'left' | 'right') =>
    to && onStep ? (
      <button
        type="button"
        className={arrow}
        aria-label={t('leads.board.moveTo', { name: lead.full_name, column: t(`leads.stage.${to}`) })}
        title={t('leads.board.moveTo', { name: lead.full_name, column: t(`leads.stage.${to}`) })}
        data-testid={`board-step-${dir}`}
        onPointerDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => e.stopPropagation()}
        onClick={() => onStep(lead, to)}
      >
        {dir === 'left' ? <ChevronLeft size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
      </button>
    ) : null;
  return (
    <div ref={ref} className={cx(card, className)} data-testid="board-card" data-lead-id={lead.id} {...rest}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '1' })}>
        <Link
          href={leadHref(lead)}
          onPointerDown={(e) => e.stopPropagation()}
          className={css({ flex: '1', minW: '0', fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere', _hover: { color: 'accent.fg', textDecoration: 'underline' } })}
        >
          {lead.full_name}
        </Link>
        {stepButton(left, 'left')}
        {stepButton(right, 'right')}
      </div>
      <span className={meta}>
        <Phone size={14} aria-hidden="true" />
        <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{formatPhone(lead.phone)}</span>
      </span>
      {subjectLevel(lead) ? (
        <span className={meta}>
          <BookOpen size={14} aria-hidden="true" />
          {subjectLevel(lead)}
        </span>
      ) : null}
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <span className={meta}>
          <Megaphone size={14} aria-hidden="true" />
          {lead.source?.name ?? t('leads.list.none')}
        </span>
        <span className={cx(meta, css({ flexShrink: '0', color: 'fg.subtle', fontSize: 'xs' }))} title={lead.created_at}>
          <Clock size={12} aria-hidden="true" />
          {age ? t('leads.board.age', { age }) : t('leads.board.ageNow')}
        </span>
      </div>
    </div>
  );
});

/** A card that drags (pointer) and moves with the arrow keys while focused. */
export function BoardCard({ lead, column, now, onStep, describedBy }: { lead: Lead; column: BoardColumn; now: Date; onStep: (lead: Lead, to: BoardColumn) => void; describedBy: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: lead.id, data: { lead, column } });
  return (
    <BoardCardFace
      ref={setNodeRef}
      lead={lead}
      column={column}
      now={now}
      onStep={onStep}
      {...attributes}
      {...listeners}
      aria-describedby={describedBy}
      style={{ opacity: isDragging ? 0.4 : 1 }}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        const to = neighbourColumn(column, e.key === 'ArrowLeft' ? -1 : 1);
        if (!to) return;
        e.preventDefault();
        onStep(lead, to);
      }}
    />
  );
}
