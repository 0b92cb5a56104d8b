import { redirect } from "react-router";
import { homeOf, lookUpViewer, rememberedWorkspaceOf } from "~/lib/session.server";
import type { Route } from "./+types/installed-app";

/** The page of the remembered workspace each of the installed app's shortcuts leads to. */
const shortcutPages = { "new-expense": "dashboard?new=expense", transactions: "transactions" } as const;

/**
 * The installed app's start (the manifest's start_url, app/routes/manifest.ts) and its shortcuts
 * (`?to=new-expense`, `?to=transactions`): signed in, the remembered workspace's dashboard (or the
 * shortcut's page in it); signed out, the sign-in page — never the landing page, as in the desktop wrapper.
 */
export async function loader(args: Route.LoaderArgs) {
  const lookup = await lookUpViewer(args);
  if (lookup.status !== "signed-in") throw redirect("/login");
  const workspaceId = rememberedWorkspaceOf(args, lookup.viewer);
  const to = new URL(args.request.url).searchParams.get("to");
  const page = to && Object.hasOwn(shortcutPages, to) ? shortcutPages[to as keyof typeof shortcutPages] : null;
  throw redirect(workspaceId && page ? `/workspaces/${workspaceId}/${page}` : homeOf(args, lookup.viewer));
}
