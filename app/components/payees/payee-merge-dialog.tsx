import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { PayeeResponse } from "./payee-row";

type PayeeMergeDialogProps = {
  payee: PayeeResponse;
  payees: readonly PayeeResponse[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(into: string): void;
};

/** "Merge into…": the payee to keep chosen among the others, and what moves to it said as it is chosen. */
export function PayeeMergeDialog({ payee, payees, open, onOpenChange, onConfirm }: PayeeMergeDialogProps) {
  const { t } = useTranslation("payees");
  const candidates = payees.filter((other) => other.uuid !== payee.uuid);
  const [into, setInto] = useState(candidates[0]?.uuid ?? "");
  const kept = candidates.find((other) => other.uuid === into);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("merge.title", { name: payee.name })}
      description={t("merge.body", { name: payee.name })}
      confirmLabel={t("merge.confirm")}
      isBusy={!kept}
      onConfirm={() => onConfirm(into)}
    >
      <div className="grid gap-2">
        <Label htmlFor={`merge-into-${payee.uuid}`}>{t("merge.into")}</Label>
        <select
          id={`merge-into-${payee.uuid}`}
          value={into}
          onChange={(event) => setInto(event.target.value)}
          className={nativeSelectClassName}
        >
          {candidates.map((other) => (
            <option key={other.uuid} value={other.uuid}>
              {other.name}
            </option>
          ))}
        </select>
      </div>
      {kept ? (
        <p className="rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground" aria-live="polite">
          {t("merge.moves", { count: payee.transactions, into: kept.name })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
