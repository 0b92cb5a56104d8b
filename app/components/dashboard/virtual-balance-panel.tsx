import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { LazyDateField } from "~/components/ui/lazy-date-field";
import { StatCard } from "./stat-card";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";

export type VirtualBalance = {
  currency: string;
  today: string;
  end_date: string;
  current_balance: string;
  future_income: string;
  future_expenses: string;
  credit_card_debt: string;
  end_balance: string;
};

/** The custom end date's field is fetched only when that horizon is chosen: most visits never show it. */

const horizonChoices = ["end_of_week", "end_of_month", "next_15_days", "custom"] as const;
const figures = ["current_balance", "future_income", "future_expenses", "credit_card_debt", "end_balance"] as const;

/**
 * The projection's horizon (docs/product.md#dashboard-and-projection): the coming Sunday, the month's end, 15
 * days ahead or a chosen day.
 */
export function ProjectionHorizon({ balance, error }: { balance: VirtualBalance; error?: string }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const id = useId();
  // The panel loads after the page (workspace-dashboard.tsx): this says its buttons are live.
  const [isLive, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const horizon = params.get("end_date") ? "custom" : (params.get("horizon") ?? "end_of_month");
  const choose = (choice: (typeof horizonChoices)[number], endDate?: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("end_date");
        next.delete("horizon");
        if (choice === "custom") next.set("end_date", endDate ?? balance.today);
        else next.set("horizon", choice);
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <section aria-labelledby="virtual-title" className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="virtual-title" className="font-semibold text-foreground">
            {t("virtual.title")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("virtual.until", { date: formatDate(balance.end_date, language, { style: "long" }) })}
          </p>
        </div>
        <div
          className="flex flex-wrap items-center gap-2"
          role="radiogroup"
          aria-label={t("virtual.horizon")}
          data-live={isLive || undefined}
        >
          {horizonChoices.map((choice) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control, buttons in WAI-ARIA's radio group pattern
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={horizon === choice}
              onClick={() => choose(choice)}
              className={cn(
                "rounded-full border px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                horizon === choice
                  ? "border-accent bg-accent text-accent-foreground"
                  : "bg-background text-muted-foreground hover:text-foreground",
              )}
            >
              {t(`virtual.horizons.${choice}`)}
            </button>
          ))}
          {horizon === "custom" ? (
            <LazyDateField
              id={`${id}-end-date`}
              aria-label={t("virtual.customDate")}
              min={balance.today}
              value={params.get("end_date") ?? balance.today}
              onValueChange={(date) => date && choose("custom", date)}
              className="w-40"
            />
          ) : null}
        </div>
      </div>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

const figureIcons = {
  current_balance: "wallet",
  future_income: "trending-up",
  future_expenses: "trending-down",
  credit_card_debt: "credit-card",
  end_balance: "calendar-days",
} as const;

/**
 * With the virtual balance on, the stat cards become these five: today's balance, what
 * comes in and goes out by the horizon, what the cards owe, and the balance at the horizon.
 */
export function ProjectionCards({ balance }: { balance: VirtualBalance }) {
  const { t } = useTranslation("dashboard");
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {figures.map((figure) => (
        <StatCard
          key={figure}
          label={t(`virtual.figures.${figure}`)}
          cents={decimalToExactUnits(balance[figure], balance.currency)}
          currency={balance.currency}
          icon={figureIcons[figure]}
          testId={`virtual-${figure}`}
          isHighlighted={figure === "end_balance"}
        />
      ))}
    </div>
  );
}
