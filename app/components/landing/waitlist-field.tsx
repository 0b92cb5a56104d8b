import { useId, type ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

type WaitlistFieldProps = Omit<ComponentProps<"input">, "onChange"> & {
  name: string;
  label: string;
  errors?: string[];
  onValueChange: (value: string) => void;
};

/** A required field with its label and, when the schema or the server refuses it, its messages. */
export function WaitlistField({ label, errors, onValueChange, ...props }: WaitlistFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hasErrors = Boolean(errors?.length);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        required
        aria-invalid={hasErrors || undefined}
        aria-describedby={hasErrors ? errorId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        {...props}
      />
      {hasErrors ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
