import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import type { Transaction, LedgerActionResult } from "./types";

/** One fetcher for deletes, shared by key: the row that asked is gone by the time the answer lands. */
const deleteFetcherKey = "delete-transaction";

/** Called by the page that lists the rows: the toast after each delete. */
export function useDeleteToast() {
  const { t } = useTranslation("transactions");
  const fetcher = useFetcher<LedgerActionResult>({ key: deleteFetcherKey });
  const result = fetcher.data;
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) toast.success(t("toasts.deleted"));
    else toast.error(t("toasts.deleteFailed"));
  }, [result, fetcher.state, t]);
}

/** True while a delete is on its way, so the rows' delete buttons wait. */
export function useIsDeleting() {
  return useFetcher({ key: deleteFetcherKey }).state !== "idle";
}

/**
 * One confirmation for the whole list, opened for the row whose delete was pressed. The
 * balances move back on the server in the same batch that removes the row.
 */
export function DeleteTransactionDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose(): void;
}) {
  const { t } = useTranslation("transactions");
  const fetcher = useFetcher<LedgerActionResult>({ key: deleteFetcherKey });
  return (
    <ConfirmDialog
      open={transaction !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t("deleteDialog.title")}
      description={transaction ? t("deleteDialog.description", { description: transaction.description }) : ""}
      confirmLabel={t("deleteDialog.confirm")}
      isBusy={fetcher.state !== "idle"}
      onConfirm={() =>
        transaction && fetcher.submit({ intent: "delete", id: transaction.uuid }, { method: "post", flushSync: true })
      }
    />
  );
}
