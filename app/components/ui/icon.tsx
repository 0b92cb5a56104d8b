import type { IconName } from "./icon-names";
import spriteUrl from "./icons.svg?url";

export type { IconName };

type IconProps = { name: IconName; className?: string; "aria-label"?: string };

/**
 * A Lucide icon drawn from the app's one sprite (icons.svg) in currentColor: two elements instead
 * of an inline SVG with all its paths. Size it with a class (size-4 unless told); app.css holds the
 * stroke. Decorative unless given an aria-label. Kept free of cn() because a page draws hundreds.
 */
export function Icon({ name, className, "aria-label": label }: IconProps) {
  const classes = className ? `sprite-icon ${className}` : "sprite-icon";
  const glyph = <use href={`${spriteUrl}#${name}`} />;
  return label ? (
    <svg className={classes} role="img" aria-label={label}>
      {glyph}
    </svg>
  ) : (
    <svg className={classes} aria-hidden>
      {glyph}
    </svg>
  );
}
