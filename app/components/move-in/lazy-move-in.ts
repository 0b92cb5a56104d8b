import { loadedWhenIdle, openedLater } from "~/components/ui/opened-later";

/** "Bring your history" (./move-in-dialog), fetched after the settings page is live. */
export const MoveInDialog = openedLater(() => import("./move-in-dialog").then((module) => module.MoveInDialog));

/** The recent move-ins (./recent-move-ins), read once the page is idle: most workspaces have none. */
export const RecentMoveIns = loadedWhenIdle(() => import("./recent-move-ins").then((module) => module.RecentMoveIns));
