import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";

/**
 * A dialog that a page renders closed (`open: false`) until someone opens it, whose code — a
 * form, its validation schemas and zod — stays out of the page's first load: it is fetched when
 * the page is idle, or when the dialog is first opened, and renders nothing until then (a closed
 * dialog shows nothing anyway).
 */
export function openedLater<Props extends { open: boolean }>(importComponent: () => Promise<ComponentType<Props>>) {
  const deferred = deferredModule(importComponent);
  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once at module scope (export const X = …), so each component is made once, not per render
  function OpenedLater(props: Props) {
    const [Component, setComponent] = useState<ComponentType<Props> | null>(null);
    usePreloadWhenIdle(deferred, (component) => setComponent(() => component));
    useEffect(() => {
      if (props.open && !Component)
        deferred.load().then(
          (component) => setComponent(() => component),
          () => {},
        );
    }, [props.open, Component]);
    return Component ? <Component {...props} /> : null;
  }
  return OpenedLater;
}

/**
 * A part of a page with nothing to show when it opens (a notice that may appear, a list kept on the
 * device): its code is fetched once the page is idle after hydration, and it renders nothing until then.
 */
export function loadedWhenIdle<Props extends object>(importComponent: () => Promise<ComponentType<Props>>) {
  const deferred = deferredModule(importComponent);
  // biome-ignore lint/correctness/noComponentHookFactories: made once at module scope, like openedLater's
  function LoadedWhenIdle(props: Props) {
    const [Component, setComponent] = useState<ComponentType<Props> | null>(() => deferred.current());
    usePreloadWhenIdle(deferred, (component) => setComponent(() => component));
    return Component ? <Component {...props} /> : null;
  }
  return LoadedWhenIdle;
}

/**
 * A part most visits of a page do not show (an empty state, a suggestion, an error, a note about other
 * currencies): its code is a file of its own, fetched only when the part is rendered. On the server it
 * streams in with the page, so the person sees the page whole; nothing is shown while it loads in the browser.
 */
export function renderedWhenNeeded<Props extends object>(importComponent: () => Promise<ComponentType<Props>>) {
  const Lazy = lazy(() => importComponent().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once at module scope, like openedLater's
  function RenderedWhenNeeded(props: Props) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return RenderedWhenNeeded;
}
