import { redirect } from "react-router";
import { languageCookie, toLanguage } from "~/lib/i18n";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { pageContext } from "../../worker/context";
import type { Route } from "./+types/language";

/**
 * The language switcher posts here (works without JavaScript); the cookie then wins detection.
 * The root middleware checks the Origin, as for every page action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = toLanguage(String(form.get("language") ?? ""));
  const target = safeRedirectTarget(form.get("redirectTo"));
  if (!language) return redirect(target);
  const { env } = context.get(pageContext);
  const secure = new URL(request.url).protocol === "https:" || env.APP_ENV === "production";
  return redirect(target, { headers: { "Set-Cookie": languageCookie(language, secure) } });
}

export function loader() {
  return redirect("/");
}

/**
 * Never rendered (the action and loader redirect), but a component makes this a page route: a
 * refused post (403) then shows the root's translated error page, not a bare response.
 */
export default function Language() {
  return null;
}
