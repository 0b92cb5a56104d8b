/**
 * The installed app's service worker, one per build (docs/decisions/053-service-worker.md):
 * - the build's scripts, styles, fonts and icons are fetched on install and answered from the device;
 * - pages are asked for while the worker starts (navigation preload), not after;
 * - each workspace's dashboard, transactions and accounts are fetched from the network first and the
 *   last-seen copy is kept, to be read offline (the page says so, with the copy's time), and so are
 *   React Router's answers naming the routes behind a page's links;
 * - a new build waits until the person reloads (the page offers it), so no page mixes two builds, and
 *   takes over by deleting every cache of the builds before it;
 * - signing out empties the pages kept on the device and turns its reminders off;
 * - a reminder pushed to the browser is shown, and opening it goes to its screen;
 * - Background Sync sends the entries recorded offline (app/lib/queued-entries.ts).
 * Everything else (the API, other pages, posts) goes to the network as if there were no worker.
 */
import { offline as englishTexts } from "../../locales/en/common.json";
import { offline as portugueseTexts } from "../../locales/pt-BR/common.json";
import {
  cacheNames,
  cachePrefix,
  forgetKeptPages,
  isRouteManifest,
  isSavedPage,
  isSignOut,
  type PageMessage,
  queuedEntriesSyncTag,
  savedAtHeader,
  savedCopyKey,
  savedCopyMetaName,
  type WorkerMessage,
} from "../lib/offline-app";
import { queuedEntries, sendQueuedEntry } from "../lib/queued-entries";

declare const self: ServiceWorkerGlobalScope;
/** Set by the build (vite.config.ts): the build's id and the files fetched on install. */
declare const __BUILD_ID__: string;
declare const __PRECACHE__: string[];

const caches_ = cacheNames(__BUILD_ID__);
/** How long a kept page waits for the network before the kept copy answers. */
const networkPatienceMs = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(caches_.assets).then((cache) => cache.addAll(__PRECACHE__)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const current = new Set<string>(Object.values(caches_));
      await Promise.all(
        names.filter((name) => name.startsWith(cachePrefix) && !current.has(name)).map((name) => caches.delete(name)),
      );
      // A page opened in the installed app is asked for while this worker starts, not after.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data as PageMessage;
  if (message?.type === "take-over") void self.skipWaiting();
});

/** Background Sync's event (Chromium); TypeScript's worker library does not describe it yet. */
type SyncEvent = ExtendableEvent & { readonly tag: string };

self.addEventListener("sync", (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag === queuedEntriesSyncTag) sync.waitUntil(sendQueued());
});

/** A reminder pushed to this browser (worker/reminders/push-reminders.ts): shown, and opening it goes to its screen. */
type PushPayload = { title: string; body: string; url: string; tag: string };

self.addEventListener("push", (event) => {
  const payload = event.data?.json() as PushPayload | undefined;
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icons/icon-192.png",
      data: { url: payload.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? "/app", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target.href) ?? windows[0];
      if (!open) return void (await self.clients.openWindow(target.href));
      if (open.url !== target.href) await open.navigate(target.href);
      await open.focus();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.method === "POST" && isSignOut(url.pathname)) {
    // Signed out, this browser is nobody's: its pages go, and so does its push subscription (the push service
    // then answers "gone", and the server forgets it).
    event.waitUntil(
      Promise.all([
        forgetKeptPages(),
        self.registration.pushManager.getSubscription().then((found) => found?.unsubscribe()),
      ]),
    );
    return;
  }
  if (event.request.method !== "GET") return;
  if (isBuildFile(url.pathname)) {
    event.respondWith(fromDeviceFirst(event.request));
    return;
  }
  if (isSavedPage(url.pathname) || isRouteManifest(url.pathname)) {
    event.respondWith(fromNetworkFirst(event, url));
    return;
  }
  if (event.request.mode === "navigate") event.respondWith(networkOrOfflinePage(event));
});

const isBuildFile = (pathname: string) =>
  pathname.startsWith("/assets/") || pathname.startsWith("/icons/") || pathname === "/favicon.svg";

