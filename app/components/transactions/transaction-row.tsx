import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { plannedSourceIcons } from "~/lib/planned-source-icons";
import { Icon } from "~/components/ui/icon";
import { formatAmountText, formatDate, formatMoney } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { TagChip } from "~/components/ui/tag-chip";
import { RowActionsMenu } from "~/components/ui/row-actions-menu";
import { cn } from "~/lib/utils";
import type { TransactionKind } from "../../../db/enums";
import { KindIcon, SignedAmount } from "./kind-icons";
import type { Transaction } from "./types";

/** The words every row shares, translated once per list rather than once per row. */
export type RowLabels = {
  kinds: Record<TransactionKind, string>;
  to: string;
  outside: string;
  automated: Record<"bot" | "system", string>;
  planned: string;
  plannedHint: string;
  note: string;
};

const automatedIcons = { bot: "sparkles", system: "calendar-clock" } as const;

export function useRowLabels(): RowLabels {
  const { t } = useTranslation("transactions");
  return {
    kinds: {
      income: t("kinds.income"),
      expense: t("kinds.expense"),
      transfer: t("kinds.transfer"),
      pay_credit_card: t("kinds.pay_credit_card"),
    },
    to: t("list.to"),
    outside: t("list.outside"),
    automated: { bot: t("list.addedByBot"), system: t("list.postedBySchedule") },
    planned: t("list.planned"),
    plannedHint: t("list.plannedHint"),
    note: t("list.note"),
  };
}

type Props = {
  transaction: Transaction;
  labels: RowLabels;
  language: Language;
  /**
   * Lists not grouped under day headings (the dashboard's recent ones) show each row's date, without
   * its year when it is the year of the workspace's today: the server and the browser then agree,
   * and a New Year's Eve in São Paulo (already January in UTC) is still this year.
   */
  showsDate?: { today: string };
  /** Dated after today: a planned transaction, out of today's balances until its date (README: "One balance"). */
  isPlanned?: boolean;
  /** Absent for people who may only read. */
  actions?: { onEdit(transaction: Transaction): void; onDelete(transaction: Transaction): void; isBusy: boolean };
};

/** A note's first line, which the row shows under its description; the whole note is its title. */
const firstLine = (note: string) => note.split("\n", 1)[0]!.trim();

const isSameYear = (date: string, today: string) => date.slice(0, 4) === today.slice(0, 4);

/**
 * One line of the list. Rendered twenty times a page: plain elements, no hooks. On a phone it is two lines
 * made for a thumb (what, its category or legs, the amount) and the whole row opens it; the legs beside the
 * category, the note, the bank or schedule it came from and its other tags show from the small-tablet width
 * up, with edit and delete beside it.
 */
