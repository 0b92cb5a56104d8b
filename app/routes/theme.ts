import { data, redirect } from "react-router";
import { colorThemeCookie, toColorTheme } from "~/lib/color-theme";
import { pageContext } from "../../worker/context";
import type { Route } from "./+types/theme";

/**
 * The user menu's theme choice posts here and keeps it in a cookie, so the next page's first byte is
 * painted in it. The root middleware checks the Origin, as for every page action.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = toColorTheme(String(form.get("theme") ?? ""));
  if (!theme) return data({ theme: null }, { status: 422 });
  const { env } = context.get(pageContext);
  const secure = new URL(request.url).protocol === "https:" || env.APP_ENV === "production";
  return data({ theme }, { headers: { "Set-Cookie": colorThemeCookie(theme, secure) } });
}

export function loader() {
  return redirect("/");
}

/** Never rendered; a component makes this a page route, so a refused post shows the translated error page. */
export default function Theme() {
  return null;
}
