import { useTranslation } from "react-i18next";
import { LandingSection } from "./landing-section";

const pains = ["typing", "installments", "sheets", "past"] as const;
const sides = ["old", "new"] as const;

/** The two figures (comparison.abandonStat, comparison.timeStat), then the usual way next to Moneta's, point by point. */
export function ComparisonSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id="por-que" title={t("comparison.title")} lead={t("comparison.lead")} tone="card">
      <dl className="stats">
        {(["abandon", "time"] as const).map((stat) => (
          <div key={stat}>
            <dt>{t(`comparison.${stat}`)}</dt>
            <dd>{t(`comparison.${stat}Stat`)}</dd>
          </div>
        ))}
      </dl>
      <div className="versus">
        {sides.map((side) => (
          <div key={side} className={side}>
            <h3>{t(`comparison.${side}Title`)}</h3>
            <ul>
              {pains.map((pain) => (
                <li key={pain}>{t(`comparison.${side}.${pain}`)}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </LandingSection>
  );
}
