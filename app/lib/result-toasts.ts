import { useEffect, useRef } from "react";
import type { i18n } from "i18next";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { ActionResult } from "./action-result";

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

/** Runs `show` once for each new answer (a re-render with the same answer shows nothing again). */
function useOncePerResult(result: ActionResult | undefined, show: (result: ActionResult) => void) {
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    show(result);
  });
}

/**
 * A feature page's toast, named by the answer's intent: `<namespace>:toasts.<intent>` on success,
 * the failure's words otherwise; a validation failure shows at its fields, not in a toast.
 */
export function useIntentToast(result: ActionResult | undefined, namespace: string) {
  // "errors" asked for here too, so a page reached by client navigation loads it before it is needed.
  const { t, i18n } = useTranslation([namespace, "errors"]);
  useOncePerResult(result, (answer) => {
    if (answer.ok) {
      toast.success(t(`toasts.${answer.intent}`, { name: answer.name ?? "" }));
      return;
    }
    if (answer.code === "VALIDATION_FAILED") return;
    const { title, detail } = failureText(answer, namespace, i18n);
    toast.error(title, detail);
  });
}

/**
 * A settings form's toast: the success message given (with the answer's `email`), or the failure's
 * words in the settings' own (`workspace-settings:errors.<CODE>`, else `errors.failed` with the
 * code's sentence), a validation failure included.
 */
export function useSettingsToast(
  result: ActionResult | undefined,
  successKey: string,
  values: Record<string, string> = {},
) {
  const { t, i18n } = useTranslation(["workspace-settings", "errors"]);
  useOncePerResult(result, (answer) => {
    if (answer.ok) {
      toast.success(t(successKey, { ...values, email: answer.email ?? "" }));
      return;
    }
    const { title, detail } = failureText(answer, "workspace-settings", i18n, "errors.failed");
    toast.error(title, detail);
  });
}
