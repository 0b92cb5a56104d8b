import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";

export type SettingsError = "validation" | "lastOwner" | "forbidden" | "failed";
export type SettingsResult =
  | { intent: string; ok: true; email?: string }
  | { intent: string; ok: false; error: SettingsError; fieldErrors?: Record<string, string[]> };

/** A toast for each answer of the settings action: the success message given, or the error. */
export function useResultToast(result: SettingsResult | undefined, successKey: string, values: Record<string, string> = {}) {
  const { t } = useTranslation("workspace-settings");
  const shown = useRef<SettingsResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(t(successKey, { ...values, email: result.email ?? "" }));
    else toast.error(t(`errors.${result.error}`));
  }, [result, successKey, t, values]);
}
