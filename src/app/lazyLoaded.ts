// React.lazy suspends on its first render even when the code has already arrived (preloaded at boot or on the
// sign-in submit), so the fallback is committed and the component paints a frame later. This wrapper renders the
// loaded component directly in that case, and falls back to React.lazy while the code is still on its way.
import { createElement, lazy, type ComponentType } from 'react';

export type LazyLoaded = ComponentType & {
  /** Starts loading now; resolves with the module. */
  preload(): Promise<{ default: ComponentType }>;
};

/** `load` is called once; a failed load is tried again on the next preload or render. */
export function lazyLoaded(load: () => Promise<{ default: ComponentType }>): LazyLoaded {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: one component per lazily loaded page, made once at module load, never in a render
  const Component = () => createElement(loaded ?? Lazy);
  return Object.assign(Component, { preload });
}
