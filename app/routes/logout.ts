import { redirect } from "react-router";
import { personOf, clearedSessionCookie, refuseForeignWrites, servicesOf } from "~/lib/session.server";
import { signOut } from "../../worker/auth/auth.service";
import { AppError } from "../../worker/http/errors";
import type { Route } from "./+types/logout";
import { actingAs } from "../../worker/access/actor";

/** Ends this session (the token stops working at once) and clears the cookie. */
export async function action(args: Route.ActionArgs) {
  refuseForeignWrites(args);
  const person = await personOf(args);
  // A session that already ended has nothing to end: the cookie is cleared all the same.
  if (person) await signOut({ ctx: actingAs(servicesOf(args), person) }).catch(ignoreEndedSession);
  return redirect("/login", { headers: { "Set-Cookie": clearedSessionCookie(args) } });
}

function ignoreEndedSession(error: unknown) {
  if (!(error instanceof AppError && error.code === "UNAUTHENTICATED")) throw error;
}

export function loader() {
  return redirect("/");
}

/**
 * Never rendered (the action and loader redirect), but a component makes this a page route: a
 * refused post (403) then shows the root's translated error page, not a bare response.
 */
export default function Logout() {
  return null;
}
