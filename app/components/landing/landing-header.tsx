import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { Icon } from "./icon";
import { sectionLinks } from "./section-links";
import { WaitlistButton } from "./waitlist-context";

const loadMobileMenu = () => import("./mobile-menu");
// The drawer (the kit's Sheet over Radix Dialog) is only fetched on phones, when someone reaches for it.
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));
const preloadMobileMenu = () => void loadMobileMenu();

/** Sticky top bar: brand, the section anchors (a drawer below `lg`), language and the waitlist button. */
export function LandingHeader() {
  const { t } = useTranslation("landing");
  const [menu, setMenu] = useState({ isOpen: false, hasOpened: false });
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="site-header">
      <div className="wrap">
        <a href="#hero" aria-label={t("nav.hero")}>
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
            ref={menuButton}
            type="button"
            className="menu-button"
            aria-haspopup="dialog"
            aria-expanded={menu.isOpen}
            onPointerEnter={preloadMobileMenu}
            onTouchStart={preloadMobileMenu}
            onFocus={preloadMobileMenu}
            onClick={() => setMenu({ isOpen: true, hasOpened: true })}
          >
            <Icon name="menu" className="size-5" />
            <span className="sr-only">{t("nav.openMenu")}</span>
          </button>
        </div>
      </div>
      {menu.hasOpened ? (
        <Suspense fallback={null}>
          <MobileMenu
            isOpen={menu.isOpen}
            menuButton={menuButton}
            onClose={() => setMenu({ isOpen: false, hasOpened: true })}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
