import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useTranslation } from "react-i18next";
import type { LedgerOptions, Transaction } from "./types";
import { ReceiptsPanel } from "./receipts-panel";
import { TransactionWizard } from "./transaction-wizard";
import type { WizardValues } from "./wizard-values";

export type TransactionDialogProps = LedgerOptions & {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  /** The workspace's currency, used until an account or card decides it. */
  currency: string;
  /** Today in the workspace's time zone (YYYY-MM-DD), the default date. */
  today: string;
  /** Given: edit this transaction; absent: create one. */
  transaction?: Transaction | null;
  /** A new transaction filled in already (a statement's payment): the wizard opens on its last step. */
  draft?: WizardValues | null;
  /** A new transaction of this kind (the installed app's "New expense"): the wizard opens on its second step. */
  startKind?: WizardValues["kind"];
};

/**
 * The create/edit transaction wizard (docs/product.md#transactions). It loads nothing itself: the page that
 * opens it passes the accounts, cards and tags, and it saves through the transactions route's
 * action, so any page (the list, the dashboard) can open it. Closing it discards the draft.
 */
export function TransactionDialog({ open, onOpenChange, transaction, draft, ...props }: TransactionDialogProps) {
  const { t } = useTranslation("transactions");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* On a phone it rises from the bottom, its buttons under the thumb. */}
      <DialogContent className="max-w-xl max-sm:top-auto max-sm:bottom-0 max-sm:max-h-[92dvh] max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none max-sm:rounded-t-2xl max-sm:pb-[max(1.5rem,env(safe-area-inset-bottom))]">
        <DialogHeader>
          <DialogTitle>{transaction ? t("wizard.editTitle") : t("wizard.createTitle")}</DialogTitle>
        </DialogHeader>
        {open ? (
          <TransactionWizard
            key={transaction?.uuid ?? "new"}
            transaction={transaction ?? null}
            draft={draft ?? null}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
            {...props}
          />
        ) : null}
        {open && transaction ? (
          <ReceiptsPanel workspaceId={props.workspaceId} transactionId={transaction.uuid} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
