import { useTranslation } from "react-i18next";
import { formatAmountText } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { ReportCard, ReportEmpty, UnconvertedNote } from "./report-card";
import type { AccountPerformance, Report } from "./report-state";

/** Each account over the range: what it opened with, what came in and went out, and what it closed with. */
export function AccountPerformanceCard({ report }: { report: Report<AccountPerformance> }) {
  const { t } = useTranslation("analytics");
  return (
    <ReportCard
      id="report-accounts"
      icon="wallet"
      title={t("accounts.title")}
      description={t("accounts.description")}
      report={report}
      className="lg:col-span-2"
    >
      {(data) => <AccountsBody data={data} />}
    </ReportCard>
  );
}

function AccountsBody({ data }: { data: AccountPerformance }) {
  const { t } = useTranslation("analytics");
  const language = useLanguage();
  if (!data.accounts.length) return <ReportEmpty>{t("accounts.empty")}</ReportEmpty>;
  const columns = ["opening", "inflows", "outflows", "closing", "change"] as const;
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group names the scrolling area without adding a landmark for every chart */}
      <div
        role="group"
        className="overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways inside the card, which a keyboard can do only once it is focused
        tabIndex={0}
        aria-label={t("accounts.caption", { currency: data.currency })}
      >
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{t("accounts.caption", { currency: data.currency })}</caption>
          <thead>
            <tr className="bg-muted/50 text-left text-xs text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">
                {t("accounts.account")}
              </th>
              {columns.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 text-right font-medium">
                  {t(`accounts.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.accounts.map((account) => (
              <tr key={account.uuid} className="border-t">
                <th scope="row" className="px-3 py-2 text-left font-medium text-foreground">
                  <span className="flex items-center gap-2">
                    <span
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: account.color }}
                      aria-hidden
                    />
                    {account.name}
                    {account.is_active ? null : (
                      <span className="text-xs font-normal text-muted-foreground">{t("accounts.archived")}</span>
                    )}
                  </span>
                </th>
                {columns.map((column) => (
                  <td key={column} className="px-3 py-2 text-right text-foreground tabular">
                    {formatAmountText(account[column], account.currency, language, {
                      sign: column === "change" ? "exceptZero" : "auto",
                    })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{t("accounts.ownCurrency")}</p>
      <UnconvertedNote currencies={data.unconverted_currencies} />
    </>
  );
}
