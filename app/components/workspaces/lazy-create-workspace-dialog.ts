import { openedLater } from "~/components/ui/opened-later";

/** The new-workspace form (./create-workspace-dialog, with Radix's select), fetched after the page is live. */
export const CreateWorkspaceDialog = openedLater(() =>
  import("./create-workspace-dialog").then((module) => module.CreateWorkspaceDialog),
);
