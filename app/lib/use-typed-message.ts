import { useTranslation } from "react-i18next";
import { refusalMessage, type TypedKind } from "./typed-refusal";

/** The message a field shows under a typed amount or rate it refused, in the page's language. */
export function useTypedMessage() {
  const { t } = useTranslation("common");
  return (
    kind: TypedKind,
    parsed: { ok: true } | { ok: false; reason: Parameters<typeof refusalMessage>[2] },
    currency?: string,
  ) => (parsed.ok ? undefined : refusalMessage(t, kind, parsed.reason, currency));
}
