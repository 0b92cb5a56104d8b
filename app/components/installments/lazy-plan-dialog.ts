import { openedLater } from "~/components/ui/opened-later";

/** The new-plan form (./plan-dialog), fetched after the page is live. */
export const InstallmentPlanDialog = openedLater(() =>
  import("./plan-dialog").then((module) => module.InstallmentPlanDialog),
);
