import { useTranslation } from "react-i18next";
import { LandingSection } from "./landing-section";

const steps = ["signIn", "workspace", "track"] as const;

/** Three steps from the waitlist to a first expense, as the sign-in and setup screens work. */
export function StepsSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id="como-funciona" title={t("steps.title")} lead={t("steps.lead")} tone="dark">
      <ol className="steps">
        {steps.map((step) => (
          <li key={step}>
            <h3>{t(`steps.items.${step}.title`)}</h3>
            <p>{t(`steps.items.${step}.body`)}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
