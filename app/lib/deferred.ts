import { startTransition, useEffect, useState } from "react";

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
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 3000 });
  else window.setTimeout(task, 1000);
}

const idleLoads = new WeakMap<DeferredModule<unknown>, Promise<unknown>>();

/**
 * One fetch per module once the browser is idle, however many components wait for it (a menu on every row): they
 * all hear of it in the same microtask, so React renders them together, once.
 */
function loadWhenIdle<Module>(deferred: DeferredModule<Module>): Promise<Module> {
  let loading = idleLoads.get(deferred) as Promise<Module> | undefined;
  if (!loading) {
    loading = new Promise<void>((idle) => whenIdle(idle)).then(() => deferred.load());
    // Offline or a new deployment: the next mount, or the first use, tries again.
    loading.catch(() => idleLoads.delete(deferred));
    idleLoads.set(deferred, loading);
  }
  return loading;
}

/**
 * Fetches the module when the page is idle after mounting; `onLoaded` receives it, as a transition: swapping a
 * placeholder for the real thing never holds up what the person is doing.
 */
export function usePreloadWhenIdle<Module>(deferred: DeferredModule<Module>, onLoaded?: (module: Module) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once after mounting; onLoaded only sets state, so the first render's serves
  useEffect(() => {
    let isMounted = true;
    loadWhenIdle(deferred).then(
      (module) => {
        if (isMounted && onLoaded) startTransition(() => onLoaded(module));
      },
      () => {},
    );
    return () => {
      isMounted = false;
    };
    // Once per mount: onLoaded is a state setter, whose identity does not matter here.
  }, [deferred]);
}

/**
 * The module, asked for when the component mounts and `null` until it has arrived: what only a form that is
 * open needs, such as the zod schemas it checks before sending (the server checks them again, so a form sent
 * before they arrive loses nothing).
 */
export function useLoadedModule<Module>(deferred: DeferredModule<Module>): Module | null {
  const [loaded, setLoaded] = useState(deferred.current);
  useEffect(() => {
    if (loaded) return;
    let isMounted = true;
    deferred.load().then(
      (module) => {
        if (isMounted) setLoaded(() => module);
      },
      () => {},
    );
    return () => {
      isMounted = false;
    };
  }, [deferred, loaded]);
  return loaded;
}
