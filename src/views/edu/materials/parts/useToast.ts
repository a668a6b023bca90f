import { useCallback, useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import { useActors } from '../../../../app/hooks';
import type { ToastRequest, ToastSeverity } from '../../../../machines/toast';

/** Shows a toast (message: an i18n key of this page or plain text). */
export function useToast() {
  const { toast } = useActors();
  return useCallback(
    (severity: ToastSeverity, message: string, values?: Record<string, unknown>) => toast.send({ type: 'toast.show', severity, message, values }),
    [toast],
  );
}

/** Passes the toasts a page-level machine emits on to the app's toast actor. */
export function useForwardToasts(actor: AnyActorRef) {
  const { toast } = useActors();
  useEffect(() => {
    const sub = actor.on('toast.show', (event: ToastRequest) => toast.send(event));
    return () => sub.unsubscribe();
  }, [actor, toast]);
}
