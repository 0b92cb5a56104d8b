import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { formatDate, formatMoney, formatPercent } from "~/lib/format";
import { cn } from "~/lib/utils";
import { demoCurrency, monthlyStats, recentTransactions } from "./demo-data";
import { Section } from "./section";
import { useLanguage } from "~/lib/use-language";

const statIcons: Record<(typeof monthlyStats)[number]["key"], IconName> = {
  balance: "landmark",
  income: "trending-up",
  expenses: "trending-down",
  cardSpending: "credit-card",
};

// For spending, going down is the good direction.
const isLowerBetter = { balance: false, income: false, expenses: true, cardSpending: true };

const statusVariants: Record<(typeof recentTransactions)[number]["status"], BadgeProps["variant"]> = {
  paid: "success",
  scheduled: "info",
  overdue: "destructive",
};

function StatCards() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {monthlyStats.map(({ key, current, previous }) => {
        const change = (current - previous) / previous;
        const isGood = isLowerBetter[key] ? change <= 0 : change >= 0;
        return (
          <Card key={key} className="gap-3 py-5">
            <CardHeader className="px-5">
              <CardDescription className="font-medium">{t(`cards.stats.${key}`)}</CardDescription>
              <CardAction>
                <span className="grid size-8 place-items-center rounded-lg bg-accent-50 text-accent-text">
                  <Icon name={statIcons[key]} className="size-4" />
                </span>
              </CardAction>
            </CardHeader>
            <CardContent className="px-5">
              <p className="text-2xl font-semibold tracking-tight text-foreground tabular">
                {formatMoney(current, demoCurrency, language)}
              </p>
              <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <span
                  className={cn(
                    "inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold tabular",
                    isGood ? "bg-success/10 text-success" : "bg-destructive/10 text-destructive",
                  )}
                >
                  <Icon name={change >= 0 ? "arrow-up-right" : "arrow-down-right"} className="size-3.5" />
                  {formatPercent(change, language, { isSigned: true })}
                </span>
                {t("cards.vsLastMonth")}
              </p>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

function RecentTransactions() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>{t("cards.recent.title")}</CardTitle>
        <CardDescription>{t("cards.recent.description")}</CardDescription>
        <CardAction>
          <Button variant="link" size="sm" className="px-0">
            {t("cards.recent.viewAll")}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-2 sm:px-3">
        <ul className="divide-y">
          {recentTransactions.map(({ key, amount, date, status, category }) => (
            <li key={key} className="flex items-center gap-3 px-3 py-3">
              <span
                className={cn(
                  "grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold",
                  amount > 0 ? "bg-success/10 text-success" : "bg-muted text-muted-foreground",
                )}
                aria-hidden
              >
                {t(`transactions.${key}`).charAt(0)}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-foreground">{t(`transactions.${key}`)}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {t(`categories.${category}`)} · {formatDate(date, language, { style: "dayMonth" })}
                </p>
              </div>
              <div className="grid justify-items-end gap-1">
                <p className={cn("text-sm font-semibold tabular", amount > 0 ? "text-success" : "text-foreground")}>
                  {formatMoney(amount, demoCurrency, language, { sign: "exceptZero" })}
                </p>
                <Badge variant={statusVariants[status]}>{t(`feedback.badge.${status}`)}</Badge>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function CardsSection() {
  const { t } = useTranslation("style-guide");
  return (
    <Section id="cards" title={t("sections.cards.title")} description={t("sections.cards.description")}>
      <div className="grid gap-4">
        <StatCards />
        <RecentTransactions />
      </div>
    </Section>
  );
}
