import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { ScheduleRow } from "../../../worker/planning/money-schedules";

/** Rows a page of the table shows: a year of monthly payments. */
const rowsPerPage = 12;

type Props = {
  rows: ScheduleRow[];
  currency: string;
  /** The k-th payment's date (k from 0), when the schedule has dates. */
  dateOf?: (index: number) => string;
};

/** A payment schedule, a year a page (a 30-year loan has 30): date, payment, interest, principal, what is left. */
export function ScheduleTable({ rows, currency, dateOf }: Props) {
  const { t } = useTranslation("calculators");
  const language = useLanguage();
  const [page, setPage] = useState(0);
  const pages = Math.ceil(rows.length / rowsPerPage);
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage);
  const money = (cents: bigint) => formatMoney(Number(cents), currency, language);
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-xl border">
        <table className="w-full min-w-[36rem] text-sm tabular-nums">
          <caption className="sr-only">{t("schedule.caption")}</caption>
          <thead className="bg-muted/50 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("schedule.number")}
              </th>
              {dateOf ? (
                <th scope="col" className="px-3 py-2">
                  {t("schedule.date")}
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2 text-right">
                {t("schedule.payment")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("schedule.interest")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("schedule.principal")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("schedule.remaining")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((row) => (
              <tr key={row.number}>
                <td className="px-3 py-2 text-muted-foreground">{row.number}</td>
                {dateOf ? (
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDate(dateOf(row.number - 1), language, { style: "short" })}
                  </td>
                ) : null}
                <td className="px-3 py-2 text-right font-medium text-foreground">{money(row.paymentCents)}</td>
                <td className="px-3 py-2 text-right">{money(row.interestCents)}</td>
                <td className="px-3 py-2 text-right">{money(row.principalCents)}</td>
                <td className="px-3 py-2 text-right">{money(row.remainingCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="flex items-center justify-between gap-3" aria-label={t("schedule.pages")}>
          <Button variant="outline" size="sm" onClick={() => setPage(current - 1)} disabled={current === 0}>
            {t("schedule.previous")}
          </Button>
          <span className="text-sm text-muted-foreground" aria-live="polite">
            {t("schedule.pageOf", { page: current + 1, pages })}
          </span>
          <Button variant="outline" size="sm" onClick={() => setPage(current + 1)} disabled={current === pages - 1}>
            {t("schedule.next")}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
