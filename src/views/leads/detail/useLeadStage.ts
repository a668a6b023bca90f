import { useMachineActor } from '../../../app/useMachineActor';
import { useEffect } from 'react';
import type { Lead } from '../../../../contract/leads';
import { useRefreshLead } from '../../../api/leadDetail';
import { useActors } from '../../../app/hooks';
import { leadStageMachine, type LeadCard, type LeadStageActorRef } from '../../../machines/leadStage';

/** What the statechart keeps of a lead. */
export function leadCard(lead: Lead): LeadCard {
  return {
    id: lead.id,
    stage: lead.stage,
    is_archived: lead.is_archived,
    archived_reason: lead.archived_reason,
    order: lead.order_group && lead.first_lesson_date ? { group: lead.order_group.id, first_lesson_date: lead.first_lesson_date } : null,
  };
}

/**
 * The leadStage actor of one lead: its toasts go to the app's toast, a saved move refetches the lead, its history
 * and the lists. The caller remounts it (a `key` of stage and archive flag) when the server's lead changes.
 */
export function useLeadStage(lead: Lead, onMoved?: (stage: Lead['stage']) => void): LeadStageActorRef {
  const { toast } = useActors();
  const refresh = useRefreshLead();
  const actor = useMachineActor(leadStageMachine, { input: { lead: leadCard(lead) } });
  useEffect(() => {
    const subscriptions = [
      actor.on('toast.show', (request) => toast.send(request)),
      actor.on('lead.moved', (event) => {
        onMoved?.(event.stage);
        void refresh(event.id);
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, toast, refresh, onMoved]);
  return actor;
}
