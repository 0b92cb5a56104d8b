import { useEffect } from "react";

/**
 * Code a page does not need to show itself or to become interactive — the insides of menus,
 * dialogs and drawers, which start closed. It stays out of the page's first load (page
 * weight) and is fetched once the browser is idle after hydration, or at first use if
 * that comes sooner, so opening it later does not wait for the network.
 */
export type DeferredModule<Module> = {
  /** The module, fetched once; a failed fetch is tried again at the next call. */
  load(): Promise<Module>;
  /** The module if it has arrived, so a component can render it without waiting a tick. */
  current(): Module | null;
};

export function deferredModule<Module>(importModule: () => Promise<Module>): DeferredModule<Module> {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  return {
    load() {
      loading ??= importModule().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
  };
}

/** Calls `task` when the browser is idle (Safari has no requestIdleCallback: a short timer). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}

/** Fetches the module when the page is idle after mounting; `onLoaded` receives it. */
export function usePreloadWhenIdle<Module>(deferred: DeferredModule<Module>, onLoaded?: (module: Module) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once after mounting; onLoaded only sets state, so the first render's serves
  useEffect(() => {
    let isMounted = true;
    const cancel = whenIdle(() => {
      deferred.load().then(
        (module) => {
          if (isMounted) onLoaded?.(module);
        },
        // Offline or a new deployment: the first use tries again.
        () => {},
      );
    });
    return () => {
      isMounted = false;
      cancel();
    };
    // Once per mount: onLoaded is a state setter, whose identity does not matter here.
  }, [deferred]);
}
