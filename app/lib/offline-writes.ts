/**
 * The wizard's new transaction without a connection (docs/decisions/053-service-worker.md): kept on
 * the device with its Idempotency-Key (app/lib/queued-entries.ts) instead of failing — by the wizard
 * when the browser knows it is offline, by the transactions page's client action when a post never
 * reached the server — and listed as waiting to be sent.
 */
import type { LedgerActionResult } from "~/components/transactions/types";
import { idempotencyKeyField } from "../../worker/idempotency/idempotency-key";
import { queuedEntriesSyncTag } from "./offline-app";
import { queueEntry, recordedByField, replayField, typedInField } from "./queued-entries";

/** A fetch that never reached the server throws a TypeError ("Failed to fetch"), whatever the browser. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

/** Only a new transaction (not an installment plan, an edit or a delete, which act on what the server has) is kept offline. */
export function isKeepable(form: FormData): boolean {
  return (
    form.get("intent") === "create" &&
    typeof form.get(idempotencyKeyField) === "string" &&
    typeof form.get(recordedByField) === "string" &&
    !form.has("installments_count")
  );
}

/** Keeps the wizard's form on the device (with the language its amounts were typed in) and asks for Background Sync. */
export async function keepOffline(form: FormData, workspaceId: string, action: string): Promise<LedgerActionResult> {
  const fields = [...form.entries()].filter((field): field is [string, string] => typeof field[1] === "string");
  fields.push([typedInField, document.documentElement.lang]);
  await queueEntry({
    key: String(form.get(idempotencyKeyField)),
    workspaceId,
    personId: String(form.get(recordedByField)),
    action,
    fields,
  });
  await askForBackgroundSync();
  return { intent: "create", ok: true, kept: true };
}

/**
 * The client action of the page the wizard posts to: a new transaction whose post never reached the
 * server (the browser thought it was online) is kept too. A replay that finds no connection stays as it is.
 */
export async function sendOrKeep<Answer>(
  request: Request,
  serverAction: () => Promise<Answer>,
  workspaceId: string,
): Promise<Answer | LedgerActionResult> {
  const form = await request.clone().formData();
  if (!isKeepable(form)) return serverAction();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return form.get(replayField) === "1"
      ? { intent: "create", ok: false, code: "OFFLINE" }
      : keepOffline(form, workspaceId, new URL(request.url).pathname);
  }
}
/** Where the browser has Background Sync, it sends the entries once the connection is back, even with the app closed. */
async function askForBackgroundSync() {
  if (!("serviceWorker" in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(queuedEntriesSyncTag).catch(() => {
    // Refused (no permission): the page sends the entries when it opens or the connection comes back.
  });
}
