import { useTranslation } from "react-i18next";
import { FeatureGrid } from "./feature-grid";
import { LandingSection } from "./landing-section";

const audiences = [
  { key: "freelancers", icon: "briefcase-business" },
  { key: "families", icon: "users" },
  { key: "young", icon: "graduation-cap" },
  { key: "spreadsheets", icon: "file-spreadsheet" },
] as const;

/** Who the product is for (docs/product.md#who-it-is-for). */
export function AudienceSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id="para-quem" title={t("audience.title")} lead={t("audience.lead")}>
      <FeatureGrid prefix="audience.items" items={audiences} variant="features-cards" />
    </LandingSection>
  );
}
