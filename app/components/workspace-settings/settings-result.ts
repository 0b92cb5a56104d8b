import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { failureText, type ActionResult } from "~/components/accounts/action-result";
import { toast } from "~/components/ui/toast";

/** What the workspace and user settings actions answer: the same shape as the other pages' actions. */
export type SettingsResult = ActionResult;

/**
 * A toast for each answer of the settings actions: the success message given, or the failure's
 * words by code (`workspace-settings:errors.<CODE>`, else `errors.failed` with the code's sentence).
 */
export function useResultToast(
  result: SettingsResult | undefined,
  successKey: string,
  values: Record<string, string> = {},
) {
  const { t, i18n } = useTranslation(["workspace-settings", "errors"]);
  const shown = useRef<SettingsResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success(t(successKey, { ...values, email: result.email ?? "" }));
      return;
    }
    const { title, detail } = failureText(result, "workspace-settings", i18n, "errors.failed");
    toast.error(title, detail);
  }, [result, successKey, t, i18n, values]);
}
