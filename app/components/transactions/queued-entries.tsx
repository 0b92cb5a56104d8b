import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast-store";
import { formatAmountText, formatRelativeTime } from "~/lib/format";
import { toLanguage } from "~/lib/i18n";
import {
  forgetEntry,
  markEntry,
  onQueuedEntriesChange,
  type QueuedEntry,
  queuedEntries,
  replayForm,
  typedInField,
} from "~/lib/queued-entries";
import { onSendQueuedRequest } from "~/lib/service-worker-client";
import { parseTypedAmount } from "~/lib/typed-amount";
import { useLanguage } from "~/lib/use-language";
import { failureReason } from "./failure-reason";
import type { AccountOption, CardOption, LedgerActionResult } from "./types";

/** The entries of a workspace kept on this device, as they change (in this tab, another one, or the service worker). */
function useQueuedEntries(workspaceId: string, personId: string): QueuedEntry[] {
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  useEffect(() => {
    let isCurrent = true;
    const read = () =>
      void queuedEntries({ workspaceId, personId }).then((found) => {
        if (isCurrent) setEntries(found);
      });
    read();
    const stop = onQueuedEntriesChange(read);
    return () => {
      isCurrent = false;
      stop();
    };
  }, [workspaceId, personId]);
  return entries;
}

const firstRetryMs = 5000;
const lastRetryMs = 60_000;

const fieldOf = (entry: QueuedEntry, name: string) => entry.fields.find(([field]) => field === name)?.[1] ?? "";

/**
 * Sends the workspace's waiting entries, one at a time and each with its own Idempotency-Key, when a
 * workspace page opens, when an entry is recorded or tried again, when the connection comes back, when
 * Background Sync asks, and a while after a try that found no connection. An entry the
 * server refuses is kept, marked with why, for the person to retry or discard; one that meets no
 * connection stays waiting. Rendered once, by the workspace's shell.
 */
