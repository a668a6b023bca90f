import { describe, expect, it } from 'vitest';
import { boardMoveTo, neighbourColumn, placeLeads } from '../../../src/views/leads/board/boardRules';

const at = (stage: 'YANGI_LEAD' | 'KUTULMOQDA' | 'ORDER_CREATED' | 'JOINED', is_archived = false) => ({ stage, is_archived });

describe('the lead board rules', () => {
  it('asks for the lead page moves the pipeline allows, and none other', () => {
    expect(boardMoveTo(at('YANGI_LEAD'), 'KUTULMOQDA')).toBe('wait');
    expect(boardMoveTo(at('YANGI_LEAD'), 'ORDER_CREATED')).toBe('order');
    expect(boardMoveTo(at('KUTULMOQDA'), 'ORDER_CREATED')).toBe('order');
    expect(boardMoveTo(at('ORDER_CREATED'), 'KUTULMOQDA')).toBe('cancelOrder');
    // Back to new, onto its own column, from a joined or archived lead: refused.
    expect(boardMoveTo(at('KUTULMOQDA'), 'YANGI_LEAD')).toBeNull();
    expect(boardMoveTo(at('ORDER_CREATED'), 'YANGI_LEAD')).toBeNull();
    expect(boardMoveTo(at('YANGI_LEAD'), 'YANGI_LEAD')).toBeNull();
    expect(boardMoveTo(at('ORDER_CREATED'), 'ORDER_CREATED')).toBeNull();
    expect(boardMoveTo(at('JOINED'), 'KUTULMOQDA')).toBeNull();
    expect(boardMoveTo(at('YANGI_LEAD', true), 'KUTULMOQDA')).toBeNull();
  });

  it('steps to the neighbour column and stops at the edges', () => {
    expect(neighbourColumn('YANGI_LEAD', 1)).toBe('KUTULMOQDA');
    expect(neighbourColumn('KUTULMOQDA', -1)).toBe('YANGI_LEAD');
    expect(neighbourColumn('YANGI_LEAD', -1)).toBeNull();
    expect(neighbourColumn('ORDER_CREATED', 1)).toBeNull();
  });

  it('shows a moving lead in its new column first, and only there', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const c = { id: 3 };
    const moving = new Map([[2, { lead: b, stage: 'KUTULMOQDA' as const }]]);
    expect(placeLeads('YANGI_LEAD', [a, b], moving)).toEqual([a]);
    expect(placeLeads('KUTULMOQDA', [c], moving)).toEqual([b, c]);
    // The refetched column already holds it: no twin.
    expect(placeLeads('KUTULMOQDA', [b, c], moving)).toEqual([b, c]);
    expect(placeLeads('YANGI_LEAD', [a, b], new Map())).toEqual([a, b]);
  });
});
