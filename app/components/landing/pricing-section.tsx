import { useTranslation } from "react-i18next";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { LandingSection } from "./landing-section";
import { annualCents, plans, twelveMonthsCents } from "~/lib/pricing";

const planFeatures = ["core", "plans", "projection"] as const;
const billingOptions = ["monthly", "annual"] as const;

/**
 * The plans and their prices (docs/product.md#plans-and-limits). The billing switch is a pair of native
 * radios and landing.css shows the matching price line (:has), so it works from the first paint, before any
 * script, with arrow keys.
 */
export function PricingSection() {
  const { t } = useTranslation("landing");
  const language = useLanguage();
  const money = (cents: number) => formatMoney(cents, "BRL", language);
  return (
    <LandingSection id="planos" title={t("pricing.title")} lead={t("pricing.lead")} tone="card">
      <fieldset>
        <legend className="sr-only">{t("pricing.billing")}</legend>
        <div className="billing">
          {billingOptions.map((option) => (
            <label key={option}>
              <input
                type="radio"
                name="billing"
                id={`billing-${option}`}
                defaultChecked={option === "monthly"}
                className="sr-only"
              />
              {t(`pricing.${option}`)}
              {option === "annual" ? <span className="pill">{t("pricing.annualBadge")}</span> : null}
            </label>
          ))}
        </div>
      </fieldset>
      <ul className="plans">
        {plans.map((plan) => {
          const isRecommended = "isRecommended" in plan;
          return (
            <li key={plan.key} data-recommended={isRecommended || undefined}>
              <h3>
                {t(`pricing.plans.${plan.key}.name`)}
                {isRecommended ? <span className="pill">{t("pricing.recommended")}</span> : null}
              </h3>
              <p className="muted">{t(`pricing.plans.${plan.key}.description`)}</p>
              <p className="price monthly">
                <b>{money(plan.monthlyCents)}</b>
                {t("pricing.perMonth")}
              </p>
              <p className="price annual">
                <b>{money(annualCents(plan.monthlyCents))}</b>
                {t("pricing.perYear")}
                {plan.monthlyCents > 0 ? (
                  <span>{t("pricing.insteadOf", { amount: money(twelveMonthsCents(plan.monthlyCents)) })}</span>
                ) : null}
              </p>
              <ul>
                {planFeatures.map((feature) => (
                  <li key={feature}>{t(`pricing.plans.${plan.key}.features.${feature}`)}</li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      <div className="plans-foot">
        {t("pricing.note")}
        <a href="#lista-espera">{t("pricing.choose")}</a>
      </div>
    </LandingSection>
  );
}
