import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog";
import { Input } from "./input";
import { Label } from "./label";

type ConfirmDialogProps = {
  /** The button that opens it; without one, the dialog is opened by `open` (one dialog for a whole list). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm(): void;
  /** When set, the person must type this exactly before confirming (for what cannot be undone). */
  typedConfirmation?: { label: string; text: string };
  isBusy?: boolean;
  /** What to know or do before confirming, shown above the confirmation. */
  children?: ReactNode;
};

/**
 * Asks before destroying data; Escape or Cancel changes nothing. On closing, the focus goes back
 * to what opened it (a menu's trigger, for a menu item), or to the page when that is gone.
 */
export function ConfirmDialog({
  trigger,
  open: openFromOutside,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  typedConfirmation,
  isBusy,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [openHere, setOpenHere] = useState(false);
  const [typed, setTyped] = useState("");
  const open = openFromOutside ?? openHere;
  const setOpen = (next: boolean) => {
    setOpenHere(next);
    onOpenChange?.(next);
    if (!next) setTyped("");
  };
  const isConfirmed = !typedConfirmation || typed.trim() === typedConfirmation.text.trim();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {typedConfirmation ? (
          <div className="grid gap-2">
            <Label htmlFor="typed-confirmation">{typedConfirmation.label}</Label>
            <Input
              id="typed-confirmation"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={typedConfirmation.text}
              autoComplete="off"
            />
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t("actions.cancel")}
          </Button>
          <Button
            variant="destructive"
            disabled={!isConfirmed || isBusy}
            onClick={() => {
              onConfirm();
              setOpen(false);
            }}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
