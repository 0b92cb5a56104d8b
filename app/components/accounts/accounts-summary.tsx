import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";
import { UsageBar, type AccountUsage } from "./usage-bar";

/**
 * docs/product.md#accounts: non-credit accounts add up and what credit accounts owe counts against. A credit
 * account's balance goes negative as it is spent (README: "Money model"), so that is the plain
 * sum of the active balances; one total per currency.
 */
export function totalsByCurrency(accounts: readonly AccountResponse[]): Array<{ currency: string; cents: bigint }> {
  // Summed as bigint: each balance is bounded, but enough of them pass 2^53 (README: "Money model").
  const totals = new Map<string, bigint>();
  for (const account of accounts) {
    if (!account.is_active) continue;
    totals.set(account.currency, (totals.get(account.currency) ?? 0n) + BigInt(account.balance_cents));
  }
  return [...totals].map(([currency, cents]) => ({ currency, cents }));
}

type AccountsSummaryProps = {
  accounts: readonly AccountResponse[];
  usage: AccountUsage;
  defaultCurrency: string;
  canEdit: boolean;
  onCreate(): void;
};

/** The page's header card: total balance, the plan's account usage and the create button. */
export function AccountsSummary({ accounts, usage, defaultCurrency, canEdit, onCreate }: AccountsSummaryProps) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const totals = totalsByCurrency(accounts);
  const shown = totals.length > 0 ? totals : [{ currency: defaultCurrency, cents: 0n }];
  const activeCount = accounts.filter((account) => account.is_active).length;
  return (
    <section
      aria-labelledby="accounts-total"
      className="grid gap-6 rounded-2xl border bg-card p-6 shadow-xs lg:grid-cols-[1fr_minmax(0,22rem)]"
    >
      <div className="grid content-start gap-1">
        <h2 id="accounts-total" className="text-sm font-medium text-muted-foreground">
          {t("summary.total")}
        </h2>
        <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1" data-testid="accounts-total">
          {shown.map((total) => (
            <p key={total.currency} className="text-3xl font-bold tracking-tight text-foreground tabular-nums">
              {formatMoney(total.cents, total.currency, language)}
            </p>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">
          {t("summary.active", { count: activeCount })}
          {totals.length > 1 ? ` · ${t("summary.perCurrency")}` : ""}
        </p>
      </div>
      <div className="grid content-start gap-4">
        <UsageBar usage={usage} />
        {canEdit ? (
          <div className="grid gap-2">
            <Button
              onClick={onCreate}
              disabled={!usage.canCreate}
              aria-describedby={usage.canCreate ? undefined : "accounts-limit"}
              className="w-full sm:w-auto sm:justify-self-end"
            >
              <Icon name="plus" />
              {t("create")}
            </Button>
            {!usage.canCreate ? (
              <p id="accounts-limit" className="text-sm text-muted-foreground sm:text-right">
                {t("limitReached", { limit: usage.limit })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
