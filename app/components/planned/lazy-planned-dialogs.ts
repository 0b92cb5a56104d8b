import { openedLater } from "~/components/ui/opened-later";

/** The scheduled and recurring item dialogs (./planned-dialogs, with the transaction wizard), fetched after the page is live. */
export const ScheduledDialog = openedLater(() => import("./planned-dialogs").then((module) => module.ScheduledDialog));
export const RecurringDialog = openedLater(() => import("./planned-dialogs").then((module) => module.RecurringDialog));
