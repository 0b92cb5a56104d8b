import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False in the server's markup and while the page hydrates, true after. A field shown before then
 * takes typing React never hears of (its state stays empty when it hydrates), and a chart cannot
 * measure the DOM: such parts render a placeholder of their size until this is true.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
