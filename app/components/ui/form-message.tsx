import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

const tones = {
  success: { icon: "circle-check", className: "border-success/30 bg-success/10 text-success", role: "status" },
  error: {
    icon: "circle-exclamation-point",
    className: "border-destructive/30 bg-destructive/10 text-destructive",
    role: "alert",
  },
  info: { icon: "info", className: "border-info/30 bg-info/10 text-info", role: "status" },
} as const;

/** A one-line outcome under a form: green success, red error (announced), blue note. */
export function FormMessage({ tone, id, children }: { tone: keyof typeof tones; id?: string; children: ReactNode }) {
  const { icon, className, role } = tones[tone];
  return (
    <p
      id={id}
      role={role}
      className={cn("mt-4 flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-medium", className)}
    >
      <Icon name={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
