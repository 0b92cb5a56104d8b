import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FormMessage } from "~/components/ui/form-message";

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
  /** Fields shown below the one field, before the submit button. */
  extraFields?: ReactNode;
};

/**
 * The first-run screens' form: one required field (≤ 100 characters), submit disabled until filled.
 * The field is uncontrolled: what a person types before the page hydrates stays in it (a controlled
 * field could be reset to the server's empty value), and hydration reads it to enable the button.
 */
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
  extraFields,
}: SingleFieldFormProps) {
  const navigation = useNavigation();
  const field = useRef<HTMLInputElement>(null);
  const [isFilled, setIsFilled] = useState(false);
  const readField = () => setIsFilled((field.current?.value.trim() ?? "") !== "");
  useEffect(readField, []);
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
          ref={field}
          onChange={readField}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
      {extraFields}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <Button type="submit" size="lg" className="w-full" disabled={isBusy || !isFilled}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}
