import { loadedWhenIdle } from "~/components/ui/opened-later";

/**
 * The installed app's parts (docs/decisions/053-service-worker.md), out of the pages' first load: each has
 * nothing to show until the page is live — the service worker is registered then, the entries recorded
 * offline are read from the device then, and a notice appears only when there is something to say.
 */
export const OfflineAppParts = loadedWhenIdle(() =>
  import("./offline-notices").then((module) => module.OfflineAppParts),
);
export const OfflineBanner = loadedWhenIdle(() => import("./offline-notices").then((module) => module.OfflineBanner));
export const QueuedEntriesList = loadedWhenIdle(() =>
  import("~/components/transactions/queued-entries").then((module) => module.QueuedEntriesList),
);
