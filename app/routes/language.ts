import { redirect } from "react-router";
import { languageCookie, toLanguage } from "~/lib/i18n";
import { pageContext } from "../../worker/context";
import type { Route } from "./+types/language";

/** Only same-site paths: never an open redirect. */
function safeRedirectPath(value: FormDataEntryValue | null): string {
  const path = typeof value === "string" ? value : "/";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : "/";
}

/** The language switcher posts here (works without JavaScript); the cookie then wins detection. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const language = toLanguage(String(form.get("language") ?? ""));
  const target = safeRedirectPath(form.get("redirectTo"));
  if (!language) return redirect(target);
  const { env } = context.get(pageContext);
  const secure = new URL(request.url).protocol === "https:" || env.APP_ENV === "production";
  return redirect(target, { headers: { "Set-Cookie": languageCookie(language, secure) } });
}

export function loader() {
  return redirect("/");
}
