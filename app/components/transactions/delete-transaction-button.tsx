import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import type { Transaction, TransactionActionResult } from "./types";

/** One fetcher for deletes, shared by key: the row that asked is gone by the time the answer lands. */
const deleteFetcherKey = "delete-transaction";

/** Called by the page that lists the rows: the toast after each delete. */
export function useDeleteToast() {
  const { t } = useTranslation("transactions");
  const fetcher = useFetcher<TransactionActionResult>({ key: deleteFetcherKey });
  const result = fetcher.data;
  useEffect(() => {
    if (!result || fetcher.state !== "idle") return;
    if (result.ok) toast.success(t("toasts.deleted"));
    else toast.error(t("toasts.deleteFailed"));
  }, [result, fetcher.state, t]);
}

/** Asks first; the balances move back on the server in the same batch that removes the row. */
export function DeleteTransactionButton({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation("transactions");
  const fetcher = useFetcher<TransactionActionResult>({ key: deleteFetcherKey });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" className="size-9 text-muted-foreground hover:text-destructive" disabled={fetcher.state !== "idle"}>
          <Icon name="trash" />
          <span className="sr-only">{t("list.delete", { description: transaction.description })}</span>
        </Button>
      }
      title={t("deleteDialog.title")}
      description={t("deleteDialog.description", { description: transaction.description })}
      confirmLabel={t("deleteDialog.confirm")}
      isBusy={fetcher.state !== "idle"}
      onConfirm={() => fetcher.submit({ intent: "delete", id: transaction.uuid }, { method: "post" })}
    />
  );
}
