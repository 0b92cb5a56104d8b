import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import type { LeadField } from "../../../worker/leads/leads.rules";
import { waitlistFieldId } from "./landing-ids";

type WaitlistFieldProps = Omit<ComponentProps<"input">, "name" | "id"> & { name: LeadField; label: string };

/**
 * A required field with its label and a slot for its messages, which the page's script fills
 * (with aria-invalid and aria-describedby) when the check or the server refuses the value.
 */
export function WaitlistField({ name, label, ...props }: WaitlistFieldProps) {
  const id = waitlistFieldId(name);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm leading-none font-medium text-foreground">
        {label}
      </label>
      <Input id={id} name={name} required {...props} />
      <p id={`${id}-error`} className="text-sm font-medium text-destructive" hidden />
    </div>
  );
}
