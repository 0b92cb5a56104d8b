import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/**
 * The field surface shared by inputs, textareas and select triggers. Text is 16 px on phones
 * so iOS does not zoom into the field on focus, 14 px from `sm` up.
 */
export const fieldClassName = cn(
  "w-full min-w-0 rounded-md border border-input bg-card text-base text-foreground shadow-xs sm:text-sm",
  "transition-[border-color,box-shadow] outline-none placeholder:text-muted-foreground/80",
  "hover:border-primary-200 focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/20",
  "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20",
  "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
);

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        fieldClassName,
        "h-10 px-3 py-2",
        "file:mr-3 file:h-full file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
