import { redirect } from "react-router";
import { callerOf, clearedSessionCookie, servicesOf } from "~/lib/session.server";
import { assertSameOrigin } from "../../worker/auth/auth.middleware";
import { signOut } from "../../worker/auth/auth.service";
import { pageContext } from "../../worker/context";
import type { Route } from "./+types/logout";

/** Ends this session (the token stops working at once) and clears the cookie. */
export async function action(args: Route.ActionArgs) {
  assertSameOrigin(args.request, args.context.get(pageContext).env);
  const caller = await callerOf(args);
  if (caller) await signOut(servicesOf(args), caller);
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
}

export function loader() {
  return redirect("/");
}
