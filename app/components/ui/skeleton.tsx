import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * A placeholder shape while content loads. Hidden from assistive technology: mark the loading
 * region itself with aria-busy and a label instead.
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn("animate-pulse rounded-md bg-primary-900/[0.07]", className)}
      {...props}
    />
  );
}
