import type { ReactNode } from "react";

/**
 * A wide table's frame that scrolls sideways on a phone: a named group the keyboard can focus, so
 * arrow keys scroll it too.
 */
export function ScrollingGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group names the scrolling area without adding a landmark */}
      <div
        role="group"
        className="overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a keyboard scrolls the area only once it is focused
        tabIndex={0}
        aria-label={label}
      >
        {children}
      </div>
    </>
  );
}
