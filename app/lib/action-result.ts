import { data } from "react-router";
import { AppError } from "../../worker/http/errors";
import type { FieldMessages, Message } from "../../worker/http/messages";
import { fieldErrorsFrom } from "../../worker/http/field-errors";

/**
 * What the pages' actions answer: the intent, and on failure the error code and the fields' messages
 * as keys, which the page translates (components/ui/field-error.tsx) and toasts (result-toasts.ts).
 */
export type ActionResult =
  | { intent: string; ok: true; name?: string; email?: string }
  | { intent: string; ok: false; code: string; fieldErrors?: FieldMessages };

export const invalidInput = (intent: string, error: Parameters<typeof fieldErrorsFrom>[0]) =>
  data<ActionResult>(
    { intent, ok: false, code: "VALIDATION_FAILED", fieldErrors: fieldErrorsFrom(error) },
    { status: 422 },
  );

/** An AppError becomes a result the page can show; anything else is a real failure and propagates. */
export function failedWith(intent: string, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionResult>(
    { intent, ok: false, code: error.code, fieldErrors: error.fieldErrors },
    { status: error.status },
  );
}

export const unknownIntent = (intent: string) =>
  data<ActionResult>({ intent, ok: false, code: "BAD_REQUEST" }, { status: 400 });

export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** A typed amount the page's language refused: its message at the field, and nothing saved. */
export const refusedField = (intent: string, field: string, message: Message) =>
  data<ActionResult>(
    { intent, ok: false, code: "VALIDATION_FAILED", fieldErrors: { [field]: [message] } },
    { status: 422 },
  );
