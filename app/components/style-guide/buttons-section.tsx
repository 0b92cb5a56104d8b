import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { Section, Specimen } from "./section";

const variants = [
  "primary",
  "accent",
  "secondary",
  "outline",
  "ghost",
  "destructive",
  "link",
] as const satisfies ButtonProps["variant"][];
const sizes = ["sm", "md", "lg"] as const satisfies ButtonProps["size"][];
const iconButtons = [
  { key: "add", icon: "plus" },
  { key: "filter", icon: "funnel" },
  { key: "more", icon: "ellipsis" },
] as const;

export function ButtonsSection() {
  const { t } = useTranslation("style-guide");
  return (
    <Section id="buttons" title={t("sections.buttons.title")} description={t("sections.buttons.description")}>
      <div className="grid gap-4 md:grid-cols-2">
        <Specimen label={t("buttons.variantsLabel")} className="md:col-span-2">
          <div className="flex flex-wrap items-center gap-3">
            {variants.map((variant) => (
              <Button key={variant} variant={variant}>
                {t(`buttons.variant.${variant}`)}
              </Button>
            ))}
          </div>
        </Specimen>
        <Specimen label={t("buttons.sizesLabel")}>
          <div className="flex flex-wrap items-center gap-3">
            {sizes.map((size) => (
              <Button key={size} size={size} variant="outline">
                {t(`buttons.size.${size}`)}
              </Button>
            ))}
          </div>
        </Specimen>
        <Specimen label={t("buttons.statesLabel")}>
          <div className="flex flex-wrap items-center gap-3">
            <Button disabled aria-busy>
              <Icon name="loader-circle" className="animate-spin" />
              {t("buttons.saving")}
            </Button>
            <Button variant="outline" disabled>
              {t("buttons.disabled")}
            </Button>
          </div>
        </Specimen>
        <Specimen label={t("buttons.withIconLabel")}>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="accent">
              <Icon name="plus" />
              {t("buttons.newTransaction")}
            </Button>
            <Button variant="outline">
              <Icon name="download" />
              {t("buttons.exportCsv")}
            </Button>
          </div>
        </Specimen>
        <Specimen label={t("buttons.iconOnlyLabel")}>
          <div className="flex flex-wrap items-center gap-3">
            {iconButtons.map(({ key, icon }) => (
              <Tooltip key={key}>
                <TooltipTrigger asChild>
                  <Button variant="outline" size="icon" aria-label={t(`buttons.icon.${key}`)}>
                    <Icon name={icon} />
                  </Button>
                </TooltipTrigger>
                <TooltipContent>{t(`buttons.icon.${key}`)}</TooltipContent>
              </Tooltip>
            ))}
            <p className="text-sm text-muted-foreground">{t("buttons.iconOnlyHint")}</p>
          </div>
        </Specimen>
      </div>
    </Section>
  );
}
