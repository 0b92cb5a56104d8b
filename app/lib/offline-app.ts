/**
 * What the installed app keeps on the device (docs/decisions/053-service-worker.md), shared by the service
 * worker (app/service-worker/) and the pages: which pages stay readable offline, the names of its caches,
 * and the messages the two send each other. Nothing here may touch `window` or `document`: it runs in both.
 */

/** Every cache the app makes starts with this; a build's own caches add its id. */
export const cachePrefix = "moneta-";

export const cacheNames = (buildId: string) => ({
  /** The build's scripts, styles, fonts and icons: fetched on install, answered from the device. */
  assets: `${cachePrefix}assets-${buildId}`,
  /** The last-seen copy of each page kept for reading offline (and its data for in-app navigation). */
  pages: `${cachePrefix}pages-${buildId}`,
});

/** Whether a cache holds kept pages (of any build): a sign-out empties them all. */
const isKeptPagesCache = (name: string) => name.startsWith(`${cachePrefix}pages-`);

/** Empties the pages kept on this device, every build's: on signing out (the worker) and on the sign-in page. */
export async function forgetKeptPages() {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter(isKeptPagesCache).map((name) => caches.delete(name)));
}

/** The pages of a workspace kept for reading offline: its dashboard, transactions and accounts. */
const savedPage = /^\/workspaces\/[^/]+\/(dashboard|transactions|accounts)(\.data)?$/;

/** Whether a GET of this path (a page, or its data for React Router's in-app navigation) is kept. */
export const isSavedPage = (pathname: string) => savedPage.test(pathname);

/**
 * React Router's answers naming the routes behind a page's links (`/__manifest?paths=…&version=…`): kept like
 * the pages, so a page read offline still knows where its links and its forms lead.
 */
export const isRouteManifest = (pathname: string) => pathname === "/__manifest";

/**
 * Where a copy is filed: the page's path, and for its data which routes it carries, never the filters; a
 * route manifest answer by its whole address.
 */
export function savedCopyKey(url: URL): string {
  if (isRouteManifest(url.pathname)) return url.href;
  const routes = url.searchParams.get("_routes");
  return routes ? `${url.origin}${url.pathname}?_routes=${routes}` : `${url.origin}${url.pathname}`;
}

/** The header a kept copy carries with the moment it was saved (ISO 8601). */
export const savedAtHeader = "X-Moneta-Saved-At";

/** The meta tag a page answered from the device carries, so the page can say so once it is live. */
export const savedCopyMetaName = "moneta-saved-copy";

/** A sign-out (the form's post, or its data request) empties the pages kept on the device. */
export const isSignOut = (pathname: string) => pathname === "/logout" || pathname === "/logout.data";

/** Background Sync's tag for the entries recorded offline. */
export const queuedEntriesSyncTag = "moneta-queued-entries";

/** Page → service worker. */
export type PageMessage = { type: "take-over" };

/** Service worker → page. */
export type WorkerMessage =
  /** The data of an in-app navigation came from the device, saved at `savedAt`. */
  | { type: "saved-copy"; savedAt: string }
  /** The data of an in-app navigation came from the network. */
  | { type: "live" }
  /** Background Sync asks an open page to send what was recorded offline (the page reads the answers). */
  | { type: "send-queued" };
