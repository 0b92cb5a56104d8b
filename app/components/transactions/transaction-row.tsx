import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { DeleteTransactionButton } from "./delete-transaction-button";
import { kindIcons } from "./kind-step";
import { TagChip } from "./tag-chip";
import type { Transaction } from "./types";

/** Income comes in (+, green), an expense goes out (−, red); moves inside the workspace are neutral. */
const direction = { income: "in", expense: "out", transfer: "move", pay_credit_card: "move" } as const;
const amountColours = { in: "text-success", out: "text-destructive", move: "text-foreground" };
const iconColours = { in: "bg-success/10 text-success", out: "bg-destructive/10 text-destructive", move: "bg-info/10 text-info" };

type Props = { transaction: Transaction; canEdit: boolean; onEdit(transaction: Transaction): void };

export function TransactionRow({ transaction, canEdit, onEdit }: Props) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const way = direction[transaction.type];
  const name = (side: Transaction["origin"]) => side.name ?? t("list.outside");
  const signed = way === "in" ? transaction.amount_cents : way === "out" ? -transaction.amount_cents : transaction.amount_cents;
  const isCrossCurrency = transaction.currency !== transaction.destination_currency;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="transaction-row">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className={cn("grid size-9 shrink-0 place-items-center rounded-full", iconColours[way])} title={t(`kinds.${transaction.type}`)}>
          <Icon name={kindIcons[transaction.type]} className="size-4" />
          <span className="sr-only">{t(`kinds.${transaction.type}`)}</span>
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="truncate font-medium text-foreground">{transaction.description}</p>
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <span className="truncate">{name(transaction.origin)}</span>
            <Icon name="arrow-right" className="size-3.5 shrink-0" aria-label={t("list.to")} />
            <span className="truncate">{name(transaction.destination)}</span>
          </p>
          {transaction.tags.length ? (
            <div className="flex flex-wrap gap-1">
              {transaction.tags.map((tag) => (
                <TagChip key={tag.uuid} name={tag.name} color={tag.color} />
              ))}
            </div>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 pl-12 sm:pl-0">
        <div className="grid text-left sm:text-right">
          <span className={cn("font-semibold tabular-nums", amountColours[way])}>
            {formatMoney(signed, transaction.currency, language, { sign: way === "move" ? "auto" : "always" })}
            <span className="ml-1 text-xs font-normal text-muted-foreground">{transaction.currency}</span>
          </span>
          {isCrossCurrency ? (
            <span className="text-xs text-muted-foreground tabular-nums">
              {t("list.arrives", {
                amount: `${formatMoney(transaction.destination_amount_cents, transaction.destination_currency, language)} ${transaction.destination_currency}`,
              })}
            </span>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex shrink-0 gap-1">
            <Button variant="ghost" size="icon" className="size-9 text-muted-foreground" onClick={() => onEdit(transaction)}>
              <Icon name="pencil" />
              <span className="sr-only">{t("list.edit", { description: transaction.description })}</span>
            </Button>
            <DeleteTransactionButton transaction={transaction} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
