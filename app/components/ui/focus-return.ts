import { useState } from "react";
import { mainContentId } from "~/components/layout/skip-link";

/**
 * The control that opened an overlay, given what had the focus when it opened. A menu item
 * leaves the page with its menu, so for a dialog opened from a menu it is the menu's trigger
 * (Radix labels a menu by its trigger).
 */
function openerOf(focused: Element | null): HTMLElement | null {
  if (!(focused instanceof HTMLElement) || focused === document.body) return null;
  const menuTriggerId = focused.closest("[role=menu]")?.getAttribute("aria-labelledby");
  return menuTriggerId ? document.getElementById(menuTriggerId) : focused;
}

const focusMainContent = () => document.getElementById(mainContentId)?.focus();

/**
 * After the focus went back to a control, moves it to the page's main landmark should that
 * control leave the page while it still has the focus — a deleted row's menu button, say, which
 * goes when the list reloads, after the confirmation has closed. Stops once the focus moves on.
 */
function keepFocusOnThePage(control: HTMLElement) {
  const observer = new MutationObserver(() => {
    if (control.isConnected && document.activeElement === control) return;
    observer.disconnect();
    if (!document.activeElement || document.activeElement === document.body) focusMainContent();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

export type FocusReturn = {
  /** A ref for the content: it notes what had the focus as the content appears. */
  rememberOpener(content: HTMLElement | null): void;
  /** The content's `onCloseAutoFocus`. */
  onCloseAutoFocus(event: Event): void;
};

/**
 * For a dialog's or drawer's content: gives the focus back to the control that opened it when it
 * closes — also for dialogs opened by their owner's state, to which Radix (which only knows its
 * own trigger) gives nothing back. When that control has left the page (its row was deleted, say),
 * the focus goes to the trigger Radix knows, if any, else to the page's main landmark; when it
 * leaves just after, to the main landmark.
 */
export function useFocusReturn(onCloseAutoFocus?: (event: Event) => void): FocusReturn {
  const opener = useState<{ current: HTMLElement | null }>(() => ({ current: null }))[0];
  // Kept once per mount, so the ref callback keeps its identity and runs only as the content
  // appears: before Radix's focus scope (an effect) moves the focus inside.
  const [rememberOpener] = useState(() => (content: HTMLElement | null) => {
    if (content) opener.current = openerOf(document.activeElement);
  });
  return {
    rememberOpener,
    onCloseAutoFocus(event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
        keepFocusOnThePage(opener.current);
        return;
      }
      // Radix focuses its own trigger next, if the dialog has one; otherwise nothing has the focus.
      queueMicrotask(() => {
        if (!document.activeElement || document.activeElement === document.body) focusMainContent();
      });
    },
  };
}
