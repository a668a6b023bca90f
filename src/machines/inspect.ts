// Streams live actors to the Stately inspector in development (docs/statecharts.md). Opt-in with `?inspect` in the
// URL or VITE_XSTATE_INSPECT=true, because the inspector opens a new window on every load.
// The inspector module is loaded lazily: it never reaches a production bundle, and events from actors created
// before it loads are buffered and replayed.
import type { InspectionEvent, Observer } from 'xstate';

function isPlumbing(value: unknown): boolean {
  if (typeof value === 'function') return true;
  return typeof value === 'object' && value !== null && ('send' in value || 'getItem' in value || 'readTokens' in value);
}

function wanted(): boolean {
  if (import.meta.env.VITE_XSTATE_INSPECT === 'true') return true;
  return typeof location !== 'undefined' && new URLSearchParams(location.search).has('inspect');
}

let shared: { inspector: Observer<InspectionEvent> | undefined } | null = null;

/**
 * The one inspector of the page: the app's actors (createAppActors) and every actor a view starts
 * (useMachineActor, src/app/useMachineActor.ts) report to it, so one inspector window shows them all.
 * Undefined outside development or when not asked for.
 */
export function devInspector(): Observer<InspectionEvent> | undefined {
  shared ??= { inspector: createDevInspector() };
  return shared.inspector;
}

/** A new inspector (the page uses devInspector(), which makes one); undefined outside development. */
export function createDevInspector(): Observer<InspectionEvent> | undefined {
  if (!import.meta.env.DEV || !wanted()) return undefined;
  const buffered: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | null = null;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({
      // Context holds storage adapters, clocks and actor refs: show data, not plumbing.
      sanitizeContext: (context) => Object.fromEntries(Object.entries(context).filter(([, v]) => !isPlumbing(v))),
    });
    target = inspector.inspect;
    buffered.splice(0).forEach((event) => target?.next?.(event));
  });
  return {
    next: (event) => (target ? target.next?.(event) : void buffered.push(event)),
    error: () => {},
    complete: () => {},
  };
}
