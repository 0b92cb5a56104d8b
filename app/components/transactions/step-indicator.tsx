import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

const allStepNames = ["kind", "legs", "details", "recurrence"] as const;

/** "Step 2 of 3 · Where the money goes" with a bar per step; it is the dialog's description. */
export function StepIndicator({ step, total }: { step: number; total: 3 | 4 }) {
  const { t } = useTranslation("transactions");
  const stepNames = allStepNames.slice(0, total);
  return (
    <span className="grid gap-2">
      <span className="flex gap-1.5" aria-hidden>
        {stepNames.map((name, index) => (
          <span key={name} className={cn("h-1.5 flex-1 rounded-full", index < step ? "bg-accent" : "bg-muted")} />
        ))}
      </span>
      <span className="text-sm text-muted-foreground">
        {t("wizard.stepOf", { step, total: stepNames.length })} ·{" "}
        <span className="font-medium text-foreground">{t(`wizard.steps.${stepNames[step - 1]}`)}</span>
      </span>
    </span>
  );
}
