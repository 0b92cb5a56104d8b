import { openedLater } from "~/components/ui/opened-later";

/** "Restore from an archive" (./restore-workspace-dialog), fetched after the page is live. */
export const RestoreWorkspaceDialog = openedLater(() =>
  import("./restore-workspace-dialog").then((module) => module.RestoreWorkspaceDialog),
);
