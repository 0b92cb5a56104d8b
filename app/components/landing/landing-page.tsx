import { useTranslation } from "react-i18next";
import { AudienceSection } from "./audience-section";
import { CaptureSection } from "./capture-section";
import { ComparisonSection } from "./comparison-section";
import { FaqSection } from "./faq-section";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { LandingFooter } from "./landing-footer";
import { LandingHeader } from "./landing-header";
import { landingIds } from "./landing-ids";
import { MobileMenu } from "./mobile-menu";
import { PricingSection } from "./pricing-section";
import { StepsSection } from "./steps-section";
import { WaitlistDialog } from "./waitlist-dialog";
// `?worker&url` makes Vite bundle the script on its own (minified, hashed under /assets) and
// hand back its address; it runs on this page as an ordinary module, not as a Web Worker.
import landingScriptUrl from "./script/main.ts?worker&url";
// The page's own stylesheet, which it loads instead of app.css (home.tsx: handle.ownStylesheet).
import "~/styles/landing-page.css";

/**
 * The public page at "/" (docs/product.md#landing-page-and-waitlist), in the order the header's anchors
 * follow. It is not hydrated (home.tsx): anchors, the FAQ (<details name>) and the plans switch (:has) need
 * no script, and ./script opens the dialogs, checks and sends the waitlist form and shows toasts.
 */
export function LandingPage({ scriptNonce }: { scriptNonce: string }) {
  const { t } = useTranslation("landing");
  const { t: tCommon } = useTranslation();
  return (
    // data-smooth-scroll turns on smooth anchor scrolling for this page only (app.css).
    <div data-smooth-scroll className="landing">
      {/* The installed app opened on "/" while signed out goes to sign-in before anything is painted
          (app/lib/app-shell.ts); a signed-in visitor never gets here (the server sends them home). */}
      <script
        nonce={scriptNonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed one-line script, no data in it
        dangerouslySetInnerHTML={{
          __html: 'if(matchMedia("(display-mode: standalone)").matches)location.replace("/login")',
        }}
      />
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
      <MobileMenu />
      <WaitlistDialog />
      <section aria-label={tCommon("toast.label")} className="toasts">
        <ol id={landingIds.toasts} aria-live="polite" data-close-label={tCommon("actions.close")} />
      </section>
      <script type="module" src={landingScriptUrl} nonce={scriptNonce} />
    </div>
  );
}
