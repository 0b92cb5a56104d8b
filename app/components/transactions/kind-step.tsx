import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { transactionKinds, type TransactionKind } from "../../../db/enums";
import { kindIcons } from "./kind-icons";

const iconColours: Record<TransactionKind, string> = {
  income: "bg-success/10 text-success",
  expense: "bg-destructive/10 text-destructive",
  transfer: "bg-info/10 text-info",
  pay_credit_card: "bg-accent-50 text-accent-text",
};

/** Step 1: four large tiles, a radio group underneath (arrow keys move, Enter goes on). */
export function KindStep({ kind, onChange }: { kind: TransactionKind | null; onChange(kind: TransactionKind): void }) {
  const { t } = useTranslation("transactions");
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium text-foreground">{t("wizard.kindQuestion")}</legend>
      <div className="grid grid-cols-2 gap-3">
        {transactionKinds.map((item) => {
          return (
            <label
              key={item}
              className={cn(
                "relative flex cursor-pointer flex-col gap-3 rounded-xl border bg-card p-4 transition",
                "hover:border-primary-200 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent/40",
                "has-[:checked]:border-accent has-[:checked]:bg-accent-50/60",
              )}
            >
              <input
                type="radio"
                name="kind"
                value={item}
                checked={kind === item}
                onChange={() => onChange(item)}
                className="sr-only"
              />
              <span className={cn("grid size-10 place-items-center rounded-lg", iconColours[item])}>
                <Icon name={kindIcons[item]} className="size-5" />
              </span>
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-foreground">{t(`kinds.${item}`)}</span>
                <span className="text-xs text-muted-foreground">{t(`kindHints.${item}`)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
