// Lead filter stages (spec section 2) and the stage type passed to the server (spec section 4).

export const LEAD_STAGES = ['ALL_LEADS', 'YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED', 'ARCHIVED'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export const [ALL_LEADS, YANGI_LEAD, KUTULMOQDA, ORDER_CREATED, ARCHIVED] = LEAD_STAGES;

/** Only YANGI_LEAD and KUTULMOQDA are passed on as `lid_stage_type`; every other stage gives ''. */
export function lidStageType(stage: string | null | undefined): '' | 'YANGI_LEAD' | 'KUTULMOQDA' {
  return stage === YANGI_LEAD || stage === KUTULMOQDA ? stage : '';
}

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === 'string' && (LEAD_STAGES as readonly string[]).includes(value);
}
