import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { Icon } from "~/components/ui/icon";
import { contactEmail } from "./legal-content";

const linkClassName = "rounded hover:text-secondary hover:underline focus-visible:outline-secondary";

export function LegalFooter() {
  const { t } = useTranslation("legal");
  return (
    <footer className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Link
            to="/"
            aria-label={t("common:nav.home")}
            className="inline-block rounded-md focus-visible:outline-secondary"
          >
            <Brand tone="inverse" />
          </Link>
          <p className="mt-3 text-sm text-primary-100">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm font-medium">
            <li>
              <Link to="/" className={linkClassName}>
                {t("footer.home")}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClassName}>
                {t("footer.privacy")}
              </Link>
            </li>
            <li>
              <Link to="/terms-of-use" className={linkClassName}>
                {t("footer.terms")}
              </Link>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className={`inline-flex items-center gap-1.5 ${linkClassName}`}>
                <Icon name="mail" className="size-4" />
                {contactEmail}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
