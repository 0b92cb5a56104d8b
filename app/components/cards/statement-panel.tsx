import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { getCardStatements } from "../../../worker/cards/card-money.service";

export type CardStatements = Awaited<ReturnType<typeof getCardStatements>>;
type Statement = CardStatements["statements"][number];

const statusVariants = { open: "info", closed: "warning", paid: "success", overdue: "destructive" } as const;

function StatusBadge({ status, totalCents }: { status: Statement["status"]; totalCents: number }) {
  const { t } = useTranslation("cards");
  if (status === "paid" && totalCents === 0) return <Badge>{t("statement.status.empty")}</Badge>;
  return <Badge variant={statusVariants[status]}>{t(`statement.status.${status}`)}</Badge>;
}

/** The selected card's open statement in full, and the ones before it as a list. */
export function StatementPanel({ statements: { card, statements } }: { statements: CardStatements }) {
  const { t } = useTranslation("cards");
  const language = useLanguage();
  const money = (cents: number) => formatMoney(cents, card.currency, language);
  const date = (value: string) => formatDate(value, language);
  const [current, ...past] = statements;
  return (
    <section aria-labelledby="statement-heading" className="grid gap-5 rounded-2xl border bg-card p-5 shadow-xs sm:p-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-accent uppercase">{card.display_name}</p>
          <h2 id="statement-heading" className="text-lg font-semibold text-foreground">
            {t("statement.title")}
          </h2>
        </div>
        {current ? <StatusBadge status={current.status} totalCents={current.total_cents} /> : null}
      </header>
      {card.mode !== "credit" || !current ? (
        <p className="flex items-center gap-3 rounded-xl bg-muted/50 p-4 text-sm text-muted-foreground">
          <Icon name="receipt-text" className="size-5 shrink-0" />
          {t("statement.debitOnly")}
        </p>
      ) : (
        <>
          <div className="grid gap-4 rounded-xl bg-muted/40 p-4">
            <p className="text-sm text-muted-foreground">
              {t("statement.period", { start: date(current.period_start), end: date(current.closing_date) })}
            </p>
            <dl className="grid grid-cols-2 gap-4">
              <div className="col-span-full">
                <dt className="text-xs text-muted-foreground">{t("statement.total")}</dt>
                <dd className="text-2xl font-bold text-foreground tabular-nums">{money(current.total_cents)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.paid")}</dt>
                <dd className="text-base font-semibold text-success tabular-nums">{money(current.paid_cents)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.remaining")}</dt>
                <dd className="text-base font-semibold text-foreground tabular-nums">
                  {money(current.remaining_cents)}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.closing")}</dt>
                <dd className="text-sm font-medium text-foreground">{date(current.closing_date)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">{t("statement.due")}</dt>
                <dd className="text-sm font-medium text-foreground">{date(current.due_date)}</dd>
              </div>
            </dl>
          </div>
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">{t("statement.past")}</h3>
            <ul className="divide-y rounded-xl border">
              {past.map((statement) => (
                <li
                  key={statement.closing_date}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-foreground">
                      {formatDate(statement.closing_date, language, { style: "monthYear" })}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t("statement.dueOn", { date: date(statement.due_date) })}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <span className="font-semibold tabular-nums">{money(statement.total_cents)}</span>
                    <StatusBadge status={statement.status} totalCents={statement.total_cents} />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </>
      )}
    </section>
  );
}
