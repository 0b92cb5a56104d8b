import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * `button` is the shared look, one class (app/styles/foundation.css); the variants are utilities over it. Its icon
 * size stays a utility here: it has always won over a size class on the icon itself, and still must.
 */
export const buttonVariants = cva("button [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0", {
  variants: {
    variant: {
      primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-700",
      accent: "bg-accent text-accent-foreground shadow-sm hover:bg-accent-600",
      secondary: "bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary-600",
      outline: "border border-input bg-card text-foreground shadow-xs hover:bg-muted",
      ghost: "text-foreground hover:bg-muted",
      destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
      link: "text-accent-text underline-offset-4 hover:underline",
    },
    size: {
      sm: "h-8 rounded-md px-3 text-xs",
      md: "h-10 px-4",
      lg: "h-12 rounded-lg px-6 text-base",
      icon: "size-10",
    },
  },
  defaultVariants: { variant: "primary", size: "md" },
});

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a Link) with the button's look. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? "button" })}
      {...props}
    />
  );
}
