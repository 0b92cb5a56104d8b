import { useTranslation } from "react-i18next";
import { formatDate, formatMoney, formatPercent, formatRelativeTime, type DateStyle } from "~/lib/format";
import { demoNow, moneySamples, relativeSamples } from "./demo-data";
import { Section, Specimen } from "./section";
import { useLanguage } from "~/lib/use-language";
import type { Currency } from "../../../db/enums";

/** The two currencies the product started with, side by side; the others format the same way. */
const currencies: readonly Currency[] = ["USD", "BRL"];

const dateStyles: DateStyle[] = ["short", "medium", "long", "dayMonth", "monthYear"];
const sampleDate = "2025-03-05";
const percentSamples = [
  { key: "increase", ratio: 0.125, isSigned: true },
  { key: "decrease", ratio: -0.032, isSigned: true },
  { key: "savingsRate", ratio: 0.159, isSigned: false },
] as const;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
      <dt className="min-w-0 text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right text-sm font-medium whitespace-nowrap text-foreground tabular">{value}</dd>
    </div>
  );
}

/**
 * One row per amount. From `sm` the two currencies sit in columns under a shared header; on
 * phones they stack on the right, each with its currency code.
 */
function MoneyTable() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  const columns = "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]";
  return (
    <div>
      <div
        className={`${columns} hidden border-b pb-2.5 text-xs font-medium text-muted-foreground sm:grid`}
        aria-hidden
      >
        <span>{t("formatting.stored")}</span>
        {currencies.map((currency) => (
          <span key={currency} className="text-right">
            {t(`formatting.currency.${currency}`)}
          </span>
        ))}
      </div>
      <ul className="divide-y">
        {moneySamples.map(({ key, minorUnits }) => (
          <li key={key} className={`${columns} py-3 last:pb-0`}>
            <div className="min-w-0">
              <p className="text-sm text-foreground">{t(`formatting.money.${key}`)}</p>
              <p className="font-mono text-xs text-muted-foreground">
                <span className="sr-only">{t("formatting.stored")}: </span>
                {minorUnits}
              </p>
            </div>
            <dl className="grid gap-1 sm:contents">
              {currencies.map((currency) => (
                <div key={currency} className="flex items-baseline justify-end gap-2">
                  <dt className="text-xs text-muted-foreground sm:sr-only">
                    <span aria-hidden>{currency}</span>
                    <span className="sr-only">{t(`formatting.currency.${currency}`)}</span>
                  </dt>
                  <dd
                    className={`text-sm font-medium whitespace-nowrap tabular ${minorUnits < 0 ? "text-destructive" : "text-foreground"}`}
                  >
                    {formatMoney(minorUnits, currency, language)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FormattingSection() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  return (
    <Section id="formatting" title={t("sections.formatting.title")} description={t("sections.formatting.description")}>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <Specimen label={t("formatting.moneyLabel")} className="lg:col-span-3">
          <MoneyTable />
          <p className="mt-4 text-xs text-pretty text-muted-foreground">{t("formatting.moneyNote")}</p>
        </Specimen>
        <Specimen label={t("formatting.datesLabel")}>
          <dl className="divide-y">
            {dateStyles.map((style) => (
              <Row
                key={style}
                label={t(`formatting.dateStyle.${style}`)}
                value={formatDate(sampleDate, language, { style })}
              />
            ))}
          </dl>
          <p className="mt-4 text-xs text-pretty text-muted-foreground">
            {t("formatting.datesNote", { date: sampleDate })}
          </p>
        </Specimen>
        <Specimen label={t("formatting.percentLabel")}>
          <dl className="divide-y">
            {percentSamples.map(({ key, ratio, isSigned }) => (
              <Row
                key={key}
                label={t(`formatting.percent.${key}`)}
                value={formatPercent(ratio, language, { isSigned })}
              />
            ))}
          </dl>
        </Specimen>
        <Specimen label={t("formatting.relativeLabel")}>
          <dl className="divide-y">
            {relativeSamples.map(({ key, offsetSeconds }) => (
              <Row
                key={key}
                label={t(`formatting.relative.${key}`)}
                value={formatRelativeTime(demoNow.getTime() + offsetSeconds * 1000, demoNow, language)}
              />
            ))}
          </dl>
        </Specimen>
      </div>
    </Section>
  );
}
