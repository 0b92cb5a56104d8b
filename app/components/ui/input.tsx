import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** The field surface shared by inputs, textareas and select triggers: one class (app/styles/foundation.css). */
export const fieldClassName = "field";

/** A native <select> with the field's look and an input's height. */
export const nativeSelectClassName = "field h-10 px-3";

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
