import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import { toastDurations, type ToastKind } from "./toast-durations";
import { emptyToastList, subscribeToToasts, toast, toastList } from "./toast-store";

export { toast, toastDurations, type ToastKind };

/** Radix's toasts, ~7 KB brotli: fetched when the page is idle, or with the first toast. */
const toasterParts = deferredModule(() => import("./toast-parts"));

/**
 * Rendered once in the root layout: the top-right stack of toasts. Nothing shows until a toast
 * is raised, so the stack (and its F8 landmark) renders once its code has arrived.
 */
export function Toaster() {
  const [RealToaster, setRealToaster] = useState<ComponentType | null>(null);
  const list = useSyncExternalStore(subscribeToToasts, toastList, () => emptyToastList);
  usePreloadWhenIdle(toasterParts, (parts) => setRealToaster(() => parts.Toaster));
  const hasToasts = list.length > 0;
  useEffect(() => {
    if (hasToasts && !RealToaster)
      toasterParts.load().then(
        (parts) => setRealToaster(() => parts.Toaster),
        () => {},
      );
  }, [hasToasts, RealToaster]);
  return RealToaster ? <RealToaster /> : null;
}
