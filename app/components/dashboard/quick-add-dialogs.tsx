import type { ComponentProps } from "react";
import { AccountDialog } from "~/components/accounts/lazy-account-dialog";
import { CardDialog } from "~/components/cards/lazy-card-dialog";
import { TransactionDialog } from "~/components/transactions/lazy-transaction-dialog";
import type { QuickAddChoice } from "./quick-add-button";

type QuickAddDialogsProps = {
  /** Whether one of them is open: what the page's stand-in waits for before fetching this module. */
  open: boolean;
  dialog: QuickAddChoice | null;
  /** The transaction's kind when it was asked for by name (the installed app's "New expense"). */
  transactionKind?: "expense";
  onOpenChange: (choice: QuickAddChoice, isOpen: boolean) => void;
  workspaceId: string;
  currency: ComponentProps<typeof AccountDialog>["defaultCurrency"];
  today: string;
  accounts: ComponentProps<typeof TransactionDialog>["accounts"];
  cards: ComponentProps<typeof TransactionDialog>["cards"];
  tags: ComponentProps<typeof TransactionDialog>["tags"];
  rates: ComponentProps<typeof TransactionDialog>["rates"];
};

/** The dashboard's quick-add forms: a transaction, an account or a card, each opened from the quick-add button. */
export function QuickAddDialogs({
  dialog,
  transactionKind,
  onOpenChange,
  workspaceId,
  currency,
  today,
  accounts,
  cards,
  tags,
  rates,
}: QuickAddDialogsProps) {
  return (
    <>
      <TransactionDialog
        open={dialog === "transaction"}
        onOpenChange={(isOpen) => onOpenChange("transaction", isOpen)}
        startKind={transactionKind}
        workspaceId={workspaceId}
        currency={currency}
        today={today}
        accounts={accounts}
        cards={cards}
        tags={tags}
        rates={rates}
      />
      <AccountDialog
        open={dialog === "account"}
        onOpenChange={(isOpen) => onOpenChange("account", isOpen)}
        defaultCurrency={currency}
        action={`/workspaces/${workspaceId}/accounts`}
      />
      <CardDialog
        open={dialog === "card"}
        onOpenChange={(isOpen) => onOpenChange("card", isOpen)}
        accounts={accounts}
        action={`/workspaces/${workspaceId}/cards`}
      />
    </>
  );
}
