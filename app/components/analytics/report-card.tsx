import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon, type IconName } from "~/components/ui/icon";
import { plans } from "~/lib/pricing";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { Report } from "./report-state";

type ReportCardProps<T> = {
  id: string;
  title: string;
  description: string;
  icon: IconName;
  report: Report<T>;
  /** One of the reports the free plan reads (for the last 12 months): locked, it is the range that is. */
  isFreeReport?: boolean;
  /** Controls over the figures (a grouping, a kind), shown only with them. */
  action?: ReactNode;
  className?: string;
  children(data: T): ReactNode;
};

/**
 * One report in a card: its figures, or, when the plan does not include it, what it would show and
 * the way there; when the range cannot be read (too long for it), why.
 */
export function ReportCard<T>({
  id,
  title,
  description,
  icon,
  report,
  isFreeReport = false,
  action,
  className,
  children,
}: ReportCardProps<T>) {
  return (
    <Card
      id={id}
      className={cn("min-w-0 scroll-mt-24", className)}
      aria-labelledby={`${id}-title`}
      role="region"
      data-testid={id}
    >
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Icon name={icon} className="size-4 text-accent-text" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {report.state === "ready" && action ? (
          // Under the description rather than beside the title, which keeps the card's width on a phone.
          <div className="mt-1">{action}</div>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {report.state === "ready" ? children(report.data) : null}
        {report.state === "locked" ? <LockedReport freeFrom={report.freeFrom} isRangeLimit={isFreeReport} /> : null}
        {report.state === "refused" ? <RefusedRange id={id} message={report.message} /> : null}
      </CardContent>
    </Card>
  );
}

/** The free plan's limit said before anything is tried: what the plan shows, and the plan that adds this. */
function LockedReport({ freeFrom, isRangeLimit }: { freeFrom: string; isRangeLimit: boolean }) {
  const { t } = useTranslation("analytics");
  const language = useLanguage();
  const unlimited = plans.find((plan) => plan.key === "unlimited")!;
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-accent-200 bg-accent-50 p-4" data-testid="locked">
      <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Icon name="lock" className="size-4 text-accent-text" />
        {t(isRangeLimit ? "locked.rangeTitle" : "locked.title")}
      </p>
      <p className="text-sm text-foreground">
        {t(isRangeLimit ? "locked.rangeBody" : "locked.body", {
          from: freeFrom ? formatDate(freeFrom, language, { style: "monthYearLong" }) : "",
          price: formatMoney(unlimited.monthlyCents, "BRL", language),
        })}
      </p>
      <Button variant="outline" size="sm" className="justify-self-start" asChild>
        <Link to="/#planos">{t("locked.seePlans")}</Link>
      </Button>
    </div>
  );
}

function RefusedRange({
  id,
  message,
}: {
  id: string;
  message: { key: string; values?: Record<string, string | number> };
}) {
  const { t } = useTranslation(["analytics", "errors"]);
  const text = id === "report-balance" ? t("balance.tooLong") : t(message.key, message.values ?? {});
  return (
    <p className="flex items-start gap-2 rounded-lg bg-muted p-4 text-sm text-foreground">
      <Icon name="info" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      {text}
    </p>
  );
}

/** What to record to see a report, where there is nothing to show yet. */
export function ReportEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">{children}</p>
  );
}

/** Currencies left out because no kept rate converts them: named, never counted at 1. */
export function UnconvertedNote({ currencies }: { currencies: readonly string[] }) {
  const { t } = useTranslation("analytics");
  if (!currencies.length) return null;
  return (
    <p className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="unconverted">
      <Icon name="info" className="mt-0.5 size-3.5 shrink-0" />
      {t("unconverted", { currencies: currencies.join(", ") })}
    </p>
  );
}

type TableProps = {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** How many columns, from the first, hold names (left-aligned) rather than figures; the first heads its row. */
  leadingTextColumns?: number;
};

/**
 * The report's numbers as a table, behind a disclosure: the same figures as the drawing, for
 * screen readers, keyboards and anyone who would rather read them.
 */
export function ReportTable({ caption, head, rows, leadingTextColumns = 1 }: TableProps) {
  const { t } = useTranslation("analytics");
  return (
    <details className="group rounded-lg border">
      <summary className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-foreground hover:bg-muted">
        <Icon name="chevron-right" className="size-4 transition-transform group-open:rotate-90" />
        {t("showTable")}
      </summary>
      <div className="overflow-x-auto border-t">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-left text-xs text-muted-foreground">
              {head.map((label, position) => (
                <th
                  key={label}
                  scope="col"
                  className={cn("px-3 py-2 font-medium", position >= leadingTextColumns && "text-right")}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t">
                {row.cells.map((cell, position) =>
                  position === 0 ? (
                    <th key={head[position]} scope="row" className="px-3 py-2 text-left font-medium text-foreground">
                      {cell}
                    </th>
                  ) : (
                    <td
                      key={head[position]}
                      className={cn(
                        "px-3 py-2 text-foreground",
                        position >= leadingTextColumns ? "text-right tabular" : "text-left",
                      )}
                    >
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
