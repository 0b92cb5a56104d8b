import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { pageContext } from "../worker/context";
import { serverI18n } from "./lib/i18n.server";
import { detectLanguage } from "./lib/i18n";
import { modulesAfterPaint } from "./lib/modules-after-paint.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The nonce lets React Router's hydration scripts run under a CSP with no inline allowance.
  const { cspNonce, log } = loadContext.get(pageContext).scope;
  const i18n = serverI18n(detectLanguage(request));

  let shellRendered = false;
  const body = await renderToReadableStream(
    <I18nextProvider i18n={i18n}>
      <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />
    </I18nextProvider>,
    {
      nonce: cspNonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready reject and are reported by React Router itself.
        if (shellRendered) log.error("render.stream_error", { error: String(error) });
      },
    },
  );
  shellRendered = true;

  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(modulesAfterPaint(body, cspNonce), { headers: responseHeaders, status: responseStatusCode });
}
