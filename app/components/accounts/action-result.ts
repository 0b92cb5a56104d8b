import { useEffect, useRef } from "react";
import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { toast } from "~/components/ui/toast";
import { AppError } from "../../../worker/http/errors";
import type { FieldMessages, Message } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/field-errors";

/**
 * What the accounts, cards, tags and workspace-settings actions answer: the intent, and on failure
 * the error code and the fields' messages as keys, which the page translates (field-error.tsx).
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

/**
 * The words of a failure's toast: `errors.<code>` of the page's namespace (with `errors.<code>Hint`
 * under it when the locale has one). A code the page has no words of its own for shows the
 * fallback (`errors.<intent>Failed` unless given) with the code's general sentence from the
 * `errors` namespace, so the person still learns why and what to do.
 */
export function failureText(
  result: { intent: string; code: string },
  namespace: string,
  i18n: Pick<i18n, "exists" | "t">,
  fallbackKey = `errors.${result.intent}Failed`,
) {
  const text = (key: string) => (i18n.exists(key) ? i18n.t(key) : undefined);
  const title = text(`${namespace}:errors.${result.code}`);
  if (title) return { title, detail: text(`${namespace}:errors.${result.code}Hint`) };
  return { title: i18n.t(`${namespace}:${fallbackKey}`), detail: text(`errors:${result.code}`) };
}

/** One toast per answer: `toasts.<intent>` on success, the failure's words otherwise (fields show their own). */
export function useResultToast(result: ActionResult | undefined, namespace: string) {
  // "errors" asked for here too, so a page reached by client navigation loads it before it is needed.
  const { t, i18n } = useTranslation([namespace, "errors"]);
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(t(`toasts.${result.intent}`, { name: result.name ?? "" }));
      return;
    }
    if (result.code === "VALIDATION_FAILED") return;
    const { title, detail } = failureText(result, namespace, i18n);
    toast.error(title, detail);
  }, [result, namespace, t, i18n]);
}
