import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { landingIds } from "./landing-ids";
import { StoreBadges } from "./store-badges";

/**
 * The e-mail capture (#lista-espera): docs/product.md#landing-page-and-waitlist asks only for an "@" here,
 * with its message shown under the field (the page's script adds it); the dialog it opens, with the address
 * filled in, checks the rest.
 */
export function CaptureSection() {
  const { t } = useTranslation("landing");
  return (
    <section id="lista-espera" aria-labelledby="lista-espera-title" className="band capture">
      <div className="wrap">
        <div>
          <h2 id="lista-espera-title">{t("capture.title")}</h2>
          <p className="lead">{t("capture.lead")}</p>
          <form noValidate data-capture="" data-invalid={t("capture.invalid")}>
            <label htmlFor="capture-email">{t("capture.label")}</label>
            <div className="row">
              <Input
                id="capture-email"
                type="email"
                name="email"
                autoComplete="email"
                placeholder={t("capture.placeholder")}
                className="h-12 border-primary/25 hover:border-primary-200 focus-visible:border-accent aria-invalid:border-destructive"
              />
              <Button type="submit" size="lg" aria-haspopup="dialog" aria-controls={landingIds.waitlistDialog}>
                {t("capture.submit")}
              </Button>
            </div>
          </form>
        </div>
        <StoreBadges />
      </div>
    </section>
  );
}
