import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiEnv } from "./access/api-env.ts";
import { sessionPolicy } from "./access/session-policy.ts";
import { DatabaseUnavailableError } from "../db/client.ts";
import { createServiceContext, type ServiceContext, type ServiceContextOptions } from "./context.ts";
import type { Env } from "./env.ts";
import { detectLanguage } from "./i18n/language.ts";
import { errorBody } from "./http/error-body.ts";
import {
  AppError,
  databaseRetryAfterSeconds,
  databaseUnavailable,
  internalError,
  type ErrorCode,
} from "./http/errors.ts";
import { apiBodyLimit } from "./http/body-limits.ts";
import { createRequestScope } from "./http/request-scope.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import { pageBodyLimit } from "./pages/page-body-limit.ts";

const codeByHttpStatus: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** The database's own failures, wherever a library wrapped them (Drizzle adds a layer). */
function databaseFailureIn(error: unknown): DatabaseUnavailableError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth += 1) {
    if (cause instanceof DatabaseUnavailableError) return cause;
  }
  return undefined;
}

/** Framework errors (Hono's HTTPException) become ours; anything unknown is logged and hidden. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const databaseFailure = databaseFailureIn(error);
  if (databaseFailure) return databaseUnavailable(databaseFailure);
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message)) {
      return new AppError("MALFORMED_JSON", "errors:details.malformedJson");
    }
    const code = codeByHttpStatus[error.status];
    // Hono's own words are English: the code's sentence speaks the caller's language.
    if (code) return new AppError(code);
  }
  return internalError();
}

/** The Worker's waitUntil; outside a Worker (Node tests) the work simply runs on. */
function waitUntil(c: Context<ApiEnv>, work: Promise<unknown>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

const errorPageHtml = (requestId: string) => `<!doctype html><html lang="en"><meta charset="utf-8">
<title>Something went wrong</title><body style="font-family:system-ui;padding:3rem;color:#121127">
<h1>Something went wrong</h1><p>Please reload the page in a moment. If it keeps happening, contact
support and mention request ${requestId}.</p></body></html>`;

export type WorkerAppOptions = {
  /** The JSON API router, mounted at /api. */
  api: Hono<ApiEnv>;
  /** Every other path and method (React Router in the Worker). */
  renderPage: (c: Context<ApiEnv>, options?: { refusal?: 503 }) => Response | Promise<Response>;
  /** How a request gets its services; tests hand in an in-memory database. */
  createServices?: (env: Env, options: ServiceContextOptions) => ServiceContext;
  isDevelopment?: boolean;
};

/**
 * The Worker's fetch handler. Every request gets a request id and CSP nonce, a service
 * context, and the security headers on the way out; /api/* goes to the JSON API and every
 * other path and method to the page renderer.
 */
export function createWorkerApp(options: WorkerAppOptions) {
  const { createServices = createServiceContext, isDevelopment = false } = options;
  return (
    new Hono<ApiEnv>()
      .use(async (c, next) => {
        const startedAt = performance.now();
        const scope = createRequestScope();
        c.set("scope", scope);
        let databaseFailure: DatabaseUnavailableError | undefined;
        c.set(
          "services",
          createServices(c.env, {
            log: scope.log,
            waitUntil: (work) => waitUntil(c, work),
            onUnavailable: (error) => (databaseFailure = error),
          }),
        );
        await next();
        // React Router renders a loader's failure as its own 500 page; when the database was out of
        // reach, the truth is a 503 the reader can retry: the page is rendered again as that error page
        // (no loader or action runs), in the reader's language.
        const isUnavailablePage = Boolean(databaseFailure) && c.res.status >= 500 && !isApiPath(c.req.path);
        if (isUnavailablePage) {
          scope.log.error("request.database_unavailable", { path: c.req.path, error: databaseFailure!.message });
          c.res = await options.renderPage(c, { refusal: 503 });
        }
        // Redirects and fetched responses have immutable headers: copy before stamping ours.
        c.res = new Response(c.res.body, c.res);
        if (isUnavailablePage) c.res.headers.set("Retry-After", String(databaseRetryAfterSeconds));
        applySecurityHeaders(c.res.headers, scope, { isDevelopment });
        // Private data must not outlive the session in a cache or in the back button's page cache.
        if (isApiPath(c.req.path) || c.req.header("Cookie")?.includes(`${sessionPolicy.cookieName}=`)) {
          c.res.headers.set("Cache-Control", "no-store");
        }
        if (c.env.APP_ENV !== "test") {
          // Pages stream: the server's time runs until the body's last byte has been handed over.
          const { method, path } = c.req;
          const status = c.res.status;
          const logRequest = () =>
            scope.log.info("request", {
              method,
              path,
              status,
              duration_ms: Math.round((performance.now() - startedAt) * 10) / 10,
            });
          if (c.res.body)
            c.res = new Response(c.res.body.pipeThrough(new TransformStream({ flush: logRequest })), c.res);
          else logRequest();
        }
      })
      // Every body is measured before anything reads it: an API request's against the limit its route
      // declares (else 256 KB of JSON), a page's form post against the page forms' limit below.
      .use("/api/*", apiBodyLimit)
      .route("/api", options.api)
      .all("/api/*", (c) => {
        throw new AppError("NOT_FOUND", {
          key: "errors:details.noEndpoint",
          values: { method: c.req.method, path: c.req.path },
        });
      })
      .all("*", pageBodyLimit, (c) => options.renderPage(c))
      .onError((error, c) => {
        const appError = toAppError(error);
        const scope = c.get("scope");
        const requestId = scope?.requestId ?? "unknown";
        if (appError.code === "DATABASE_UNAVAILABLE") {
          scope?.log.error("request.database_unavailable", {
            method: c.req.method,
            path: c.req.path,
            error: String(appError.cause),
          });
        }
        if (!(error instanceof AppError) && appError.status >= 500 && appError.code !== "DATABASE_UNAVAILABLE") {
          scope?.log.error("request.unhandled_error", {
            method: c.req.method,
            path: c.req.path,
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
            stack: error instanceof Error ? error.stack : undefined,
          });
        }
        if (appError.retryAfterSeconds) c.header("Retry-After", String(appError.retryAfterSeconds));
        if (!isApiPath(c.req.path)) {
          return c.html(errorPageHtml(requestId), appError.status);
        }
        // A route may have settled the language already (the waitlist speaks Portuguese first).
        const language = c.get("language") ?? detectLanguage(c.req.raw);
        return c.json(errorBody(appError, requestId, language), appError.status);
      })
  );
}
