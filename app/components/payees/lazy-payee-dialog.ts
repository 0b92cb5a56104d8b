import { openedLater } from "~/components/ui/opened-later";

/** The new-payee and rename form (./payee-dialog), fetched after the page is live. */
export const PayeeDialog = openedLater(() => import("./payee-dialog").then((module) => module.PayeeDialog));
