import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { ComingUp } from "../../../worker/dashboard/coming-up";
import type { AccountOption } from "../../../worker/accounts/accounts.mapper";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { SectionHeading, sectionLinkClass } from "./section-heading";

const statusVariants = { open: "info", closed: "warning", overdue: "destructive" } as const;

const sourcePages = {
  scheduled: "scheduled-transactions",
  recurring: "recurring-transactions",
  installment: "installment-plans",
  loan: "loans",
  statement: "cards",
} as const;

type Props = {
  comingUp: ComingUp;
  accounts: readonly AccountOption[];
  currency: string;
  workspaceId: string;
  canEdit: boolean;
  analyticsHref: string;
};

/**
 * What the dashboard says is coming (docs/product.md#dashboard-and-projection): the accounts' balances and
 * each card's statement to pay (one tap to pay it), the next 7 days with the balance after each, and this
 * month's spending by category. Markup only: nothing here loads code of its own.
 */
export function ComingUpSections({ comingUp, accounts, currency, workspaceId, canEdit, analyticsHref }: Props) {
  const base = `/workspaces/${workspaceId}`;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <PlacesSection comingUp={comingUp} accounts={accounts} base={base} canEdit={canEdit} />
      <WeekSection comingUp={comingUp} currency={currency} base={base} />
      <CategoriesSection comingUp={comingUp} currency={currency} analyticsHref={analyticsHref} />
    </div>
  );
}

function PlacesSection({
  comingUp,
  accounts,
  base,
  canEdit,
}: {
  comingUp: ComingUp;
  accounts: readonly AccountOption[];
  base: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  const active = accounts.filter((account) => account.is_active);
  return (
    <section aria-labelledby="places-title" className="min-w-0 rounded-2xl border bg-card p-5 shadow-xs">
      <SectionHeading
        id="places-title"
        title={t("places.title")}
        linkText={t("places.accounts")}
        href={`${base}/accounts`}
      />
      {active.length === 0 && comingUp.cards.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("places.empty")}</p>
      ) : (
        <ul className="mt-3 divide-y">
          {active.map((account) => (
            <li
              key={account.uuid}
              className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            >
              <span className="flex min-w-0 items-center gap-2 text-sm">
                <Icon name="wallet" className="size-4 shrink-0 text-muted-foreground" />
                <span className="min-w-0 truncate">{account.name}</span>
              </span>
              <span
                className={cn(
                  "pl-6 text-sm font-semibold tabular-nums sm:pl-0",
                  account.balance_cents < 0 ? "text-destructive" : "text-foreground",
                )}
              >
                {formatMoney(BigInt(account.balance_cents), account.currency, language)}
              </span>
            </li>
          ))}
          {comingUp.cards.map((card) => {
            const cents = decimalToExactUnits(card.amount, card.currency);
            return (
              <li key={card.uuid} className="grid min-w-0 grid-cols-1 gap-1 py-2.5">
                <div className="flex flex-col gap-0.5 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <span className="flex min-w-0 items-center gap-2 text-sm">
                    <Icon name="credit-card" className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 truncate">{card.name}</span>
                    <Badge variant={statusVariants[card.status]} className="shrink-0">
                      {t(`places.status.${card.status}`)}
                    </Badge>
                  </span>
                  <span className="shrink-0 pl-6 text-sm font-semibold tabular-nums text-foreground sm:pl-0">
                    {formatMoney(cents, card.currency, language)}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 pl-6 text-xs text-muted-foreground sm:justify-between">
                  <span>{t("places.due", { date: formatDate(card.due, language, { style: "dayMonth" }) })}</span>
                  {canEdit && cents > 0n && card.status !== "open" ? (
                    <Link
                      to={`${base}/cards?card=${card.uuid}&statement=${card.closing}&pay=1`}
                      className={sectionLinkClass}
                      aria-label={t("places.payCard", { card: card.name })}
                    >
                      {t("places.pay")}
                    </Link>
                  ) : (
                    <Link to={`${base}/cards?card=${card.uuid}`} className={sectionLinkClass}>
                      {t("places.statement")}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function WeekSection({ comingUp, currency, base }: { comingUp: ComingUp; currency: string; base: string }) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  return (
    <section aria-labelledby="week-title" className="min-w-0 rounded-2xl border bg-card p-5 shadow-xs">
      <SectionHeading
        id="week-title"
        title={t("week.title")}
        linkText={t("week.planned")}
        href={`${base}/scheduled-transactions`}
      />
      {comingUp.week.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">
          {t("week.empty", { date: formatDate(comingUp.week_end, language, { style: "dayMonth" }) })}
        </p>
      ) : (
        <ol className="mt-3 divide-y">
          {comingUp.week.map((item) => {
            const cents = decimalToExactUnits(item.amount, item.currency);
            const isIncome = item.kind === "income";
            return (
              <li
                key={`${item.source.uuid}-${item.date}-${item.description}`}
                className="grid grid-cols-1 gap-0.5 py-2.5"
              >
                <div className="flex flex-col gap-0.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <Link
                    to={`${base}/${sourcePages[item.source.type]}${item.source.type === "statement" ? `?card=${item.source.uuid}` : ""}`}
                    className="min-w-0 truncate font-medium text-foreground hover:underline"
                  >
                    {item.source.type === "statement"
                      ? t("week.statement", { card: item.description })
                      : item.description}
                  </Link>
                  <span
                    className={cn("shrink-0 font-semibold tabular-nums", isIncome ? "text-success" : "text-foreground")}
                  >
                    {formatMoney(isIncome ? cents : -cents, item.currency, language, { sign: "always" })}
                  </span>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground sm:justify-between">
                  <time dateTime={item.date}>{formatDate(item.date, language, { style: "dayMonth" })}</time>
                  <span className="tabular-nums">
                    {item.balance_after === null
                      ? t("week.notConverted")
                      : t("week.balanceAfter", {
                          amount: formatMoney(decimalToExactUnits(item.balance_after, currency), currency, language),
                        })}
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function CategoriesSection({
  comingUp,
  currency,
  analyticsHref,
}: {
  comingUp: ComingUp;
  currency: string;
  analyticsHref: string;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  // Largest first: the first bar is the full width.
  const largest = comingUp.categories[0] ? decimalToExactUnits(comingUp.categories[0].amount, currency) : 0n;
  return (
    <section aria-labelledby="categories-title" className="min-w-0 rounded-2xl border bg-card p-5 shadow-xs">
      <SectionHeading
        id="categories-title"
        title={t("categories.title")}
        linkText={t("categories.analytics")}
        href={analyticsHref}
      />
      {comingUp.categories.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{t("categories.empty")}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {comingUp.categories.map((category) => {
            const cents = decimalToExactUnits(category.amount, currency);
            const width = largest > 0n ? Number((cents * 1000n) / largest) / 10 : 0;
            return (
              <li key={category.uuid} className="grid grid-cols-1 gap-1">
                <div className="flex flex-col gap-0.5 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-3">
                  <span className="truncate">{category.name}</span>
                  <span className="shrink-0 font-medium tabular-nums">{formatMoney(cents, currency, language)}</span>
                </div>
                <div className="h-2 rounded-full bg-muted" aria-hidden>
                  <div className="h-2 rounded-full" style={{ width: `${width}%`, backgroundColor: category.color }} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
