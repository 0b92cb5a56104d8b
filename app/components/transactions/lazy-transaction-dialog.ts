import { openedLater } from "~/components/ui/opened-later";

/** The create/edit wizard (./transaction-dialog), fetched after the page is live. */
export const TransactionDialog = openedLater(() =>
  import("./transaction-dialog").then((module) => module.TransactionDialog),
);
