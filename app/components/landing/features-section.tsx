import { useTranslation } from "react-i18next";
import { FeatureGrid } from "./feature-grid";
import { LandingSection } from "./landing-section";
import { WaitlistButton } from "./waitlist-button";

const features = [
  { key: "whatsapp", icon: "message-circle" },
  { key: "cards", icon: "credit-card" },
  { key: "installments", icon: "receipt" },
  { key: "workspaces", icon: "layers" },
  { key: "projection", icon: "trending-up" },
  { key: "export", icon: "chart-column" },
] as const;

/** The product's features, those built and those on the way (README: "What it does", "On the way"), and no others. */
export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id="recursos" title={t("features.title")} lead={t("features.lead")} tone="card">
      <FeatureGrid prefix="features.items" items={features} variant="features-wide" />
      <div className="callout">
        {t("features.bankNote")}
        <WaitlistButton variant="accent" size="lg">
          {t("features.cta")}
        </WaitlistButton>
      </div>
    </LandingSection>
  );
}
