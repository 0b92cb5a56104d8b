import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RowActionsMenu } from "~/components/ui/row-actions-menu";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { listPayees } from "../../../worker/payees/payees.service";
import { PayeeMergeDialog } from "./payee-merge-dialog";

export type PayeeResponse = Awaited<ReturnType<typeof listPayees>>[number];

type PayeeRowProps = {
  payee: PayeeResponse;
  /** Every payee of the workspace, the one to keep in a merge chosen among the others. */
  payees: readonly PayeeResponse[];
  workspaceId: string;
  canEdit: boolean;
  isBusy: boolean;
  onRename(): void;
  onMerge(into: string): void;
  onDelete(): void;
};

/** One amount per currency its transactions of that kind moved, largest first (as the API orders them). */
function useAmounts(payee: PayeeResponse, kind: "expense" | "income") {
  const language = useLanguage();
  return payee.totals
    .filter((total) => total.type === kind)
    .map((total) => formatMoney(total.amount_cents, total.currency, language));
}

function AmountsCell({ amounts }: { amounts: string[] }) {
  if (amounts.length === 0) return <span aria-hidden>—</span>;
  return amounts.map((amount) => (
    <span key={amount} className="block">
      {amount}
    </span>
  ));
}

/**
 * A payee: its name, which opens the transactions naming it, how many they are and what they spent
 * and received in each currency; on phones the figures under the name.
 */
export function PayeeRow({ payee, payees, workspaceId, canEdit, isBusy, onRename, onMerge, onDelete }: PayeeRowProps) {
  const { t } = useTranslation("payees");
  const [isMerging, setMerging] = useState(false);
  const spent = useAmounts(payee, "expense");
  const received = useAmounts(payee, "income");
  const phoneFigures = [
    t("transactions", { count: payee.transactions }),
    ...(spent.length ? [t("spent", { amounts: spent.join(" + ") })] : []),
    ...(received.length ? [t("received", { amounts: received.join(" + ") })] : []),
  ];
  return (
    <li
      className={cn(
        "grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-4 pr-4 pl-4 sm:grid-cols-[1fr_9rem_9rem_9rem_2.25rem] sm:pr-6 sm:pl-6",
        isBusy && "opacity-60",
      )}
    >
      <div className="min-w-0">
        <h3 className="truncate font-medium text-foreground">
          <Link
            to={`/workspaces/${workspaceId}/transactions?payee_id=${payee.uuid}`}
            title={t("seeTransactions", { name: payee.name })}
            className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {payee.name}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground tabular-nums sm:hidden">{phoneFigures.join(" · ")}</p>
      </div>
      <p className="hidden text-sm text-foreground tabular-nums sm:block">
        {t("transactions", { count: payee.transactions })}
      </p>
      <p className="hidden text-right text-sm text-foreground tabular-nums sm:block">
        <AmountsCell amounts={spent} />
      </p>
      <p className="hidden text-right text-sm text-foreground tabular-nums sm:block">
        <AmountsCell amounts={received} />
      </p>
      {canEdit ? (
        <div className="flex justify-end">
          <RowActionsMenu
            title={payee.name}
            isBusy={isBusy}
            actions={[
              { label: t("actions.rename"), icon: "pencil", onSelect: onRename },
              ...(payees.length > 1
                ? [{ label: t("actions.merge"), icon: "arrow-right" as const, onSelect: () => setMerging(true) }]
                : []),
              {
                label: t("actions.delete"),
                icon: "trash",
                isDestructive: true,
                onSelect: onDelete,
                confirm: {
                  title: t("delete.title", { name: payee.name }),
                  body: t("delete.body"),
                  confirmLabel: t("delete.confirm"),
                },
              },
            ]}
          />
          {isMerging ? (
            <PayeeMergeDialog
              payee={payee}
              payees={payees}
              open={isMerging}
              onOpenChange={setMerging}
              onConfirm={onMerge}
            />
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
