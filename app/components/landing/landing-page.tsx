import { useTranslation } from "react-i18next";
import { AudienceSection } from "./audience-section";
import { CaptureSection } from "./capture-section";
import { ComparisonSection } from "./comparison-section";
import { FaqSection } from "./faq-section";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { LandingFooter } from "./landing-footer";
import { LandingHeader } from "./landing-header";
import { PricingSection } from "./pricing-section";
import { StepsSection } from "./steps-section";
import { WaitlistProvider } from "./waitlist-context";
import "./landing.css";
import "./landing-sections.css";
import "./landing-icons.css";

/** The public page at "/" (SPEC §2), in the order the header's anchors follow. */
export function LandingPage() {
  const { t } = useTranslation("landing");
  return (
    <WaitlistProvider>
      {/* data-smooth-scroll turns on smooth anchor scrolling for this page only (app.css). */}
      <div data-smooth-scroll className="landing">
        <a href="#conteudo" className="skip">
          {t("nav.skip")}
        </a>
        <LandingHeader />
        <main id="conteudo" tabIndex={-1}>
          <HeroSection />
          <ComparisonSection />
          <AudienceSection />
          <FeaturesSection />
          <StepsSection />
          <PricingSection />
          <FaqSection />
          <CaptureSection />
        </main>
        <LandingFooter />
      </div>
    </WaitlistProvider>
  );
}