export function TransactionRow({ transaction, labels, language, showsDate, isPlanned, actions }: Props) {
  const { t } = useTranslation("transactions");
  const isCrossCurrency = transaction.currency !== transaction.destination_currency;
  const category = transaction.tags[0];
  const editLabel = t("list.edit", { description: transaction.description });
  return (
    <li
      className="relative flex items-center gap-3 px-4 py-2.5 sm:items-start sm:gap-4 sm:py-3"
      data-testid="transaction-row"
    >
      {actions ? (
        // On a phone the row itself opens the transaction; the "…" menu above it holds delete.
        <button
          type="button"
          className="absolute inset-0 rounded-none sm:hidden"
          aria-label={editLabel}
          onClick={() => actions.onEdit(transaction)}
        />
      ) : null}
      <KindIcon kind={transaction.type} label={labels.kinds[transaction.type]} />
      <div className="grid min-w-0 flex-1 gap-0.5 sm:gap-1">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-foreground">{transaction.description}</span>
          {transaction.bank ? (
            // On a phone the bank line is folded away: its mark stays, named for assistive technology.
            <span className="flex shrink-0 items-center text-muted-foreground sm:hidden">
              <Icon name="wifi" className="size-3.5" />
              <span className="sr-only">
                {t(`list.fromBank.${transaction.bank.provider}`, { institution: transaction.bank.institution })}
              </span>
            </span>
          ) : null}
          {transaction.receipt_count ? (
            <Icon
              name="paperclip"
              className="size-3.5 shrink-0 text-muted-foreground"
              aria-label={t("list.receipts", { count: transaction.receipt_count })}
            />
          ) : null}
          {isPlanned ? (
            <Badge variant="info" title={labels.plannedHint}>
              <Icon name="calendar-clock" />
              {labels.planned}
            </Badge>
          ) : null}
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          {showsDate ? (
            <>
              <time dateTime={transaction.date} className="shrink-0 whitespace-nowrap">
                {formatDate(transaction.date, language, {
                  style: isSameYear(transaction.date, showsDate.today) ? "dayMonth" : "medium",
                })}
              </time>
              <span aria-hidden>·</span>
            </>
          ) : null}
          {/* Its first tag, in its colour; on a phone in place of the legs, which show from the small-tablet width up. */}
          {category ? (
            <span className="flex min-w-0 shrink-0 items-center gap-1.5 max-sm:shrink">
              <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: category.color }} />
              <span className="truncate">{category.name}</span>
              <span aria-hidden className="max-sm:hidden">
                ·
              </span>
            </span>
          ) : null}
          <span className={cn("flex min-w-0 items-center gap-1.5", category && "max-sm:hidden")}>
            <span className="truncate">{transaction.origin.name ?? labels.outside}</span>
            <Icon name="arrow-right" className="size-3.5 shrink-0" aria-label={labels.to} />
            <span className="truncate">{transaction.destination.name ?? labels.outside}</span>
          </span>
        </p>
        {transaction.bank ? (
          <p className="hidden flex-wrap items-center gap-1.5 text-xs text-muted-foreground sm:flex">
            <Icon name="wifi" className="size-3.5 shrink-0" />
            {t(`list.fromBank.${transaction.bank.provider}`, { institution: transaction.bank.institution })}
            {transaction.bank.pending ? <Badge variant="outline">{t("list.bankPending")}</Badge> : null}
            {transaction.bank.gone ? <Badge variant="warning">{t("list.bankGone")}</Badge> : null}
            {transaction.bank.disconnected ? <span>· {t("list.bankDisconnected")}</span> : null}
          </p>
        ) : transaction.source ? (
          <p className="hidden items-center gap-1.5 text-xs text-muted-foreground sm:flex">
            <Icon name={plannedSourceIcons[transaction.source.type]} className="size-3.5 shrink-0" />
            {t(`list.from.${transaction.source.type}`, { name: transaction.source.name })}
          </p>
        ) : transaction.automated ? (
          <p className="hidden items-center gap-1.5 text-xs text-muted-foreground sm:flex">
            <Icon name={automatedIcons[transaction.automated]} className="size-3.5 shrink-0" />
            {labels.automated[transaction.automated]}
          </p>
        ) : null}
        {transaction.note ? (
          <p
            className="hidden min-w-0 items-center gap-1.5 text-xs text-muted-foreground sm:flex"
            title={transaction.note}
          >
            <Icon name="receipt-text" className="size-3.5 shrink-0" aria-label={labels.note} />
            <span className="truncate">{firstLine(transaction.note)}</span>
          </p>
        ) : null}
        {transaction.parts || transaction.tags.length > 1 ? (
          <div className="hidden flex-wrap items-center gap-1 sm:flex">
            {transaction.parts ? (
              <Badge variant="outline">
                <Icon name="layers" />
                {t("list.split", { count: transaction.parts.length })}
              </Badge>
            ) : null}
            {transaction.tags.slice(1).map((tag) => (
              <TagChip key={tag.uuid} name={tag.name} color={tag.color} />
            ))}
          </div>
        ) : null}
      </div>
      {/* The amount keeps its line; what follows it (arrives, converted) wraps, leaving the row its description. */}
      <div className="grid max-w-[45%] shrink-0 justify-items-end text-right sm:max-w-64">
        <SignedAmount
          kind={transaction.type}
          cents={transaction.amount_cents}
          currency={transaction.currency}
          language={language}
          isForeign={transaction.converted !== null}
        />
        {isCrossCurrency ? (
          <span className="text-xs text-muted-foreground tabular-nums">
            {t("list.arrives", {
              amount: `${formatMoney(transaction.destination_amount_cents, transaction.destination_currency, language)} ${transaction.destination_currency}`,
            })}
          </span>
        ) : null}
        {transaction.converted ? (
          <span
            className={`text-xs tabular-nums ${transaction.converted.amount === null ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground"}`}
            title={transaction.converted.amount === null ? t("list.notConvertedHint") : undefined}
          >
            {transaction.converted.amount === null ? (
              <>
                <span className="sm:hidden">{t("list.notConvertedShort")}</span>
                <span className="max-sm:hidden">{t("list.notConverted")}</span>
              </>
            ) : (
              `≈ ${formatAmountText(transaction.converted.amount, transaction.converted.currency, language)}`
            )}
          </span>
        ) : null}
      </div>
      {actions ? (
        <>
          <div className="hidden shrink-0 gap-1 sm:flex">
            <button
              type="button"
              className="row-action"
              aria-label={editLabel}
              onClick={() => actions.onEdit(transaction)}
            >
              <Icon name="pencil" />
            </button>
            <button
              type="button"
              className="row-action hover:text-destructive"
              aria-label={t("list.delete", { description: transaction.description })}
              disabled={actions.isBusy}
              onClick={() => actions.onDelete(transaction)}
            >
              <Icon name="trash" />
            </button>
          </div>
          <div className="relative z-10 shrink-0 sm:hidden">
            <RowActionsMenu
              title={transaction.description}
              isBusy={actions.isBusy}
              actions={[
                { label: t("list.editShort"), icon: "pencil", onSelect: () => actions.onEdit(transaction) },
                {
                  label: t("list.deleteShort"),
                  icon: "trash",
                  isDestructive: true,
                  onSelect: () => actions.onDelete(transaction),
                },
              ]}
            />
          </div>
        </>
      ) : null}
    </li>
  );
}
