import type { AppActors } from '../machines/appActors';

// wouter patches history.pushState/replaceState to fire events of the same name; listening to them outside React
// tells the gate about every route change, including the first one (the "router is ready" moment).
const EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

export function followBrowserRoute(gate: AppActors['gate']): () => void {
  let last: string | null = null;
  const onChange = () => {
    const path = location.pathname + location.search;
    if (path === last) return;
    last = path;
    gate.send({ type: 'route.change', path });
  };
  EVENTS.forEach((e) => addEventListener(e, onChange));
  onChange();
  return () => EVENTS.forEach((e) => removeEventListener(e, onChange));
}
