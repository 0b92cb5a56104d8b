import { redirect } from "react-router";
import { homeOf, lookUpViewer } from "~/lib/session.server";
import type { Route } from "./+types/installed-app";

/** Where the installed app's shortcuts lead, in the remembered workspace. */
const shortcutTargets = {
  "new-expense": (workspacePath: string) => `${workspacePath}/dashboard?new=expense`,
  transactions: (workspacePath: string) => `${workspacePath}/transactions`,
} as const;

/**
 * The installed app's start (the manifest's start_url, app/routes/manifest.ts) and its shortcuts
 * (`?to=new-expense`, `?to=transactions`): signed in, the remembered workspace's dashboard (or the
 * shortcut's page in it); signed out, the sign-in page — never the landing page, as in the desktop wrapper.
 */
export async function loader(args: Route.LoaderArgs) {
  const lookup = await lookUpViewer(args);
  if (lookup.status !== "signed-in") throw redirect("/login");
  const home = homeOf(args, lookup.viewer);
  const to = new URL(args.request.url).searchParams.get("to");
  const target = to && Object.hasOwn(shortcutTargets, to) ? shortcutTargets[to as keyof typeof shortcutTargets] : null;
  const workspacePath = home.endsWith("/dashboard") ? home.slice(0, -"/dashboard".length) : null;
  throw redirect(target && workspacePath ? target(workspacePath) : home);
}
