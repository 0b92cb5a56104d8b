import { useTranslation } from "react-i18next";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Icon } from "./icon";
import { landingIds } from "./landing-ids";
import { sectionLinks } from "./section-links";
import { WaitlistButton } from "./waitlist-button";

/** Sticky top bar: brand, the section anchors (a drawer below `lg`), language and the waitlist button. */
export function LandingHeader() {
  const { t } = useTranslation("landing");
  return (
    <header className="site-header">
      <div className="wrap">
        <a href="#hero" aria-label={t("nav.brand")}>
          <Brand />
        </a>
        <nav aria-label={t("nav.label")}>
          <ul>
            {sectionLinks.map(({ id, labelKey }) => (
              <li key={id}>
                <a href={`#${id}`}>{t(labelKey)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="actions">
          <LanguageSwitcher />
          <WaitlistButton size="sm" className="max-sm:hidden">
            {t("nav.join")}
          </WaitlistButton>
          <button
            id={landingIds.menuButton}
            type="button"
            className="menu-button"
            aria-haspopup="dialog"
            aria-controls={landingIds.menuDialog}
            aria-expanded={false}
          >
            <Icon name="menu" className="size-5" />
            <span className="sr-only">{t("nav.openMenu")}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
