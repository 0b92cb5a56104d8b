import { useTranslation } from "react-i18next";
import { AppPreview } from "./app-preview";
import { WaitlistButton } from "./waitlist-button";

const points = ["free", "bank", "password"] as const;

export function HeroSection() {
  const { t } = useTranslation("landing");
  return (
    <section id="hero" aria-labelledby="hero-title" className="hero">
      <div className="wrap">
        <div>
          <p className="eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.lead")}</p>
          <div className="actions">
            <WaitlistButton variant="secondary" size="lg">
              {t("hero.primary")}
            </WaitlistButton>
            <a href="#como-funciona" className="ghost">
              {t("hero.secondary")}
            </a>
          </div>
          <ul className="points">
            {points.map((point) => (
              <li key={point}>{t(`hero.points.${point}`)}</li>
            ))}
          </ul>
        </div>
        <AppPreview />
      </div>
    </section>
  );
}
