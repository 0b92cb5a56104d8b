import { openedLater } from "~/components/ui/opened-later";

/** The budget, goal and contribution forms (./plan-dialogs), fetched after the page is live. */
export const BudgetDialog = openedLater(() => import("./plan-dialogs").then((module) => module.BudgetDialog));
export const GoalDialog = openedLater(() => import("./plan-dialogs").then((module) => module.GoalDialog));
export const ContributionDialog = openedLater(() =>
  import("./plan-dialogs").then((module) => module.ContributionDialog),
);
