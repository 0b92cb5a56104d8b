import { redirect } from "react-router";
import { homeOf, requireViewer } from "~/lib/session.server";
import type { Route } from "./+types/workspace-redirect";

/**
 * A workspace area without an id (/dashboard): the remembered workspace's, else the list
 * (docs/product.md#navigation).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = await requireViewer(args);
  throw redirect(homeOf(args, viewer));
}
