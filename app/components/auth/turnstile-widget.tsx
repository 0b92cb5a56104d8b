import { useEffect, useRef } from "react";
import type { Language } from "~/lib/i18n";

/** Cloudflare's widget script; the CSP allows it (script-src and frame-src), nothing else from there. */
export const turnstileScriptUrl = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

type Turnstile = {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined;
  remove(widgetId: string): void;
};

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;

/** Loads the script once, and only when the server asked for a challenge: most sign-ins never fetch it. */
function loadTurnstile(): Promise<Turnstile> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<Turnstile>((done, fail) => {
    const script = document.createElement("script");
    script.src = turnstileScriptUrl;
    script.async = true;
    script.onload = () => (window.turnstile ? done(window.turnstile) : fail(new Error("Turnstile did not start")));
    script.onerror = () => {
      loading = null;
      script.remove();
      fail(new Error("Turnstile could not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The challenge, rendered inside the form it protects: the widget adds a hidden
 * `turnstile_token` field to that form, and `onSolved` resubmits it.
 */
export function TurnstileWidget(props: {
  siteKey: string;
  language: Language;
  onSolved: () => void;
  onUnavailable: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, so the widget is rendered once per key and language, not per render.
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    let widgetId: string | undefined;
    let isCancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (isCancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: props.siteKey,
          language: props.language === "pt-BR" ? "pt-br" : "en",
          "response-field-name": "turnstile_token",
          callback: () => callbacks.current.onSolved(),
          "error-callback": () => callbacks.current.onUnavailable(),
        });
      })
      .catch(() => {
        if (!isCancelled) callbacks.current.onUnavailable();
      });
    return () => {
      isCancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [props.siteKey, props.language]);

  return <div ref={container} className="min-h-[65px]" data-testid="turnstile-challenge" />;
}
