import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_REASONS,
  LEAD_MOVES,
  LEAD_STAGES,
  leadTransition,
  legalMoves,
  type LeadMove,
  type LeadMoveType,
  type LeadNext,
  type LeadStage,
} from '../../../contract/leadStages';

const moves: Record<LeadMoveType, LeadMove> = {
  wait: { type: 'wait' },
  order: { type: 'order', group: 12, first_lesson_date: '2026-12-01' },
  changeOrder: { type: 'changeOrder', group: 12, first_lesson_date: '2026-12-01' },
  join: { type: 'join' },
  cancelOrder: { type: 'cancelOrder' },
  archive: { type: 'archive', reason: 'too_expensive' },
  restore: { type: 'restore' },
};

const order = { group: 12, first_lesson_date: '2026-12-01' };
const archived = (stage: LeadStage): LeadNext => ({ stage, is_archived: true, archived_reason: 'too_expensive' });
const restored = (stage: LeadStage): LeadNext => ({ stage, is_archived: false, archived_reason: null });

// Every (position, move) pair: the next position, or null for an illegal move.
const table: Record<`${LeadStage}${'' | '+archived'}`, Record<LeadMoveType, LeadNext | null>> = {
  YANGI_LEAD: {
    wait: { stage: 'KUTULMOQDA', is_archived: false },
    order: { stage: 'ORDER_CREATED', is_archived: false, order },
    changeOrder: null,
    join: null,
    cancelOrder: null,
    archive: archived('YANGI_LEAD'),
    restore: null,
  },
  KUTULMOQDA: {
    wait: null,
    order: { stage: 'ORDER_CREATED', is_archived: false, order },
    changeOrder: null,
    join: null,
    cancelOrder: null,
    archive: archived('KUTULMOQDA'),
    restore: null,
  },
  ORDER_CREATED: {
    wait: null,
    order: null,
    changeOrder: { stage: 'ORDER_CREATED', is_archived: false, order },
    join: { stage: 'JOINED', is_archived: false },
    cancelOrder: { stage: 'KUTULMOQDA', is_archived: false, order: null },
    archive: archived('ORDER_CREATED'),
    restore: null,
  },
  JOINED: { wait: null, order: null, changeOrder: null, join: null, cancelOrder: null, archive: null, restore: null },
  'YANGI_LEAD+archived': { wait: null, order: null, changeOrder: null, join: null, cancelOrder: null, archive: null, restore: restored('YANGI_LEAD') },
  'KUTULMOQDA+archived': { wait: null, order: null, changeOrder: null, join: null, cancelOrder: null, archive: null, restore: restored('KUTULMOQDA') },
  'ORDER_CREATED+archived': {
    wait: null,
    order: null,
    changeOrder: null,
    join: null,
    cancelOrder: null,
    archive: null,
    restore: restored('ORDER_CREATED'),
  },
  'JOINED+archived': { wait: null, order: null, changeOrder: null, join: null, cancelOrder: null, archive: null, restore: null },
};

const pairs = LEAD_STAGES.flatMap((stage) =>
  [false, true].flatMap((is_archived) => LEAD_MOVES.map((move) => ({ stage, is_archived, move }))),
);

describe('leadTransition', () => {
  it('has an expectation for all 56 pairs', () => {
    expect(pairs).toHaveLength(56);
  });

  it.each(pairs)('$stage (archived: $is_archived) + $move', ({ stage, is_archived, move }) => {
    const key = `${stage}${is_archived ? '+archived' : ''}` as keyof typeof table;
    expect(leadTransition({ stage, is_archived }, moves[move])).toEqual(table[key][move]);
  });

  it('legalMoves lists exactly the non-null moves of each position', () => {
    for (const { stage, is_archived } of pairs.filter((p) => p.move === 'wait')) {
      const key = `${stage}${is_archived ? '+archived' : ''}` as keyof typeof table;
      const expected = LEAD_MOVES.filter((m) => table[key][m] !== null);
      expect(legalMoves({ stage, is_archived })).toEqual(expected);
    }
  });

  it('an order needs a group and a real first lesson date', () => {
    const from = { stage: 'KUTULMOQDA', is_archived: false } as const;
    expect(leadTransition(from, { type: 'order', group: 0, first_lesson_date: '2026-12-01' })).toBeNull();
    expect(leadTransition(from, { type: 'order', group: 1.5, first_lesson_date: '2026-12-01' })).toBeNull();
    expect(leadTransition(from, { type: 'order', group: 3, first_lesson_date: '' })).toBeNull();
    expect(leadTransition(from, { type: 'order', group: 3, first_lesson_date: '2026-02-30' })).toBeNull();
    expect(leadTransition(from, { type: 'order', group: 3, first_lesson_date: '01.12.2026' })).toBeNull();
    expect(leadTransition(from, { type: 'order', group: 3, first_lesson_date: '2028-02-29' })).toEqual({
      stage: 'ORDER_CREATED',
      is_archived: false,
      order: { group: 3, first_lesson_date: '2028-02-29' },
    });
  });

  it('archiving needs one of the listed reasons', () => {
    const from = { stage: 'YANGI_LEAD', is_archived: false } as const;
    for (const reason of ARCHIVE_REASONS) {
      expect(leadTransition(from, { type: 'archive', reason })).toEqual({ ...archived('YANGI_LEAD'), archived_reason: reason });
    }
    expect(leadTransition(from, { type: 'archive', reason: '' as never })).toBeNull();
    expect(leadTransition(from, { type: 'archive', reason: 'bored' as never })).toBeNull();
  });

  it('refuses an unknown stage or move', () => {
    expect(leadTransition({ stage: 'ARCHIVED' as never, is_archived: false }, { type: 'wait' })).toBeNull();
    expect(leadTransition({ stage: 'YANGI_LEAD', is_archived: false }, { type: 'enrol' } as never)).toBeNull();
  });
});
