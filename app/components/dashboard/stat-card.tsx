import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "~/components/ui/icon";
import { formatMoney, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";

export type Change = { change_percentage: number; change_type: "increase" | "decrease" | "neutral" };

type StatCardProps = {
  label: string;
  /** A bigint when read from the API's exact totals (README: "Money model"). */
  cents: number | bigint;
  currency: string;
  icon: IconName;
  /** Absent for the total balance, which has no month to compare with. */
  change?: Change;
  /** Whether a rise is good news (income) or bad news (expenses, card spending). */
  isRiseGood?: boolean;
  footnote?: string;
  /** Below the footnote: details of the figure (the dashboard's converted currencies). */
  children?: ReactNode;
  testId?: string;
  /** The figure the others lead to (the projection's end balance). */
  isHighlighted?: boolean;
};

const changeIcons: Record<Change["change_type"], IconName> = {
  increase: "arrow-up-right",
  decrease: "arrow-down-right",
  neutral: "minus",
};

/** One dashboard figure with, for monthly ones, the change against last month and its direction. */
export function StatCard({
  label,
  cents,
  currency,
  icon,
  change,
  isRiseGood = true,
  footnote,
  children,
  testId,
  isHighlighted,
}: StatCardProps) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const isGood = change && change.change_type !== "neutral" && (change.change_type === "increase") === isRiseGood;
  return (
    <section
      className={cn(
        "grid content-start gap-3 rounded-2xl border p-5 shadow-xs",
        isHighlighted ? "border-accent/40 bg-accent-50" : "bg-card",
      )}
      aria-label={label}
      data-testid={testId}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span className="grid size-9 place-items-center rounded-xl bg-accent-50 text-accent-text" aria-hidden>
          <Icon name={icon} className="size-4.5" />
        </span>
      </div>
      <p
        className={cn(
          "text-2xl font-bold tracking-tight tabular-nums sm:text-3xl",
          cents < 0 ? "text-destructive" : "text-foreground",
        )}
      >
        {formatMoney(cents, currency, language)}
      </p>
      {change ? (
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <span
            className={cn(
              "inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums",
              change.change_type === "neutral"
                ? "bg-muted text-muted-foreground"
                : isGood
                  ? "bg-emerald-50 text-emerald-700"
                  : "bg-red-50 text-red-700",
            )}
          >
            <Icon name={changeIcons[change.change_type]} className="size-3.5" />
            {formatPercent(Math.abs(change.change_percentage) / 100, language)}
          </span>
          <span>{t(`change.${change.change_type}`)}</span>
        </p>
      ) : footnote ? (
        <p className="text-sm text-muted-foreground">{footnote}</p>
      ) : null}
      {children}
    </section>
  );
}
