import { useState, type FocusEvent, type RefObject } from "react";

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

export type StandInFocus = {
  /** Whether the stand-in holds the focus. */
  hasFocus: RefObject<boolean>;
  /** A ref for the real trigger: focuses it when the stand-in it replaces had the focus. */
  takeOver(element: HTMLElement | null): void;
};

/**
 * Kept by the root, once per mount. The ref callback must keep its identity: Radix stores
 * trigger nodes in state through composed refs, and a new callback on every render would
 * detach and attach them on every render, without end.
 */
export function useStandInFocus(): StandInFocus {
  const [focus] = useState<StandInFocus>(() => {
    const hasFocus = { current: false };
    return {
      hasFocus,
      takeOver(element) {
        if (element && hasFocus.current) {
          hasFocus.current = false;
          element.focus();
        }
      },
    };
  });
  return focus;
}
