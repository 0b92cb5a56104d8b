import { openedLater } from "~/components/ui/opened-later";

/** The create/edit account form (./account-dialog), fetched after the page is live. */
export const AccountDialog = openedLater(() => import("./account-dialog").then((module) => module.AccountDialog));
