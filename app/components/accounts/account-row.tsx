import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";
import type { ActionResult } from "~/lib/action-result";
import { AccountBadgeIcon } from "./account-icon";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

export const accountActionsKey = "account-actions";

type AccountRowProps = {
  account: AccountResponse;
  canEdit: boolean;
  onEdit(): void;
  onImport(): void;
};

/** One account: icon, name, type and balance; writers get a menu to edit, archive or delete it. */
export function AccountRow({ account, canEdit, onEdit, onImport }: AccountRowProps) {
  const { t } = useTranslation("accounts");
  // Shared by every row and the page (which toasts the outcome): a row may move or vanish meanwhile.
  const fetcher = useFetcher<ActionResult>({ key: accountActionsKey });
  const isBusy = fetcher.state !== "idle" && fetcher.formData?.get("accountId") === account.uuid;
  const onSubmit = (intent: "archive" | "restore" | "delete") =>
    fetcher.submit({ intent, accountId: account.uuid }, { method: "post", flushSync: true });
  const language = useLanguage();
  const [isConfirming, setIsConfirming] = useState(false);
  const isNegative = account.balance_cents < 0;
  return (
    <li
      className={cn(
        "relative flex items-center gap-4 overflow-hidden rounded-xl border bg-card p-4 shadow-xs transition hover:shadow-sm",
        !account.is_active && "bg-muted/40",
        isBusy && "opacity-60",
      )}
    >
      <span aria-hidden className="absolute inset-y-0 left-0 w-1" style={{ backgroundColor: account.color }} />
      <AccountBadgeIcon icon={account.icon} color={account.color} />
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold text-foreground">{account.name}</h3>
            {!account.is_active ? <Badge>{t("archived.badge")}</Badge> : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {t(`types.${account.type}`)} · {account.currency}
          </p>
        </div>
        <p
          className={cn(
            "text-base font-semibold whitespace-nowrap tabular-nums sm:text-right sm:text-lg",
            isNegative ? "text-destructive" : "text-foreground",
          )}
        >
          {formatMoney(account.balance_cents, account.currency, language)}
        </p>
      </div>
      {canEdit ? (
        <>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="-mr-2 size-9"
                disabled={isBusy}
                aria-label={t("actions.menu", { name: account.name })}
              >
                <Icon name="ellipsis" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={onEdit}>
                <Icon name="pencil" />
                {t("actions.edit")}
              </DropdownMenuItem>
              {account.is_active ? (
                <DropdownMenuItem onSelect={onImport}>
                  <Icon name="upload" />
                  {t("actions.import")}
                </DropdownMenuItem>
              ) : null}
              {account.is_active ? (
                <DropdownMenuItem onSelect={() => onSubmit("archive")}>
                  <Icon name="archive" />
                  {t("actions.archive")}
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => onSubmit("restore")}>
                  <Icon name="archive-arrow-up" />
                  {t("actions.restore")}
                </DropdownMenuItem>
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setIsConfirming(true)}>
                <Icon name="trash" />
                {t("actions.delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
          <ConfirmDialog
            open={isConfirming}
            onOpenChange={setIsConfirming}
            title={t("delete.title", { name: account.name })}
            description={t("delete.body")}
            confirmLabel={t("delete.confirm")}
            onConfirm={() => onSubmit("delete")}
          />
        </>
      ) : null}
    </li>
  );
}
