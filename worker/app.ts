import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { api, type ApiEnv } from "./api.ts";
import { createServiceContext } from "./context.ts";
import { AppError, errorBody, internalError, type ErrorCode } from "./http/errors.ts";
import { createRequestScope } from "./http/request-scope.ts";
import { applySecurityHeaders } from "./http/security-headers.ts";
import { renderPage } from "./pages.ts";

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

/** Framework errors (Hono's HTTPException) become ours; anything unknown is logged and hidden. */
function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    if (error.status === 400 && /json/i.test(error.message)) {
      return new AppError("MALFORMED_JSON", "The request body is not valid JSON.");
    }
    const code = codeByHttpStatus[error.status];
    if (code) return new AppError(code, error.message || "The request could not be processed.");
  }
  return internalError();
}

const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

const errorPageHtml = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Something went wrong</title>
<body style="font-family:system-ui;padding:3rem;color:#121127"><h1>Something went wrong</h1>
<p>Please reload the page in a moment. If it keeps happening, contact support with the request id below.</p></body></html>`;

/**
 * The Worker's fetch handler. Every request gets a request id and CSP nonce, a service
 * context, and the security headers on the way out; then /api/* goes to the Hono API and
 * every other path and method to React Router.
 */
export const app = new Hono<ApiEnv>()
  .use(async (c, next) => {
    const scope = createRequestScope();
    c.set("scope", scope);
    c.set("services", createServiceContext(c.env, scope.log));
    await next();
    // Redirects and fetched responses have immutable headers: copy before stamping ours.
    c.res = new Response(c.res.body, c.res);
    applySecurityHeaders(c.res.headers, scope, { isDevelopment: import.meta.env.DEV });
    if (c.res.status >= 500) scope.log.error("request.failed", { method: c.req.method, path: c.req.path, status: c.res.status });
  })
  .route("/api", api)
  .all("*", (c) => renderPage(c))
  .onError((error, c) => {
    const appError = toAppError(error);
    const scope = c.var.scope;
    if (appError.status >= 500 && !(error instanceof AppError)) {
      scope?.log.error("request.unhandled_error", {
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
    }
    const requestId = scope?.requestId ?? "unknown";
    if (!isApiPath(c.req.path)) {
      return c.html(errorPageHtml.replace("</body>", `<p><small>Request id: ${requestId}</small></p></body>`), 500);
    }
    if (appError.retryAfterSeconds) c.header("Retry-After", String(appError.retryAfterSeconds));
    return c.json(errorBody(appError, requestId), appError.status);
  });
