import { useTranslation } from "react-i18next";
import { Brand } from "~/components/layout/brand";
import { DialogCloseButton } from "./dialog-close-button";
import { landingIds } from "./landing-ids";
import { sectionLinks } from "./section-links";
import { WaitlistButton } from "./waitlist-button";

/**
 * The phone navigation drawer: a native modal <dialog> the header's menu button opens. Escape,
 * the close button and the backdrop close it; choosing a link closes it too, and the page's
 * script then scrolls to that section and moves focus there instead of back to the menu button.
 */
export function MobileMenu() {
  const { t } = useTranslation("landing");
  return (
    <dialog
      id={landingIds.menuDialog}
      aria-labelledby="landing-menu-title"
      aria-describedby="landing-menu-description"
      className="landing-sheet"
    >
      <div>
        <div className="overlay-heading">
          <Brand />
          <h2 id="landing-menu-title" className="sr-only">
            {t("nav.menuTitle")}
          </h2>
          <p id="landing-menu-description" className="sr-only">
            {t("nav.menuDescription")}
          </p>
        </div>
        <nav aria-label={t("nav.label")}>
          <ul>
            {sectionLinks.map(({ id, labelKey }) => (
              <li key={id}>
                <a href={`#${id}`} data-menu-link="">
                  {t(labelKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <footer>
          <WaitlistButton variant="accent" size="lg">
            {t("nav.join")}
          </WaitlistButton>
        </footer>
      </div>
      <DialogCloseButton />
    </dialog>
  );
}
