import { useState } from "react";
import { cn } from "~/lib/utils";

const sizes = {
  sm: { pixels: 36, className: "size-9 text-sm" },
  lg: { pixels: 72, className: "size-18 text-2xl" },
};

type AvatarProps = {
  /** The person's name (or e-mail): its first letter stands in when there is no picture. */
  name: string;
  picture: string | null;
  /** The person's name when nothing beside the picture says it; "" when something does. */
  alt: string;
  size?: keyof typeof sizes;
  loading?: "lazy" | "eager";
  /** The initial's colours (the picture covers them). */
  className?: string;
};

/**
 * A person's picture, or their initial in a circle of the same fixed size, so nothing moves when
 * one replaces the other. A picture that fails to load (removed meanwhile) falls back to the initial.
 */
export function Avatar({ name, picture, alt, size = "sm", loading, className }: AvatarProps) {
  const [failedPicture, setFailedPicture] = useState<string | null>(null);
  const { pixels, className: sizeClass } = sizes[size];
  const box = cn("shrink-0 rounded-full", sizeClass, className);
  if (picture && picture !== failedPicture) {
    return (
      <img
        src={picture}
        alt={alt}
        width={pixels}
        height={pixels}
        loading={loading}
        decoding="async"
        onError={() => setFailedPicture(picture)}
        className={cn(box, "object-cover")}
      />
    );
  }
  return (
    <span aria-hidden className={cn(box, "grid place-items-center font-semibold select-none")}>
      {name.trim().slice(0, 1).toUpperCase()}
    </span>
  );
}
