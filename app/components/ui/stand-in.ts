import type { FocusEvent, RefObject } from "react";

/**
 * What a stand-in trigger (a plain button shown until a menu's or dialog's code has arrived)
 * shares with its root: how to open for real, and whether it holds the keyboard focus, which
 * the real trigger takes over when it replaces the stand-in.
 */
export type StandIn = { open(): void; hasFocus: RefObject<boolean> };

/** onFocus/onBlur for the stand-in, keeping the caller's handlers. */
export function trackStandInFocus(
  standIn: StandIn | null,
  handlers: { onFocus?(event: FocusEvent<HTMLElement>): void; onBlur?(event: FocusEvent<HTMLElement>): void },
) {
  return {
    onFocus(event: FocusEvent<HTMLElement>) {
      handlers.onFocus?.(event);
      if (standIn) standIn.hasFocus.current = true;
    },
    onBlur(event: FocusEvent<HTMLElement>) {
      handlers.onBlur?.(event);
      if (standIn) standIn.hasFocus.current = false;
    },
  };
}

/** A ref for the real trigger: focuses it when the stand-in it replaces had the focus. */
export function takeOverFocus(standInHadFocus: RefObject<boolean>) {
  return (element: HTMLElement | null) => {
    if (element && standInHadFocus.current) {
      standInHadFocus.current = false;
      element.focus();
    }
  };
}
