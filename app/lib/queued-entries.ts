/**
 * Transactions recorded while offline, kept on the device until the server has them (docs/decisions/
 * 053-service-worker.md). Each is the wizard's form as it was filled, with the Idempotency-Key it was
 * given: sent twice — by the page and by Background Sync, or after an answer that was lost — it is
 * posted once. Shared by the pages and the service worker, so nothing here touches `window`.
 */
import { createStore, del, get, set, values } from "idb-keyval";
import type { FieldMessages } from "../../worker/http/messages";

export type QueuedEntry = {
  /** The entry's Idempotency-Key, also its key on the device. */
  key: string;
  workspaceId: string;
  /** Who recorded it: only they see it and send it, and the server takes it from no one else. */
  personId: string;
  /** The page address the wizard posts to. */
  action: string;
  /** The wizard's fields, in order (tags repeat). */
  fields: [string, string][];
  recordedAt: string;
  /** Waiting to be sent, or refused by the server (a limit, a deleted account): kept until the person decides. */
  state: "waiting" | "refused";
  refusal?: { code: string; fieldErrors?: FieldMessages };
};

/** The form field a replay adds: a replay that finds no connection is kept as it is, not queued again. */
export const replayField = "replay";

/**
 * The form field naming the language the amounts were typed in ("12,50" is twelve reais and fifty in
 * Portuguese): an entry sent after the person switched languages is read as it was typed.
 */
export const typedInField = "typed_in";

/**
 * The form field naming who recorded a new transaction (the wizard sends it): an entry kept on a device and
 * sent later under someone else's session — another person signed in on it meanwhile — is refused.
 */
export const recordedByField = "recorded_by";

const store = () => createStore("moneta-offline", "queued-entries");

/** Tabs and the service worker tell each other when the entries change. */
const channelName = "moneta-queued-entries";
const announce = () => {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage("changed");
  channel.close();
};

export function onQueuedEntriesChange(listener: () => void): () => void {
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = listener;
  return () => channel.close();
}

export async function queueEntry(entry: Omit<QueuedEntry, "state" | "recordedAt">, now = new Date()) {
  await set(entry.key, { ...entry, state: "waiting", recordedAt: now.toISOString() } satisfies QueuedEntry, store());
  announce();
}

/** The entries kept on this device, oldest first; of one workspace and one person when given. */
export async function queuedEntries(
  of: { workspaceId: string; personId: string } | null = null,
): Promise<QueuedEntry[]> {
  const all = await values<QueuedEntry>(store());
  return all
    .filter((entry) => of === null || (entry.workspaceId === of.workspaceId && entry.personId === of.personId))
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
}

export async function forgetEntry(key: string) {
  await del(key, store());
  announce();
}

export async function markEntry(key: string, change: Pick<QueuedEntry, "state" | "refusal">) {
  const entry = await get<QueuedEntry>(key, store());
  if (!entry) return;
  await set(key, { ...entry, ...change }, store());
  announce();
}

/** The entry's form as the wizard posted it (its Idempotency-Key among the fields), marked as a replay. */
export function replayForm(entry: QueuedEntry): URLSearchParams {
  const form = new URLSearchParams(entry.fields);
  form.set(replayField, "1");
  return form;
}

/**
 * Sends one entry straight to the server, as the service worker does when no page is open: the page
 * address's data request answers 200 with the saved transaction. Any other answer (a refusal, a sign-in
 * redirect, no connection) keeps the entry for the page, which reads the refusal and tells the person.
 */
export async function sendQueuedEntry(entry: QueuedEntry): Promise<"sent" | "kept"> {
  try {
    const response = await fetch(`${entry.action}.data`, {
      method: "POST",
      body: replayForm(entry),
      credentials: "same-origin",
      redirect: "manual",
    });
    if (response.status !== 200) return "kept";
    await forgetEntry(entry.key);
    return "sent";
  } catch {
    return "kept";
  }
}
