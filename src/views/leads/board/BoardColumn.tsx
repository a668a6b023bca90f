// One stage's column: its leads page after page from GET /lid/ (the table's filters and the stage), virtualised
// (@tanstack/react-virtual), so only the cards in view and a few around them are in the page however many leads
// the stage holds; reaching the end loads the next page. A drop target for the cards of the other columns.
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import type { Lead } from '../../../../contract/leads';
import { useLeadsColumn } from '../../../api/leads';
import { useT } from '../../../i18n';
import { leadListParams, type LeadFilters } from '../leadQuery';
import { BoardCard } from './BoardCard';
import { placeLeads, type BoardColumn as Column } from './boardRules';
import type { Moving } from './useBoardMoves';

const CARD_HEIGHT = 124;
const GAP = 8;

const column = css({
  display: 'flex',
  flexDirection: 'column',
  flex: { base: '0 0 85%', sm: '0 0 300px', lg: '1 1 0' },
  minW: '0',
  bg: 'bg.muted',
  borderRadius: 'card',
  borderWidth: '2px',
  borderColor: 'transparent',
  scrollSnapAlign: 'start',
});

export function BoardColumn({
  stage,
  filters,
  moving,
  now,
  accepts,
  onStep,
  describedBy,
}: {
  stage: Column;
  filters: LeadFilters;
  moving: ReadonlyMap<number, Moving>;
  now: Date;
  /** Whether the card being dragged may drop here (the pipeline's rule). */
  accepts: boolean | null;
  onStep: (lead: Lead, to: Column) => void;
  describedBy: string;
}) {
  const { t } = useT();
  const query = useLeadsColumn(leadListParams(stage, filters), filters.filial !== null);
  const fromServer = useMemo(() => query.data?.pages.flatMap((p) => p.results) ?? [], [query.data]);
  const leads = useMemo(() => placeLeads(stage, fromServer, moving), [stage, fromServer, moving]);
  const total = query.data?.pages[0]?.count;
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  const scroller = useRef<HTMLDivElement>(null);
  const more = query.hasNextPage ? 1 : 0;
  const virtualizer = useVirtualizer({
    count: leads.length + more,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_HEIGHT + GAP,
    overscan: 6,
    getItemKey: (i) => leads[i]?.id ?? 'more',
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (last && last.index >= leads.length - 1 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, leads.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section
      ref={setNodeRef}
      className={cx(column, isOver && accepts ? css({ borderColor: 'accent.default' }) : undefined, accepts === false ? css({ opacity: 0.6 }) : undefined)}
      aria-labelledby={`board-${stage}-title`}
      data-testid={`board-column-${stage}`}
    >
      <header className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: '3', py: '2' })}>
        <h2 id={`board-${stage}-title`} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
          {t(`leads.stage.${stage}`)}
        </h2>
        {total !== undefined ? (
          <span data-testid={`board-count-${stage}`} className={css({ px: '2', borderRadius: 'full', bg: 'bg.surface', color: 'fg.muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' })}>
            {total}
          </span>
        ) : null}
      </header>
      <div ref={scroller} data-testid={`board-scroll-${stage}`} className={css({ overflowY: 'auto', px: '2', pb: '2', h: { base: 'calc(100dvh - 260px)', md: 'calc(100dvh - 300px)' }, minH: '320px' })}>
        {leads.length === 0 ? (
          <p className={css({ py: '8', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' })}>{query.isLoading ? t('common.loading') : t('leads.board.empty')}</p>
        ) : (
          <ul aria-label={t(`leads.stage.${stage}`)} className={css({ position: 'relative' })} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const lead = leads[item.index];
              return (
                <li
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className={css({ position: 'absolute', top: '0', left: '0', w: '100%' })}
                  style={{ transform: `translateY(${item.start}px)`, paddingBottom: GAP }}
                >
                  {lead ? (
                    <BoardCard lead={lead} column={stage} now={now} onStep={onStep} describedBy={describedBy} />
                  ) : (
                    <p role="status" className={css({ py: '3', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' })}>
                      {t('leads.board.loadingMore')}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
