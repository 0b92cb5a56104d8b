import { openedLater } from "~/components/ui/opened-later";

/** The create/edit tag form (./tag-dialog), fetched after the page is live. */
export const TagDialog = openedLater(() => import("./tag-dialog").then((module) => module.TagDialog));
