import { useTranslation } from "react-i18next";
import { Brand } from "~/components/layout/brand";

export function LandingFooter() {
  const { t } = useTranslation("landing");
  return (
    <footer className="site-footer">
      <div className="wrap">
        <div>
          <Brand tone="inverse" className="text-white" />
          <p className="mt-3">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.legal")}>
          <ul>
            <li>
              <a href="/privacy-policy">{t("footer.privacy")}</a>
            </li>
            <li>
              <a href="/terms-of-use">{t("footer.terms")}</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="rights">
        <p className="wrap">{t("footer.rights")}</p>
      </div>
    </footer>
  );
}
