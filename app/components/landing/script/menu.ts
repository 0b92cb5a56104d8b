import { landingIds } from "../landing-ids";
import { dialogById, wireDialogClosing } from "./dialogs";

/** Scrolls to the section, puts its address in the bar and lets keyboard users continue there. */
function goTo(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  history.pushState(null, "", `#${id}`);
  section.scrollIntoView();
  section.setAttribute("tabindex", "-1");
  section.focus({ preventScroll: true });
}

/**
 * The phone drawer: the menu button opens it and says so (aria-expanded); closing it returns
 * focus to the button, except after a link, when the chosen section gets it.
 */
export function enhanceMenu() {
  const menu = dialogById(landingIds.menuDialog);
  const button = document.getElementById(landingIds.menuButton);
  if (!menu || !button) return;
  wireDialogClosing(menu);
  button.addEventListener("click", () => {
    menu.showModal();
    button.setAttribute("aria-expanded", "true");
  });
  let afterClose: (() => void) | null = null;
  menu.addEventListener("close", () => {
    button.setAttribute("aria-expanded", "false");
    button.focus();
    const action = afterClose;
    afterClose = null;
    action?.();
  });
  for (const link of menu.querySelectorAll<HTMLAnchorElement>("a[data-menu-link]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      afterClose = () => goTo(link.hash.slice(1));
      menu.close();
    });
  }
}
