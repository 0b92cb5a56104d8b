import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { toast } from "~/components/ui/toast";
import { AppError, type FieldErrors } from "../../../worker/http/errors";
import { fieldErrorsFrom } from "../../../worker/http/validation";

/** What the accounts, cards and tags actions answer: the intent, and on failure the error code and field map. */
export type ActionResult =
  | { intent: string; ok: true; name?: string }
  | { intent: string; ok: false; code: string; fieldErrors?: FieldErrors };

export const invalidInput = (intent: string, error: Parameters<typeof fieldErrorsFrom>[0]) =>
  data<ActionResult>({ intent, ok: false, code: "VALIDATION_FAILED", fieldErrors: fieldErrorsFrom(error) }, { status: 422 });

/** An AppError becomes a result the page can show; anything else is a real failure and propagates. */
export function failedWith(intent: string, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  return data<ActionResult>({ intent, ok: false, code: error.code, fieldErrors: error.fieldErrors }, { status: error.status });
}

export const unknownIntent = (intent: string) => data<ActionResult>({ intent, ok: false, code: "BAD_REQUEST" }, { status: 400 });

export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** A typed amount the page's language refused: its message at the field, and nothing saved. */
export const refusedField = (intent: string, field: string, message: string) =>
  data<ActionResult>({ intent, ok: false, code: "VALIDATION_FAILED", fieldErrors: { [field]: [message] } }, { status: 422 });

/**
 * One toast per answer: `toasts.<intent>` on success, `errors.<code>` on failure (with a hint
 * under `errors.<code>Hint` when the locale has one), falling back to `errors.<intent>Failed`.
 */
export function useResultToast(result: ActionResult | undefined, namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(t(`toasts.${result.intent}`, { name: result.name ?? "" }));
      return;
    }
    if (result.code === "VALIDATION_FAILED") return;
    const byCode = `${namespace}:errors.${result.code}`;
    const title = i18n.exists(byCode) ? t(byCode) : t(`errors.${result.intent}Failed`);
    const hint = `${namespace}:errors.${result.code}Hint`;
    toast.error(title, i18n.exists(hint) ? t(hint) : undefined);
  }, [result, namespace, t, i18n]);
}
