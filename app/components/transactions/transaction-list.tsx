import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { useIsDeleting } from "./delete-transaction-dialog";
import { TransactionRow, useRowLabels } from "./transaction-row";
import type { Transaction } from "./types";

/** Consecutive rows of one date, in the order the server sent them (newest first). */
function byDay(transactions: Transaction[]): Array<{ date: string; items: Transaction[] }> {
  const days: Array<{ date: string; items: Transaction[] }> = [];
  for (const transaction of transactions) {
    const last = days.at(-1);
    if (last?.date === transaction.date) last.items.push(transaction);
    else days.push({ date: transaction.date, items: [transaction] });
  }
  return days;
}

type Props = {
  transactions: Transaction[];
  /** The workspace's today: rows dated later are planned ones. */
  today: string;
  canEdit: boolean;
  onEdit(transaction: Transaction): void;
  onDelete(transaction: Transaction): void;
};

export function TransactionList({ transactions, today, canEdit, onEdit, onDelete }: Props) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const labels = useRowLabels();
  const isDeleting = useIsDeleting();
  const actions = canEdit ? { onEdit, onDelete, isBusy: isDeleting } : undefined;
  return (
    <section className="grid gap-4" aria-label={t("list.label")}>
      {byDay(transactions).map((day) => (
        <section
          key={day.date}
          aria-labelledby={`day-${day.date}`}
          className="overflow-hidden rounded-xl border bg-card shadow-sm"
        >
          <h2
            id={`day-${day.date}`}
            className="border-b bg-muted/50 px-4 py-2 text-sm font-semibold text-muted-foreground"
          >
            {formatDate(day.date, language, { style: "long" })}
          </h2>
          <ul className="divide-y">
            {day.items.map((transaction) => (
              <TransactionRow
                key={transaction.uuid}
                transaction={transaction}
                labels={labels}
                language={language}
                isPlanned={transaction.date > today}
                actions={actions}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
