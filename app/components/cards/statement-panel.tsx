import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { getCardsPage } from "../../../worker/pages/cards-page.service";
import { StatementLines } from "./statement-lines";

export type CardStatements = NonNullable<Awaited<ReturnType<typeof getCardsPage>>["statements"]>;
type Statement = CardStatements["statements"][number];
export type SelectedStatement = NonNullable<CardStatements["selected"]>;

const statusVariants = {
  upcoming: "outline",
  open: "info",
  closed: "warning",
  paid: "success",
  overdue: "destructive",
} as const;

function StatusBadge({ status, totalCents }: { status: Statement["status"]; totalCents: number }) {
  const { t } = useTranslation("cards");
  if (status === "paid" && totalCents === 0) return <Badge>{t("statement.status.empty")}</Badge>;
  return <Badge variant={statusVariants[status]}>{t(`statement.status.${status}`)}</Badge>;
}

type StatementPanelProps = {
  statements: CardStatements;
  /** Given to people who may write: pays what settles the statement (earlier ones' arrears included) through the wizard. */
  onPay?(statement: SelectedStatement): void;
};

/**
 * The selected card's statement in full — its purchases, total, paid and remaining — and the
 * card's other statements as links. A card acting as debit has no statements: its latest
 * purchases show instead.
 */
export function StatementPanel({
  statements: { card, statements, selected, recentPurchases },
  onPay,
}: StatementPanelProps) {
  const { t } = useTranslation("cards");
  const language = useLanguage();
  if (card.mode !== "credit") {
    return (
      <section
        aria-labelledby="statement-heading"
        className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs sm:p-6"
      >
        <header>
          <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">{card.display_name}</p>
          <h2 id="statement-heading" className="text-lg font-semibold text-foreground">
            {t("statement.recentTitle")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("statement.debitOnly")}</p>
        </header>
        <StatementLines
          lines={recentPurchases}
          currency={card.currency}
          language={language}
          label={t("statement.recentTitle")}
          emptyText={t("statement.noPurchases")}
        />
      </section>
    );
  }
  const money = (cents: number) => formatMoney(cents, card.currency, language);
  const date = (value: string) => formatDate(value, language);
  const month = (value: string) => formatDate(value, language, { style: "monthYear" });
  // A later statement (installments to come) is paid once it closes; its share holds the limit until then.
  const isPayable =
    selected !== null && !["paid", "upcoming"].includes(selected.status) && selected.remaining_cents > 0;
  return (
    <section aria-labelledby="statement-heading" className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-accent-text uppercase">{card.display_name}</p>
          <h2 id="statement-heading" className="text-lg font-semibold text-foreground">
            {!selected || selected.status === "open"
              ? t("statement.title")
              : t("statement.ofMonth", { month: month(selected.closing_date) })}
          </h2>
        </div>
        {selected ? <StatusBadge status={selected.status} totalCents={selected.total_cents} /> : null}
      </header>
      {selected ? (
        <>
          <div className="grid gap-4 rounded-xl bg-muted/40 p-4">
            <p className="text-sm text-muted-foreground">
              {t("statement.period", { start: date(selected.period_start), end: date(selected.closing_date) })}
            </p>
            <dl className="grid grid-cols-2 gap-4">
              <div className="col-span-full">
                <dt className="text-xs text-muted-foreground">{t("statement.total")}</dt>
                <dd className="text-2xl font-bold text-foreground tabular-nums" data-testid="statement-total">
                  {money(selected.total_cents)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.paid")}</dt>
                <dd className="text-base font-semibold text-success tabular-nums" data-testid="statement-paid">
                  {money(selected.paid_cents)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.remaining")}</dt>
                <dd className="text-base font-semibold text-foreground tabular-nums" data-testid="statement-remaining">
                  {money(selected.remaining_cents)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.closing")}</dt>
                <dd className="text-sm font-medium text-foreground">{date(selected.closing_date)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.due")}</dt>
                <dd className="text-sm font-medium text-foreground">{date(selected.due_date)}</dd>
              </div>
            </dl>
            {selected.status === "upcoming" ? (
              <p className="text-xs text-muted-foreground">{t("statement.upcomingNote")}</p>
            ) : null}
            {selected.status !== "upcoming" && selected.to_settle_cents > selected.remaining_cents ? (
              <p className="text-xs text-muted-foreground">
                {t("statement.earlierOwed", { amount: money(selected.to_settle_cents - selected.remaining_cents) })}
              </p>
            ) : null}
            {onPay && isPayable ? (
              <Button variant="accent" onClick={() => onPay(selected)}>
                <Icon name="credit-card" />
                {t("statement.pay")}
              </Button>
            ) : null}
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">{t("statement.purchases")}</h3>
            <StatementLines
              lines={selected.lines}
              currency={card.currency}
              language={language}
              label={t("statement.purchases")}
              emptyText={t("statement.noCharges")}
            />
            <p className="text-xs text-muted-foreground">{t("statement.paymentsNote")}</p>
          </div>
        </>
      ) : null}
      <div className="grid gap-2">
        <h3 id="statement-list-heading" className="text-sm font-semibold text-foreground">
          {t("statement.all")}
        </h3>
        <ul className="divide-y overflow-hidden rounded-xl border" aria-labelledby="statement-list-heading">
          {statements.map((statement) => {
            const isSelected = statement.closing_date === selected?.closing_date;
            return (
              <li key={statement.closing_date}>
                <Link
                  to={`?card=${card.uuid}&statement=${statement.closing_date}`}
                  preventScrollReset
                  aria-current={isSelected ? "true" : undefined}
                  className={cn(
                    "flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm transition hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none",
                    isSelected && "bg-accent-50",
                  )}
                >
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">{month(statement.closing_date)}</p>
                    <p className="text-xs text-muted-foreground">
                      {t("statement.dueOn", { date: date(statement.due_date) })}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold tabular-nums">{money(statement.total_cents)}</span>
                    <StatusBadge status={statement.status} totalCents={statement.total_cents} />
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
