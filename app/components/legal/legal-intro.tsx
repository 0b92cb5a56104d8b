import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { legalLastUpdated, LegalText } from "./legal-content";

const summaryPoints = [
  { key: "records", icon: "database" },
  { key: "noSale", icon: "shield-check" },
  { key: "cookies", icon: "cookie" },
  { key: "control", icon: "sliders-horizontal" },
] as const;

/** The page's title, the date of the last change and the four points worth knowing first. */
export function LegalIntro() {
  const { t } = useTranslation("legal");
  const language = useLanguage();
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-end lg:gap-12">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-accent-text uppercase">{t("page.eyebrow")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-5xl">
          {t("page.title")}
        </h1>
        <p className="mt-4 text-base text-pretty text-muted-foreground sm:text-lg">
          <LegalText i18nKey="page.lead" />
        </p>
        <p className="mt-5 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs whitespace-nowrap text-muted-foreground sm:text-sm">
          <Icon name="calendar-days" className="size-4" />
          <time dateTime={legalLastUpdated}>
            {t("page.lastUpdated", { date: formatDate(legalLastUpdated, language, { style: "long" }) })}
          </time>
        </p>
      </div>
      <section
        aria-labelledby="legal-summary-title"
        className="rounded-2xl border border-secondary-300 bg-secondary-50 p-5"
      >
        <h2 id="legal-summary-title" className="text-sm font-semibold text-foreground">
          {t("page.summary.title")}
        </h2>
        <ul className="mt-3 grid gap-3">
          {summaryPoints.map(({ key, icon }) => (
            <li key={key} className="flex gap-3 text-sm text-foreground/85">
              <span className="grid size-7 shrink-0 place-items-center rounded-lg bg-card text-accent-text shadow-xs">
                <Icon name={icon} className="size-4" />
              </span>
              <span className="pt-1">{t(`page.summary.${key}`)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
