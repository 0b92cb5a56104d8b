/**
 * Where the app runs (README: "Installable app"): in a browser tab, or inside the desktop wrapper, which
 * names itself in its user agent (`MonetaDesktop/<version>`). The installed web app is recognised by the
 * browser alone (`display-mode: standalone`), in CSS and in the page's own scripts; both take the app
 * shell's style (app/styles/app.css) and send a signed-out visitor of "/" to sign-in, not the landing page.
 */
export type AppShell = "browser" | "desktop";

const desktopWrapper = /\bMonetaDesktop\/\S+/;

export function appShellOf(request: Request): AppShell {
  return desktopWrapper.test(request.headers.get("User-Agent") ?? "") ? "desktop" : "browser";
}
