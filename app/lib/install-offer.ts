/**
 * Whether this browser offers to install the app (README: "Installable app"). Chromium-based browsers fire
 * `beforeinstallprompt` once the page qualifies — often before React has hydrated — so entry.client.tsx
 * starts listening first thing, and the user menu offers "Install the app" while the offer stands. Safari on
 * iPhone and iPad has no such event: there the menu explains "Add to Home Screen" instead.
 */
import { useSyncExternalStore } from "react";

/** The event Chromium hands over: `prompt()` shows its install dialog, once. */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Called once from entry.client.tsx, before hydration. */
export function listenForInstallOffer() {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Kept for the menu instead of the browser's own mini-infobar.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offered = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Safari on an iPhone or iPad (iPadOS names itself a Mac with touch), not already opened from the Home Screen. */
function isIosSafariTab(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const isSafari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
  const isStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return isIos && isSafari && !isStandalone;
}

export type InstallOffer = { kind: "prompt"; install(): Promise<void> } | { kind: "ios-hint" } | null;

/** What the user menu can offer now: the browser's install dialog, the iOS hint, or nothing. */
export function useInstallOffer(): InstallOffer {
  const event = useSyncExternalStore(
    subscribe,
    () => offered,
    () => null,
  );
  const isIos = useSyncExternalStore(subscribe, isIosSafariTab, () => false);
  if (event) {
    return {
      kind: "prompt",
      install: async () => {
        await event.prompt();
        await event.userChoice;
        // An offer is good for one prompt; the browser fires a new one if it may ask again.
        offered = null;
        changed();
      },
    };
  }
  return isIos ? { kind: "ios-hint" } : null;
}
