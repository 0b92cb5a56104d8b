import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

const stepNames = ["kind", "legs", "details"] as const;

/** "Step 2 of 3 · Where the money goes" with three bars; it is the dialog's description. */
export function StepIndicator({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useTranslation("transactions");
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
