import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { InstallmentsPageData } from "./plan-types";

type Props = {
  currency: string;
  number: number;
  candidates: InstallmentsPageData["linkable"];
  /** Posts the link with the page's row actions (one fetcher, one toast). */
  onLink(transactionId: string): void;
  isBusy: boolean;
};

/**
 * "Already paid it?": the account's latest expenses of exactly the next installment's amount,
 * not linked to anything, each linkable as that installment's payment — nothing is posted again.
 */
export function LinkPayment({ currency, number, candidates, onLink, isBusy }: Props) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  if (candidates.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-xl border bg-muted/30 p-4" data-testid="link-payment">
      <h3 className="text-sm font-semibold text-foreground">{t("link.title", { number })}</h3>
      <p className="text-xs text-muted-foreground">{t("link.body")}</p>
      <ul className="divide-y">
        {candidates.map((candidate) => (
          <li key={candidate.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 truncate">
              {formatDate(candidate.date, language)} · {candidate.description}
            </span>
            <span className="flex items-center gap-3">
              <span className="font-medium tabular-nums">{formatMoney(candidate.amountCents, currency, language)}</span>
              <Button size="sm" variant="outline" disabled={isBusy} onClick={() => onLink(candidate.id)}>
                {t("link.action")}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
