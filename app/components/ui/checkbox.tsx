import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { Icon } from "./icon";

/** A checkbox (Space toggles it); `checked="indeterminate"` shows a dash for a partial selection. */
export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        "peer group grid size-[1.125rem] shrink-0 place-items-center rounded-[5px] border border-input bg-card shadow-xs",
        "transition-[background-color,border-color,box-shadow] outline-none hover:border-accent-400",
        "focus-visible:ring-3 focus-visible:ring-accent/25 focus-visible:border-accent",
        "data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-foreground",
        "data-[state=indeterminate]:border-accent data-[state=indeterminate]:bg-accent data-[state=indeterminate]:text-accent-foreground",
        "aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="grid place-items-center">
        <Icon name="check" className="size-3.5 stroke-3 group-data-[state=indeterminate]:hidden" />
        <Icon name="minus" className="hidden size-3.5 stroke-3 group-data-[state=indeterminate]:block" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
