// The one way a view starts an actor of its own (a page's lead stage or student status, a dialog's write, a
// download): `useActorRef` with the page's inspector, so in development every actor, not only the app's, shows in
// the Stately inspector (docs/statecharts.md). tests/unit/views/machineActors.test.ts fails when a view calls
// `useActorRef` directly.
import { useActorRef } from '@xstate/react';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { devInspector } from '../machines/inspect';

/** `useActorRef`, with the same arguments and result, reporting to the dev inspector. */
export const useMachineActor = ((logic: AnyActorLogic, options?: ActorOptions<AnyActorLogic>, observer?: never) =>
  useActorRef(logic, { ...options, inspect: options?.inspect ?? devInspector() }, observer)) as typeof useActorRef;
