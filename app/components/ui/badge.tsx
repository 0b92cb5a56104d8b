import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset [&_svg]:pointer-events-none [&_svg]:size-3",
  {
    variants: {
      variant: {
        neutral: "bg-muted text-muted-foreground ring-border",
        primary: "bg-primary text-primary-foreground ring-primary",
        accent: "bg-accent-50 text-accent-text ring-accent-200",
        secondary: "bg-secondary-200 text-foreground ring-secondary-400",
        // The tints are mixed with the card colour, not see-through: a badge on a tinted row (a chosen
        // statement) keeps the contrast it has on a card.
        success: "bg-[color-mix(in_srgb,var(--color-success)_10%,var(--color-card))] text-success ring-success/25",
        // Amber text would be unreadable on white; a darkened mix keeps 4.5:1.
        warning:
          "bg-[color-mix(in_srgb,var(--color-warning)_15%,var(--color-card))] text-[color-mix(in_srgb,var(--color-warning)_55%,black)] ring-warning/35",
        destructive:
          "bg-[color-mix(in_srgb,var(--color-destructive)_10%,var(--color-card))] text-destructive ring-destructive/20",
        info: "bg-[color-mix(in_srgb,var(--color-info)_10%,var(--color-card))] text-info ring-info/20",
        outline: "bg-card text-foreground ring-border",
      },
    },
    defaultVariants: { variant: "neutral" },
  },
);

export type BadgeProps = ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

/** A short status or label: "Paid", "Overdue", "Beta". */
export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot.Root : "span";
  return <Component data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
