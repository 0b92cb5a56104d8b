import { loadedWhenIdle } from "~/components/ui/opened-later";

/**
 * Parts of the workspace shell out of the pages' first load: each has nothing to show until the page is
 * live. The installed app's (docs/decisions/053-service-worker.md) — the service worker is registered then,
 * the entries recorded offline are read from the device then, and a notice appears only when there is
 * something to say — and the desktop's keyboard shortcuts, which wait for a key.
 */
export const OfflineAppParts = loadedWhenIdle(() =>
  import("./offline-notices").then((module) => module.OfflineAppParts),
);
export const OfflineBanner = loadedWhenIdle(() => import("./offline-notices").then((module) => module.OfflineBanner));
export const QueuedEntriesList = loadedWhenIdle(() =>
  import("~/components/transactions/queued-entries").then((module) => module.QueuedEntriesList),
);
export const KeyboardShortcuts = loadedWhenIdle(() =>
  import("./keyboard-shortcuts").then((module) => module.KeyboardShortcuts),
);
