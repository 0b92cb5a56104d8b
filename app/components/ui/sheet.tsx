import { deferredModule } from "~/lib/deferred";
import { deferredDialog } from "./deferred-dialog";
import type * as SheetPartsModule from "./sheet-parts";

/**
 * A drawer that slides in from the left (navigation on phones) or the right (details),
 * ./sheet-parts; its code is fetched after the page is live (./deferred-dialog).
 */
const sheet = deferredDialog(
  deferredModule<typeof SheetPartsModule>(() => import("./sheet-parts")),
  { root: "Sheet", trigger: "SheetTrigger" },
);

export const Sheet = sheet.Root;
export const SheetTrigger = sheet.Trigger;
export const SheetClose = sheet.part("SheetClose");
export const SheetContent = sheet.part("SheetContent");
export const SheetHeader = sheet.part("SheetHeader");
export const SheetBody = sheet.part("SheetBody");
export const SheetFooter = sheet.part("SheetFooter");
export const SheetTitle = sheet.part("SheetTitle");
export const SheetDescription = sheet.part("SheetDescription");
