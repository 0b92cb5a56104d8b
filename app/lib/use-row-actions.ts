import { useFetcher } from "react-router";
import type { ActionResult } from "./action-result";
import { useIntentToast } from "./result-toasts";

/** The shared fetcher a page's rows post their actions with; the page toasts the outcome. */
const rowActionsKey = "row-actions";

/**
 * A list page's row actions (execute, pause, cancel…) posted to its own action, one at a time,
 * each outcome a toast in the page's namespace; which item (and which intent) is on its way, to show it busy.
 */
export function useRowActions(namespace: string) {
  const fetcher = useFetcher<ActionResult>({ key: rowActionsKey });
  useIntentToast(fetcher.data, namespace);
  const isBusy = fetcher.state !== "idle";
  return {
    post: (intent: string, id?: string, fields: Record<string, string> = {}) =>
      fetcher.submit(id ? { intent, id, ...fields } : { intent, ...fields }, { method: "post", flushSync: true }),
    busyId: isBusy ? fetcher.formData?.get("id") : null,
    busyIntent: isBusy ? fetcher.formData?.get("intent") : null,
  };
}
