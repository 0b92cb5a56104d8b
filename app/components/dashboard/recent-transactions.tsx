import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading";
import { TransactionRow, useRowLabels } from "~/components/transactions/transaction-row";
import type { Transaction } from "~/components/transactions/types";
import { Icon } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { useLanguage } from "~/lib/use-language";

type RecentTransactionsProps = {
  transactions: Transaction[];
  /** The workspace's today: rows dated later are planned ones. */
  today: string;
  isLoading: boolean;
  viewAllHref: string;
};

const skeletonRows = 5;

/**
 * docs/product.md#dashboard-and-projection: the 10 newest (by date, each row showing it), 'view all', 5
 * skeleton rows while loading, and an empty message.
 */
export function RecentTransactions({ transactions, today, isLoading, viewAllHref }: RecentTransactionsProps) {
  const { t } = useTranslation("dashboard");
  const labels = useRowLabels();
  const language = useLanguage();
  return (
    <section aria-labelledby="recent-title" className="overflow-hidden rounded-2xl border bg-card shadow-xs">
      <SectionHeading
        id="recent-title"
        title={t("recent.title")}
        linkText={t("recent.viewAll")}
        href={viewAllHref}
        className="border-b px-5 py-4"
      />
      {isLoading ? (
        <ul aria-busy="true" className="divide-y" data-testid="recent-skeleton">
          {Array.from({ length: skeletonRows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity but their place
            <li key={index} className="flex items-center gap-4 px-5 py-4">
              <Skeleton className="size-9 rounded-full" />
              <div className="grid flex-1 gap-2">
                <Skeleton className="h-4 w-2/5" />
                <Skeleton className="h-3 w-1/4" />
              </div>
              <Skeleton className="h-4 w-20" />
            </li>
          ))}
        </ul>
      ) : transactions.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-12 text-center">
          <Icon name="inbox" className="size-8 text-muted-foreground" />
          <p className="mt-3 font-medium text-foreground">{t("recent.empty")}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t("recent.emptyHint")}</p>
        </div>
      ) : (
        <ul className="divide-y" data-testid="recent-transactions">
          {transactions.map((transaction) => (
            <TransactionRow
              key={transaction.uuid}
              transaction={transaction}
              labels={labels}
              language={language}
              showsDate={{ today }}
              isPlanned={transaction.date > today}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
