import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/format";
import { demoCurrency } from "./demo-data";
import { Section, Specimen } from "./section";
import { useLanguage } from "~/lib/use-language";

const scale = [
  { key: "display", className: "text-4xl font-bold tracking-tight sm:text-5xl", spec: "48 · 700" },
  { key: "heading1", className: "text-3xl font-bold tracking-tight", spec: "30 · 700" },
  { key: "heading2", className: "text-2xl font-semibold tracking-tight", spec: "24 · 600" },
  { key: "heading3", className: "text-lg font-semibold", spec: "18 · 600" },
  { key: "body", className: "text-base", spec: "16 · 400" },
  { key: "small", className: "text-sm text-muted-foreground", spec: "14 · 400" },
  {
    key: "caption",
    className: "text-xs font-semibold tracking-wider text-muted-foreground uppercase",
    spec: "12 · 600",
  },
] as const;

export function TypographySection() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  return (
    <Section id="typography" title={t("sections.typography.title")} description={t("sections.typography.description")}>
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_18rem]">
        <Specimen label={t("typography.scaleLabel")}>
          <dl className="divide-y">
            {scale.map(({ key, className, spec }) => (
              <div
                key={key}
                className="grid gap-1 py-4 first:pt-0 last:pb-0 sm:grid-cols-[8rem_1fr] sm:items-baseline sm:gap-6"
              >
                <dt className="text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{t(`typography.scale.${key}.name`)}</span>
                  <span className="ml-2 font-mono tabular">{spec}</span>
                </dt>
                <dd className={`min-w-0 max-w-prose text-foreground ${className}`}>
                  {t(`typography.scale.${key}.sample`)}
                </dd>
              </div>
            ))}
          </dl>
        </Specimen>
        <Specimen label={t("typography.figuresLabel")}>
          <p className="text-sm text-muted-foreground">{t("typography.figuresBody")}</p>
          <div className="mt-5 grid gap-1 rounded-lg bg-muted p-4 text-right font-medium text-foreground tabular">
            {[1250000, 320000, 48790, 5590].map((amount) => (
              <span key={amount}>{formatMoney(amount, demoCurrency, language)}</span>
            ))}
          </div>
          <p className="mt-5 text-xs text-muted-foreground">{t("typography.fontNote")}</p>
        </Specimen>
      </div>
    </Section>
  );
}
