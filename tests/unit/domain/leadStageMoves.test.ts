// PATCH /lid/{id} names a stage; moveToStage picks the pipeline move, leadTransition judges it.
import { describe, expect, it } from 'vitest';
import { LEAD_STAGES, leadTransition } from '../../../contract/leadStages';
import { moveToStage } from '../../../server/domain/leads/stages';

describe('moveToStage', () => {
  it('waits from new, takes an order back from ordered, and has no move back to new', () => {
    expect(moveToStage('YANGI_LEAD', 'KUTULMOQDA')).toEqual({ type: 'wait' });
    expect(moveToStage('ORDER_CREATED', 'KUTULMOQDA')).toEqual({ type: 'cancelOrder' });
    for (const from of LEAD_STAGES) expect(moveToStage(from, 'YANGI_LEAD')).toBeNull();
    expect(moveToStage('YANGI_LEAD', 'ORDER_CREATED')).toBeNull();
  });

  it('leaves legality to the shared rule: waiting from joined or from the archive is refused there', () => {
    const joined = moveToStage('JOINED', 'KUTULMOQDA')!;
    expect(leadTransition({ stage: 'JOINED', is_archived: false }, joined)).toBeNull();
    expect(leadTransition({ stage: 'YANGI_LEAD', is_archived: true }, moveToStage('YANGI_LEAD', 'KUTULMOQDA')!)).toBeNull();
    expect(leadTransition({ stage: 'YANGI_LEAD', is_archived: false }, moveToStage('YANGI_LEAD', 'KUTULMOQDA')!)).toMatchObject({ stage: 'KUTULMOQDA' });
  });
});
