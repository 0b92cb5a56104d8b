import { deferredModule } from "~/lib/deferred";
import { deferredDialog } from "./deferred-dialog";
import type * as DialogPartsModule from "./dialog-parts";

/**
 * A modal window (./dialog-parts: focus is trapped inside, Escape and the overlay close it,
 * focus returns to what opened it). Its code is fetched after the page is live (./deferred-dialog).
 */
const dialog = deferredDialog(
  deferredModule<typeof DialogPartsModule>(() => import("./dialog-parts")),
  { root: "Dialog", trigger: "DialogTrigger" },
);

export const Dialog = dialog.Root;
export const DialogTrigger = dialog.Trigger;
export const DialogClose = dialog.part("DialogClose");
export const DialogContent = dialog.part("DialogContent");
export const DialogHeader = dialog.part("DialogHeader");
export const DialogFooter = dialog.part("DialogFooter");
export const DialogTitle = dialog.part("DialogTitle");
export const DialogDescription = dialog.part("DialogDescription");
