import { useTranslation } from "react-i18next";
import { LandingSection } from "./landing-section";

const questions = ["price", "bank", "whatsapp", "sharing", "export", "mobile"] as const;

/**
 * Six questions, one answer open at a time, the first open when the page loads.
 * Native <details name> is an exclusive accordion with keyboard support and no script, and
 * every answer is in the server's HTML for search engines.
 */
export function FaqSection() {
  const { t } = useTranslation("landing");
  return (
    <LandingSection id="faq" title={t("faq.title")}>
      <div className="faq">
        {questions.map((question, index) => (
          <details key={question} name="faq" open={index === 0}>
            <summary>{t(`faq.items.${question}.question`)}</summary>
            <p>{t(`faq.items.${question}.answer`)}</p>
          </details>
        ))}
      </div>
    </LandingSection>
  );
}
