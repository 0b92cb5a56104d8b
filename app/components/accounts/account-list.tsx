import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";
import { AccountRow } from "./account-row";

type AccountListProps = {
  accounts: readonly AccountResponse[];
  canEdit: boolean;
  canCreate: boolean;
  onCreate(): void;
  onEdit(account: AccountResponse): void;
  onImport(account: AccountResponse): void;
};

/** Active accounts first; archived ones wait in a collapsed group below. */
export function AccountList({ accounts, canEdit, canCreate, onCreate, onEdit, onImport }: AccountListProps) {
  const { t } = useTranslation("accounts");
  const active = accounts.filter((account) => account.is_active);
  const archived = accounts.filter((account) => !account.is_active);
  return (
    <div className="grid gap-6">
      {active.length > 0 ? (
        <ul className="grid gap-3" aria-label={t("listLabel")}>
          {active.map((account) => (
            <AccountRow
              key={account.uuid}
              account={account}
              canEdit={canEdit}
              onEdit={() => onEdit(account)}
              onImport={() => onImport(account)}
            />
          ))}
        </ul>
      ) : (
        <section className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-accent-50 text-accent-text">
            <Icon name="landmark" className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-foreground">{t("empty.title")}</h2>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">{t("empty.body")}</p>
          {canEdit && canCreate ? (
            <Button className="mt-5" variant="accent" onClick={onCreate}>
              <Icon name="plus" />
              {t("empty.action")}
            </Button>
          ) : null}
        </section>
      )}
      {archived.length > 0 ? (
        <details className="group rounded-xl border bg-card/60">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-3 text-sm font-medium text-foreground hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
            <Icon name="chevron-right" className="size-4 transition-transform group-open:rotate-90" />
            {t("archived.title", { count: archived.length })}
          </summary>
          <ul className="grid gap-3 px-4 pb-4" aria-label={t("archived.label")}>
            {archived.map((account) => (
              <AccountRow
                key={account.uuid}
                account={account}
                canEdit={canEdit}
                onEdit={() => onEdit(account)}
                onImport={() => onImport(account)}
              />
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
