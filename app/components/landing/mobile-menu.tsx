import { useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Brand } from "~/components/layout/brand";
import { Sheet, SheetBody, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { Button } from "~/components/ui/button";
import { sectionLinks } from "./section-links";
import { useOpenWaitlist } from "./waitlist-context";

type MobileMenuProps = { isOpen: boolean; onClose: () => void; menuButton: RefObject<HTMLButtonElement | null> };

/**
 * The phone navigation drawer. Escape and the overlay close it (Radix); choosing a link closes it
 * too, and once it is gone the page scrolls to that section and focus moves there, instead of
 * going back to the menu button.
 */
export function MobileMenu({ isOpen, onClose, menuButton }: MobileMenuProps) {
  const { t } = useTranslation("landing");
  const openWaitlist = useOpenWaitlist();
  const afterClose = useRef<(() => void) | null>(null);

  function closeThen(action: () => void) {
    afterClose.current = action;
    onClose();
  }

  function goTo(id: string) {
    const section = document.getElementById(id);
    if (!section) return;
    history.pushState(null, "", `#${id}`);
    section.scrollIntoView();
    // Keyboard and screen-reader users continue from the section they chose.
    section.setAttribute("tabindex", "-1");
    section.focus({ preventScroll: true });
  }

  return (
    <Sheet open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          // The button is not a Radix trigger (the drawer is loaded lazily), so focus goes back by hand.
          event.preventDefault();
          const action = afterClose.current;
          afterClose.current = null;
          if (action) action();
          else menuButton.current?.focus();
        }}
      >
        <SheetHeader>
          <Brand />
          <SheetTitle className="sr-only">{t("nav.menuTitle")}</SheetTitle>
          <SheetDescription className="sr-only">{t("nav.menuDescription")}</SheetDescription>
        </SheetHeader>
        <SheetBody>
          <nav aria-label={t("nav.label")}>
            <ul className="grid gap-1">
              {sectionLinks.map(({ id, labelKey }) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      closeThen(() => goTo(id));
                    }}
                    className="block rounded-md px-3 py-3 text-base font-medium text-foreground hover:bg-muted"
                  >
                    {t(labelKey)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </SheetBody>
        <SheetFooter>
          <Button variant="accent" size="lg" aria-haspopup="dialog" onClick={() => closeThen(() => openWaitlist())}>
            {t("nav.join")}
          </Button>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}
