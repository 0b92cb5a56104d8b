import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";

/** Safari on an iPhone or iPad installs from its Share menu: "Add to Home Screen", explained. */
export function InstallHintDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("app.installHintTitle")}</DialogTitle>
          <DialogDescription>{t("app.installHint")}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{t("app.installHintDone")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
