import { redirect } from "react-router";
import { callerOf, clearedSessionCookie, servicesOf } from "~/lib/session.server";
import { assertSameOrigin } from "../../worker/auth/auth.middleware";
import { signOut } from "../../worker/auth/auth.service";
import { pageContext } from "../../worker/context";
import { AppError } from "../../worker/http/errors";
import type { Route } from "./+types/logout";

/** Ends this session (the token stops working at once) and clears the cookie. */
export async function action(args: Route.ActionArgs) {
  assertSameOrigin(args.request, args.context.get(pageContext).env);
  const caller = await callerOf(args);
  // A session that already ended has nothing to end: the cookie is cleared all the same.
  if (caller) await signOut(servicesOf(args), caller).catch(ignoreEndedSession);
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
}

function ignoreEndedSession(error: unknown) {
  if (!(error instanceof AppError && error.code === "UNAUTHENTICATED")) throw error;
}

export function loader() {
  return redirect("/");
}
