import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { toast } from "~/components/ui/toast";
import { NavigationSheetContent, TransactionSheetContent } from "./demo-sheets";
import { Section, Specimen } from "./section";

const sortOrders = ["newest", "largest"] as const;

export function OverlaysSection() {
  const { t } = useTranslation("style-guide");
  const [isPaid, setIsPaid] = useState(true);
  const [sortOrder, setSortOrder] = useState<string>("newest");
  return (
    <Section id="overlays" title={t("sections.overlays.title")} description={t("sections.overlays.description")}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Specimen label={t("overlays.dialogLabel")}>
          <p className="mb-4 text-sm text-muted-foreground">{t("overlays.dialogHint")}</p>
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="destructive">
                <Icon name="trash" />
                {t("overlays.dialog.trigger")}
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{t("overlays.dialog.title")}</DialogTitle>
                <DialogDescription>{t("overlays.dialog.description")}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">{t("common:actions.cancel")}</Button>
                </DialogClose>
                <DialogClose asChild>
                  <Button variant="destructive" onClick={() => toast.success(t("overlays.dialog.done"))}>
                    {t("overlays.dialog.confirm")}
                  </Button>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </Specimen>
        <Specimen label={t("overlays.sheetLabel")}>
          <p className="mb-4 text-sm text-muted-foreground">{t("overlays.sheetHint")}</p>
          <div className="flex flex-wrap gap-3">
            <Sheet>
              <SheetTrigger asChild>
                <Button variant="outline">
                  <Icon name="menu" />
                  {t("overlays.sheet.left")}
                </Button>
              </SheetTrigger>
              <NavigationSheetContent />
            </Sheet>
            <Sheet>
              <SheetTrigger asChild>
                <Button variant="outline">
                  <Icon name="receipt" />
                  {t("overlays.sheet.right")}
                </Button>
              </SheetTrigger>
              <TransactionSheetContent />
            </Sheet>
          </div>
        </Specimen>
        <Specimen label={t("overlays.menuLabel")} className="sm:col-span-2 lg:col-span-1">
          <p className="mb-4 text-sm text-muted-foreground">{t("overlays.menuHint")}</p>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline">
                <Icon name="ellipsis" />
                {t("overlays.menu.trigger")}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-56">
              <DropdownMenuItem>
                <Icon name="pencil" />
                {t("overlays.menu.edit")}
                <DropdownMenuShortcut>E</DropdownMenuShortcut>
              </DropdownMenuItem>
              <DropdownMenuItem>
                <Icon name="copy" />
                {t("overlays.menu.duplicate")}
                <DropdownMenuShortcut>D</DropdownMenuShortcut>
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuCheckboxItem checked={isPaid} onCheckedChange={setIsPaid}>
                {t("overlays.menu.paid")}
              </DropdownMenuCheckboxItem>
              <DropdownMenuSeparator />
              <DropdownMenuLabel className="flex items-center gap-1.5">
                <Icon name="list-filter" className="size-3.5" />
                {t("overlays.menu.sortBy")}
              </DropdownMenuLabel>
              <DropdownMenuRadioGroup value={sortOrder} onValueChange={setSortOrder}>
                {sortOrders.map((order) => (
                  <DropdownMenuRadioItem key={order} value={order}>
                    {t(`overlays.menu.sort.${order}`)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive">
                <Icon name="trash" />
                {t("overlays.menu.delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </Specimen>
      </div>
    </Section>
  );
}