export function QueuedEntriesSender({ workspaceId, personId }: { workspaceId: string; personId: string }) {
  const { t } = useTranslation("transactions");
  const fetcher = useFetcher<LedgerActionResult>({ key: "queued-entries" });
  const sending = useRef<QueuedEntry | null>(null);
  const [round, setRound] = useState(0);
  const sendNext = useCallback(() => setRound((value) => value + 1), []);
  // Browsers do not always notice a connection that answers nothing, nor say when it is back: after a try
  // that found no connection, the next one comes on its own, a little later each time (up to a minute).
  const retry = useRef<{ timer?: number; delayMs: number }>({ delayMs: firstRetryMs });
  const retryLater = useCallback(() => {
    window.clearTimeout(retry.current.timer);
    retry.current.timer = window.setTimeout(sendNext, retry.current.delayMs);
    retry.current.delayMs = Math.min(retry.current.delayMs * 2, lastRetryMs);
  }, [sendNext]);
  useEffect(() => () => window.clearTimeout(retry.current.timer), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each round looks for the next waiting entry
  useEffect(() => {
    if (sending.current || fetcher.state !== "idle") return;
    let isCurrent = true;
    void queuedEntries({ workspaceId, personId }).then((entries) => {
      const next = entries.find((entry) => entry.state === "waiting");
      if (!isCurrent || !next || sending.current) return;
      sending.current = next;
      fetcher.submit(replayForm(next), { method: "post", action: next.action });
    });
    return () => {
      isCurrent = false;
    };
  }, [round, workspaceId, personId]);

  useEffect(() => {
    const entry = sending.current;
    if (!entry || fetcher.state !== "idle" || !fetcher.data) return;
    sending.current = null;
    const result = fetcher.data;
    const settle = async () => {
      if (result.ok) {
        retry.current.delayMs = firstRetryMs;
        await forgetEntry(entry.key);
        toast.success(t("toasts.sent", { count: 1, description: fieldOf(entry, "description") }));
        sendNext();
      } else if (result.code === "OFFLINE" || result.code === "IDEMPOTENCY_KEY_IN_USE") {
        retryLater();
      } else {
        await markEntry(entry.key, {
          state: "refused",
          refusal: { code: result.code, fieldErrors: result.fieldErrors },
        });
        sendNext();
      }
    };
    void settle();
  }, [fetcher.state, fetcher.data, t, sendNext, retryLater]);

  useEffect(() => {
    window.addEventListener("online", sendNext);
    const stopListening = onSendQueuedRequest(sendNext);
    // A new entry, or one the person tries again.
    const stopWatching = onQueuedEntriesChange(sendNext);
    return () => {
      window.removeEventListener("online", sendNext);
      stopListening();
      stopWatching();
    };
  }, [sendNext]);
  return null;
}

type ListProps = { workspaceId: string; personId: string; accounts: AccountOption[]; cards: CardOption[] };

/**
 * The entries recorded offline and not on the server yet, above a page's transactions: each with
 * where the money moved, its amount as typed and whether it waits or was refused (and why). A
 * refused one can be tried again or discarded; discarding asks first, since it exists nowhere else.
 */
export function QueuedEntriesList({ workspaceId, personId, accounts, cards }: ListProps) {
  const { t, i18n } = useTranslation(["transactions", "errors"]);
  const language = useLanguage();
  const entries = useQueuedEntries(workspaceId, personId);
  const [discarding, setDiscarding] = useState<QueuedEntry | null>(null);
  if (!entries.length) return null;
  // Drawn only in the browser (the entries live on the device), so the moment is the browser's.
  const now = new Date();
  const legOf = (value: string) => {
    const [kind, id] = value.split(":");
    const found =
      kind === "card" ? cards.find((card) => card.uuid === id) : accounts.find((account) => account.uuid === id);
    if (!found) return null;
    return { name: "display_name" in found ? found.display_name : found.name, currency: found.currency };
  };
  const amountOf = (entry: QueuedEntry, currency: string | undefined) => {
    const typedIn = toLanguage(fieldOf(entry, typedInField)) ?? language;
    const parsed = parseTypedAmount(fieldOf(entry, "amount"), typedIn, { currency });
    return parsed.ok && currency ? formatAmountText(parsed.text, currency, language) : fieldOf(entry, "amount");
  };
  /** A field's message where the refusal names one (the account is gone), else the wizard's words for its code. */
  const reasonOf = (refusal: NonNullable<QueuedEntry["refusal"]>) => {
    const firstField = Object.values(refusal.fieldErrors ?? {})[0]?.[0];
    return firstField ? i18n.t(firstField.key, firstField.values ?? {}) : failureReason(refusal, i18n);
  };
  return (
    <section aria-labelledby="queued-entries-title" className="rounded-xl border border-dashed bg-card p-4 sm:p-5">
      <h2 id="queued-entries-title" className="flex items-center gap-2 text-base font-semibold">
        <Icon name="cloud-upload" className="size-4 text-muted-foreground" />
        {t("queued.title")} ({entries.length})
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("queued.intro")}</p>
      <ul className="mt-3 divide-y">
        {entries.map((entry) => {
          const kind = fieldOf(entry, "type");
          const leg = legOf(fieldOf(entry, kind === "income" ? "destination_id" : "origin_id"));
          const isRefused = entry.state === "refused";
          return (
            <li key={entry.key} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
              <div className="min-w-0">
                <p className="truncate font-medium">{fieldOf(entry, "description")}</p>
                <p className="text-xs text-muted-foreground">
                  {[leg?.name, t("queued.recorded", { time: formatRelativeTime(entry.recordedAt, now, language) })]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                <p className={`mt-1 text-xs font-medium ${isRefused ? "text-destructive" : "text-muted-foreground"}`}>
                  {isRefused && entry.refusal
                    ? t("queued.refused", { reason: reasonOf(entry.refusal) })
                    : t("queued.waiting")}
                </p>
              </div>
              <div className="flex items-center gap-2 sm:justify-end">
                <span className="mr-auto font-semibold tabular-nums sm:mr-0">
                  {kind === "expense" ? "−" : ""}
                  {amountOf(entry, leg?.currency)}
                </span>
                {isRefused ? (
                  <Button size="sm" variant="outline" onClick={() => void markEntry(entry.key, { state: "waiting" })}>
                    {t("queued.retry")}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => setDiscarding(entry)}>
                  {t("queued.discard")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => {
          if (!open) setDiscarding(null);
        }}
        title={t("queued.discardTitle", { description: discarding ? fieldOf(discarding, "description") : "" })}
        description={t("queued.discardBody")}
        confirmLabel={t("queued.discardConfirm")}
        onConfirm={() => {
          if (discarding) void forgetEntry(discarding.key).then(() => toast.success(t("queued.discarded")));
          setDiscarding(null);
        }}
      />
    </section>
  );
}
