// The board's moves: each move starts the lead's own leadStage statechart (the lead page's machine, so the same
// rule guards it, the same request saves it and a refusal rolls it back with the same toast). While a move is
// saved, and until the columns are refetched after it, the lead shows in its new column (`moving`); a refused move
// drops it from `moving`, so the card is back where the server has it. A lead takes one move at a time.
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import type { Lead } from '../../../../contract/leads';
import type { LeadStage } from '../../../../contract/leadStages';
import { useRefreshLead } from '../../../api/leadDetail';
import { useActors } from '../../../app/hooks';
import { devInspector } from '../../../machines/inspect';
import { leadStageMachine, type LeadMoveEvent, type LeadStageActorRef } from '../../../machines/leadStage';
import { leadCard } from '../detail/useLeadStage';

export type Moving = { lead: Lead; stage: LeadStage };

export function useBoardMoves() {
  const { toast } = useActors();
  const refresh = useRefreshLead();
  const [moving, setMoving] = useState<ReadonlyMap<number, Moving>>(() => new Map());
  const actors = useRef(new Map<number, LeadStageActorRef>());

  useEffect(() => {
    const running = actors.current;
    return () => running.forEach((actor) => actor.stop());
  }, []);

  /** Sends `event` to a new statechart of `lead`; false when the rule refuses it or the lead is already moving. */
  const move = useCallback(
    (lead: Lead, event: LeadMoveEvent): boolean => {
      if (actors.current.has(lead.id)) return false;
      const actor = createActor(leadStageMachine, { input: { lead: leadCard(lead) }, inspect: devInspector() });
      const finish = () => {
        actor.stop();
        actors.current.delete(lead.id);
        setMoving((m) => {
          const next = new Map(m);
          next.delete(lead.id);
          return next;
        });
      };
      actor.on('toast.show', (request) => toast.send(request));
      actor.on('lead.moved', (moved) => void refresh(moved.id).finally(finish));
      actor.subscribe((s) => {
        if (s.matches('saving')) setMoving((m) => new Map(m).set(lead.id, { lead: { ...lead, stage: s.context.item.stage }, stage: s.context.item.stage }));
        else if (s.context.error !== null) finish();
      });
      actors.current.set(lead.id, actor);
      actor.start();
      actor.send(event);
      if (actor.getSnapshot().matches('saving')) return true;
      finish();
      return false;
    },
    [toast, refresh],
  );

  return { moving, move };
}
