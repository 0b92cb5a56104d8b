import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { PlannedSourceKind } from "../../../db/enums";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { plannedSourceIcons } from "~/lib/planned-source-icons";

export type UpcomingPlanned = {
  date: string;
  type: "income" | "expense" | "transfer" | "pay_credit_card";
  description: string;
  amount: string;
  currency: string;
  source: { type: PlannedSourceKind; uuid: string; name: string };
};

/**
 * What scheduled and recurring items will post by the projection's end date, under the projected
 * figures: the amounts the projection counts, each with where it comes from.
 */
export function UpcomingPlannedList({
  items,
  endDate,
  workspaceId,
}: {
  items: UpcomingPlanned[];
  endDate: string;
  workspaceId: string;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  return (
    <section aria-labelledby="upcoming-title" className="rounded-2xl border bg-card p-5 shadow-xs">
      <h2 id="upcoming-title" className="font-semibold text-foreground">
        {t("upcoming.title")}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {t("upcoming.empty", { date: formatDate(endDate, language, { style: "long" }) })}{" "}
          <Link
            to={`/workspaces/${workspaceId}/scheduled-transactions`}
            className="font-medium text-accent-text underline-offset-4 hover:underline"
          >
            {t("upcoming.schedule")}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 divide-y">
          {items.map((item) => {
            const cents = decimalToExactUnits(item.amount, item.currency);
            const isIncome = item.type === "income";
            return (
              // On a phone the amount goes under the words, on the left: the floating button never covers it.
              <li
                key={`${item.source.uuid}-${item.date}`}
                className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-center sm:gap-3"
              >
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-secondary-100 text-muted-foreground">
                    <Icon name={plannedSourceIcons[item.source.type]} className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-foreground">{item.description}</p>
                    <p className="text-xs text-muted-foreground">
                      {formatDate(item.date, language)} · {t(`upcoming.source.${item.source.type}`)}
                    </p>
                  </div>
                </div>
                <span
                  className={`pl-11 text-sm font-semibold tabular-nums sm:pl-0 ${isIncome ? "text-success" : "text-foreground"}`}
                >
                  {formatMoney(isIncome ? cents : -cents, item.currency, language, { sign: "always" })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
