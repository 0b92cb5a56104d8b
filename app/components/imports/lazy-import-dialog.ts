import { openedLater } from "~/components/ui/opened-later";

/** The statement import (./import-dialog), fetched after the page is live. */
export const ImportDialog = openedLater(() => import("./import-dialog").then((module) => module.ImportDialog));