/** Hashed build files never change: the device's copy answers; one not fetched on install is kept when seen. */
async function fromDeviceFirst(request: Request): Promise<Response> {
  const cache = await caches.open(caches_.assets);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * A kept page, its data or a route manifest answer: the network's answer (and a fresh copy kept), else the
 * last copy. A page says when it was saved; so does data, to the page that asked for it.
 */
async function fromNetworkFirst(event: FetchEvent, url: URL): Promise<Response> {
  const cache = await caches.open(caches_.pages);
  const key = savedCopyKey(url);
  const isDocument = event.request.mode === "navigate";
  const isData = url.pathname.endsWith(".data");
  const kept = await cache.match(key);
  try {
    const response = await withPatience(fromNetwork(event), kept ? networkPatienceMs : null);
    if (response.status === 200 && !response.redirected) {
      event.waitUntil(cache.put(key, await stamped(response.clone())));
      if (isData) void tell(event.clientId, { type: "live" });
    }
    return response;
  } catch (error) {
    if (!kept) return isDocument ? offlinePage(event.request) : offlineData(error);
    const savedAt = kept.headers.get(savedAtHeader) ?? "";
    if (isDocument) return withSavedCopyMeta(kept, savedAt);
    if (isData) void tell(event.clientId, { type: "saved-copy", savedAt });
    return kept;
  }
}

/** The network's answer, or a failure once `patienceMs` have passed (null: wait as long as it takes). */
function withPatience(response: Promise<Response>, patienceMs: number | null): Promise<Response> {
  if (patienceMs === null) return response;
  return Promise.race([
    response,
    new Promise<Response>((_, reject) => setTimeout(() => reject(new Error("no answer in time")), patienceMs)),
  ]);
}

/** A copy to keep: its body and headers, without cookies, with the moment it was saved. */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  // The body is kept decoded, so its length and encoding go with the original.
  for (const name of ["Set-Cookie", "Content-Length", "Content-Encoding"]) headers.delete(name);
  headers.set(savedAtHeader, new Date().toISOString());
  return new Response(await response.arrayBuffer(), { status: response.status, headers });
}

/** The kept page with a meta tag saying it was saved at `savedAt` (React leaves unknown tags in <head> alone). */
async function withSavedCopyMeta(kept: Response, savedAt: string): Promise<Response> {
  const html = await kept.text();
  const meta = `<meta name="${savedCopyMetaName}" content="${savedAt}">`;
  return new Response(html.replace("<head>", `<head>${meta}`), { status: 200, headers: kept.headers });
}

async function tell(clientId: string, message: WorkerMessage) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

/** In-app navigation to a page never seen offline: React Router shows the offline error page (503 "offline"). */
function offlineData(error: unknown): Response {
  return new Response("offline", { status: 503, statusText: String(error instanceof Error ? error.message : error) });
}

async function networkOrOfflinePage(event: FetchEvent): Promise<Response> {
  try {
    return await fromNetwork(event);
  } catch {
    return offlinePage(event.request);
  }
}

/** The network's answer: for a page, the one the browser asked for while this worker started (navigation preload). */
async function fromNetwork(event: FetchEvent): Promise<Response> {
  const preloaded = (await event.preloadResponse) as Response | undefined;
  return preloaded ?? fetch(event.request);
}

/**
 * A page that was never kept, asked for offline: a small page in the person's language saying so,
 * with links to the pages that can be read.
 */
async function offlinePage(request: Request): Promise<Response> {
  const isPortuguese = /^pt\b/i.test(request.headers.get("Accept-Language") ?? self.navigator.language);
  const text = isPortuguese ? portugueseTexts : englishTexts;
  const cache = await caches.open(caches_.pages);
  const kept = (await cache.keys())
    .map((saved) => new URL(saved.url))
    .filter((saved) => isSavedPage(saved.pathname) && !saved.pathname.endsWith(".data"))
    .map((saved) => saved.pathname);
  const links = kept
    .map((path) => `<li><a href="${path}">${escapeHtml(text.pages[pageNameOf(path)])}</a> <small>${path}</small></li>`)
    .join("");
  const html = `<!doctype html><html lang="${isPortuguese ? "pt-BR" : "en"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.title)} — Moneta</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:10vh auto;padding:0 1.5rem;color:#1c1917}
@media (prefers-color-scheme:dark){body{background:#0c0a09;color:#e7e5e4}a{color:#93c5fd}}small{opacity:.6}</style>
</head><body><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p>
${links ? `<p>${escapeHtml(text.kept)}</p><ul>${links}</ul>` : ""}<p><a href="">${escapeHtml(text.retry)}</a></p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

const pageNameOf = (path: string) =>
  path.endsWith("/transactions") ? "transactions" : path.endsWith("/accounts") ? "accounts" : "dashboard";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[character]};`);

/**
 * Background Sync: an open page sends the entries itself (it reads refusals and tells the person);
 * with none open, each waiting entry is sent from here and forgotten once the server has it.
 */
async function sendQueued() {
  const windows = await self.clients.matchAll({ type: "window" });
  if (windows.length) {
    for (const client of windows) client.postMessage({ type: "send-queued" } satisfies WorkerMessage);
    return;
  }
  for (const entry of await queuedEntries()) {
    if (entry.state === "waiting") await sendQueuedEntry(entry);
  }
}
