import { useMachineActor } from '../../../../app/useMachineActor';
import { useEffect } from 'react';
import { useActors } from '../../../../app/hooks';
import { groupFormMachine, type GroupFormActorRef } from '../../../../machines/groupForm';

/** The group form's actor for this page; its toasts go to the app's toast actor (as appActors wires the others). */
export function useGroupFormActor(): GroupFormActorRef {
  const { toast } = useActors();
  const actor = useMachineActor(groupFormMachine);
  useEffect(() => {
    const subscription = actor.on('toast.show', (event) => toast.send(event));
    return () => subscription.unsubscribe();
  }, [actor, toast]);
  return actor;
}
