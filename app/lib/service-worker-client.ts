/**
 * The pages' side of the service worker (app/service-worker/, docs/decisions/053-service-worker.md):
 * registering it once a workspace page is live, offering a new build ("A new version is ready —
 * Reload") instead of switching under the person, and knowing whether what the page shows is a copy
 * kept on the device (and from when) or live.
 */
import { useSyncExternalStore } from "react";
import { type PageMessage, savedCopyMetaName, type WorkerMessage } from "./offline-app";

type State = {
  /** A new build installed and waiting for the person to reload. */
  waiting: ServiceWorker | null;
  /** When what the page shows was saved on the device; null when it came from the network. */
  savedAt: string | null;
  isOnline: boolean;
};

let state: State = { waiting: null, savedAt: null, isOnline: true };
const listeners = new Set<() => void>();
const queueListeners = new Set<() => void>();
let isStarted = false;

function change(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const serverState: State = { waiting: null, savedAt: null, isOnline: true };

/** The page's view of the app on this device: a waiting update, a kept copy, the connection. */
export const useOfflineState = (): State =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );

/** Called when Background Sync asks an open page to send the entries recorded offline. */
export function onSendQueuedRequest(listener: () => void): () => void {
  queueListeners.add(listener);
  return () => queueListeners.delete(listener);
}

/**
 * Registers the worker and starts listening, once per page load (a workspace page's shell calls it
 * after hydration). Development builds have no worker: Vite serves modules that change as you edit.
 */
export function startOfflineApp() {
  if (isStarted || typeof window === "undefined") return;
  isStarted = true;
  const savedAt = document.querySelector(`meta[name="${savedCopyMetaName}"]`)?.getAttribute("content") || null;
  change({ savedAt, isOnline: navigator.onLine });
  window.addEventListener("online", () => change({ isOnline: true }));
  window.addEventListener("offline", () => change({ isOnline: false }));
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === "saved-copy") change({ savedAt: event.data.savedAt });
    if (event.data?.type === "live") change({ savedAt: null });
    if (event.data?.type === "send-queued") for (const listener of queueListeners) listener();
  });
  navigator.serviceWorker
    .register("/sw.js", { scope: "/", updateViaCache: "none" })
    .then(watchForUpdates)
    .catch(() => {
      // No worker (blocked, or a private window without storage): the app works online as before.
    });
}

/** A worker installed while another controls the page is a new build: offered, never forced. */
function watchForUpdates(registration: ServiceWorkerRegistration) {
  const offerIfNew = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) change({ waiting: worker });
  };
  offerIfNew(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed") offerIfNew(installing);
    });
  });
}

/** "Reload": the waiting build takes over, and the page reloads once it has. */
export function takeUpdate() {
  const { waiting } = state;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  waiting.postMessage({ type: "take-over" } satisfies PageMessage);
}
