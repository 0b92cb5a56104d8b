/** Cloudflare's widget script; the CSP allows it (script-src and frame-src), nothing else from there. */
const turnstileScriptUrl = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

type Turnstile = { render(container: HTMLElement, options: Record<string, unknown>): string | undefined };

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

/** Loads the widget's script; the page only asks for it when the server asked for a challenge. */
function loadTurnstile(): Promise<Turnstile> {
  return new Promise((done, fail) => {
    const script = document.createElement("script");
    script.src = turnstileScriptUrl;
    script.async = true;
    script.onload = () => (window.turnstile ? done(window.turnstile) : fail(new Error("Turnstile did not start")));
    script.onerror = () => fail(new Error("Turnstile could not load"));
    document.head.append(script);
  });
}

/**
 * The challenge, inside the form it protects: the widget adds a hidden `turnstile_token` field to
 * that form, which is sent again once solved. If the widget cannot load or run, the message above it
 * says so instead of asking for a check that never comes.
 */
export function showChallenge(container: HTMLElement | null) {
  const form = container?.closest("form");
  if (!container || !form) return;
  const sayUnavailable = () => {
    const message = form.querySelector("#login-error span");
    if (message && container.dataset.unavailableMessage) message.textContent = container.dataset.unavailableMessage;
  };
  loadTurnstile()
    .then((turnstile) =>
      turnstile.render(container, {
        sitekey: container.dataset.turnstileSiteKey,
        language: container.dataset.turnstileLanguage,
        "response-field-name": "turnstile_token",
        callback: () => form.requestSubmit(),
        "error-callback": sayUnavailable,
      }),
    )
    .catch(sayUnavailable);
}
