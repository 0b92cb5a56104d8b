import { type ReactNode, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FormMessage } from "./form-message";

type SingleFieldFormProps = {
  name: string;
  label: string;
  placeholder: string;
  hint?: string;
  autoComplete?: string;
  submitLabel: string;
  busyLabel: string;
  error?: string;
  /** Fields the form sends besides the one it shows (hidden inputs). */
  children?: ReactNode;
};

/** The first-run screens' form: one required field (≤ 100 characters), submit disabled until filled. */
export function SingleFieldForm({
  name,
  label,
  placeholder,
  hint,
  autoComplete,
  submitLabel,
  busyLabel,
  error,
  children,
}: SingleFieldFormProps) {
  const navigation = useNavigation();
  const [value, setValue] = useState("");
  const isBusy = navigation.state === "submitting";
  const id = `field-${name}`;
  return (
    <Form method="post" className="mt-8 grid gap-4" noValidate>
      {children}
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          name={name}
          autoComplete={autoComplete}
          required
          maxLength={100}
          autoFocus
          placeholder={placeholder}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy || value.trim() === ""}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
