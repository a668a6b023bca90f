import { describe, expect, it } from 'vitest';
import { ALL_LEADS, ARCHIVED, KUTULMOQDA, LEAD_STAGES, ORDER_CREATED, YANGI_LEAD, isLeadStage, lidStageType } from '../../../src/lib/leadStages';

describe('lead stages', () => {
  it('lists the five filter stages in order', () => {
    expect(LEAD_STAGES).toEqual(['ALL_LEADS', 'YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED', 'ARCHIVED']);
    expect([ALL_LEADS, YANGI_LEAD, KUTULMOQDA, ORDER_CREATED, ARCHIVED]).toEqual(LEAD_STAGES);
  });

  it('passes only YANGI_LEAD and KUTULMOQDA on as the stage type', () => {
    expect(lidStageType('YANGI_LEAD')).toBe('YANGI_LEAD');
    expect(lidStageType('KUTULMOQDA')).toBe('KUTULMOQDA');
    expect(lidStageType('ALL_LEADS')).toBe('');
    expect(lidStageType('ORDER_CREATED')).toBe('');
    expect(lidStageType('ARCHIVED')).toBe('');
    expect(lidStageType(null)).toBe('');
    expect(lidStageType('yangi_lead')).toBe('');
  });

  it('recognises stages', () => {
    expect(isLeadStage('ARCHIVED')).toBe(true);
    expect(isLeadStage('DONE')).toBe(false);
  });
});
