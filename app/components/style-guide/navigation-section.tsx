import { useTranslation } from "react-i18next";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { Icon } from "~/components/ui/icon";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatDate, formatMoney, formatPercent } from "~/lib/format";
import { demoCurrency } from "./demo-data";
import { Section, Specimen } from "./section";
import { useLanguage } from "~/lib/use-language";

const faqKeys = ["bank", "currencies", "sharing"] as const;
const cardLimit = 800000;
const cardUsed = 386420;

export function NavigationSection() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  const money = (minorUnits: number) => formatMoney(minorUnits, demoCurrency, language);
  const statementLines = [
    { key: "closing", value: formatDate("2025-06-28", language) },
    { key: "due", value: formatDate("2025-07-05", language) },
    { key: "open", value: money(cardUsed) },
  ];
  return (
    <Section id="navigation" title={t("sections.navigation.title")} description={t("sections.navigation.description")}>
      <div className="grid gap-4 lg:grid-cols-2">
        <Specimen label={t("navigation.tabsLabel")}>
          <Tabs defaultValue="limit">
            <TabsList className="w-full sm:w-fit">
              <TabsTrigger value="limit">
                <Icon name="credit-card" className="max-sm:hidden" />
                {t("navigation.tabs.limit")}
              </TabsTrigger>
              <TabsTrigger value="statement">
                <Icon name="calendar-days" className="max-sm:hidden" />
                {t("navigation.tabs.statement")}
              </TabsTrigger>
              <TabsTrigger value="installments">
                <Icon name="layout-grid" className="max-sm:hidden" />
                {t("navigation.tabs.installments")}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="limit" className="grid gap-3">
              <div className="flex items-baseline justify-between gap-4">
                <p className="text-2xl font-semibold tracking-tight tabular">{money(cardLimit - cardUsed)}</p>
                <p className="text-sm text-muted-foreground">{t("navigation.limit.of", { limit: money(cardLimit) })}</p>
              </div>
              {/* biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be styled the same in every browser */}
              <div
                role="meter"
                aria-label={t("navigation.limit.used")}
                aria-valuemin={0}
                aria-valuemax={cardLimit}
                aria-valuenow={cardUsed}
                aria-valuetext={formatPercent(cardUsed / cardLimit, language)}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div className="h-full rounded-full bg-success" style={{ width: `${(cardUsed / cardLimit) * 100}%` }} />
              </div>
              <p className="text-sm text-muted-foreground">
                {t("navigation.limit.usage", { percent: formatPercent(cardUsed / cardLimit, language) })}
              </p>
            </TabsContent>
            <TabsContent value="statement">
              <dl className="divide-y">
                {statementLines.map(({ key, value }) => (
                  <div key={key} className="flex justify-between gap-4 py-2.5 text-sm first:pt-0">
                    <dt className="text-muted-foreground">{t(`navigation.statement.${key}`)}</dt>
                    <dd className="font-medium tabular">{value}</dd>
                  </div>
                ))}
              </dl>
            </TabsContent>
            <TabsContent value="installments">
              <p className="text-sm font-medium">{t("navigation.installments.item")}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {t("navigation.installments.progress", { paid: 4, total: 10, amount: money(29990) })}
              </p>
              <ol className="mt-4 grid grid-cols-10 gap-1" aria-hidden>
                {Array.from({ length: 10 }, (_, position) => (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a static sample have no identity but their place
                    key={position}
                    className={position < 4 ? "h-2 rounded-full bg-accent" : "h-2 rounded-full bg-muted"}
                  />
                ))}
              </ol>
            </TabsContent>
          </Tabs>
        </Specimen>
        <Specimen label={t("navigation.accordionLabel")}>
          <Accordion type="single" collapsible defaultValue="bank" className="-mt-4 -mb-2">
            {faqKeys.map((key) => (
              <AccordionItem key={key} value={key}>
                <AccordionTrigger>{t(`navigation.faq.${key}.question`)}</AccordionTrigger>
                <AccordionContent>{t(`navigation.faq.${key}.answer`)}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </Specimen>
      </div>
    </Section>
  );
}
