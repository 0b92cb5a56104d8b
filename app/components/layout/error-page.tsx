import { type ComponentProps, lazy, Suspense } from "react";
import { isRouteErrorResponse } from "react-router";

export type ErrorPageKind = "notFound" | "forbidden" | "unavailable" | "offline" | "generic";

/**
 * Which page an error boundary's error shows: 404, 403 and 503 their own, and "offline" for a page the
 * device never kept, asked for without a connection (the service worker answers 503 "offline"; a fetch
 * that fails while the browser knows it is offline says the same). Anything else is the generic one.
 */
export function errorPageKindOf(error: unknown): ErrorPageKind {
  if (isRouteErrorResponse(error) && error.status === 503 && error.data === "offline") return "offline";
  if (error instanceof TypeError && typeof navigator !== "undefined" && !navigator.onLine) return "offline";
  if (isRouteErrorResponse(error) && error.status === 404) return "notFound";
  if (isRouteErrorResponse(error) && error.status === 403) return "forbidden";
  if (isRouteErrorResponse(error) && error.status === 503) return "unavailable";
  return "generic";
}

const errorPages = () => import("~/components/frame-later/error-pages");
const LazyErrorPage = lazy(() => errorPages().then((module) => ({ default: module.ErrorPage })));
const LazyWorkspaceErrorPanel = lazy(() => errorPages().then((module) => ({ default: module.WorkspaceErrorPanel })));

/**
 * The 404 page, the refused-request page (403), the database-out-of-reach page (503), the offline page and
 * the generic error page, in the visitor's language (~/components/frame-later/error-pages.tsx). Errors are rare:
 * their code stays out of every page's first load and streams in with the page that needs it.
 */
export function ErrorPage(props: ComponentProps<typeof LazyErrorPage>) {
  return (
    <Suspense fallback={null}>
      <LazyErrorPage {...props} />
    </Suspense>
  );
}

/** The same pages inside a workspace's shell, in place of the page that failed. */
export function WorkspaceErrorPanel(props: ComponentProps<typeof LazyWorkspaceErrorPanel>) {
  return (
    <Suspense fallback={null}>
      <LazyWorkspaceErrorPanel {...props} />
    </Suspense>
  );
}
