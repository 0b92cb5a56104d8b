import { openedLater } from "~/components/ui/opened-later";

/** The create/edit card form (./card-dialog), fetched after the page is live. */
export const CardDialog = openedLater(() => import("./card-dialog").then((module) => module.CardDialog));
