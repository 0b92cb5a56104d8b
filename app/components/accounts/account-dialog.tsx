import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatAmountInput, formatMoney } from "~/lib/format";
import { parseOptional, parseTypedAmount, refusalOf } from "~/lib/typed-amount";
import { useLanguage } from "~/lib/use-language";
import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";
import { accountTypes, type Currency, currencies } from "../../../db/enums";
import type { FieldMessages } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/field-errors";
import { accountColors } from "../../../worker/accounts/accounts.presets";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import { IconPicker } from "./icon-picker";
import { SwatchPicker } from "~/components/ui/swatch-picker";
import { submitAtOnce } from "~/lib/submit-at-once";
import { deferredModule, useLoadedModule } from "~/lib/deferred";

type AccountDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Absent: create a new account. */
  account?: AccountResponse;
  defaultCurrency: Currency;
  /** The route whose action saves the account; absent: the current page's (the accounts page). */
  action?: string;
};

export function AccountDialog({ open, onOpenChange, account, defaultCurrency, action }: AccountDialogProps) {
  const { t } = useTranslation("accounts");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{account ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{account ? t("form.editDescription") : t("form.createDescription")}</DialogDescription>
        </DialogHeader>
        <AccountForm
          account={account}
          defaultCurrency={defaultCurrency}
          action={action}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

const fieldNames = ["name", "type", "balance", "currency", "color", "icon"] as const;

/** The form's checks, fetched when it opens: zod stays out of the pages that only offer the dialog. */
const accountSchemas = deferredModule(() => import("../../../worker/accounts/accounts.schemas"));

/** Mounted with each opening, so every opening starts with a fresh fetcher and no old errors. */
function AccountForm({
  account,
  defaultCurrency,
  action,
  onDone,
}: {
  account?: AccountResponse;
  defaultCurrency: Currency;
  action?: string;
  onDone(): void;
}) {
  const { t } = useTranslation("accounts");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const [color, setColor] = useState(account?.color ?? accountColors.blue);
  const [icon, setIcon] = useState(account?.icon ?? "banknotes");
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const schemas = useLoadedModule(accountSchemas);
  useIntentToast(fetcher.data, "accounts");
  const isBusy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors = { ...serverErrors, ...clientErrors };
  const message = (field: string) => messageFor(errors[field]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const input = Object.fromEntries(fieldNames.flatMap((name) => (form.has(name) ? [[name, form.get(name)]] : [])));
    if (account) {
      const parsed = schemas?.updateAccountSchema.safeParse(input);
      setClientErrors(!parsed || parsed.success ? {} : fieldErrorsFrom(parsed.error));
      if (parsed && !parsed.success) event.preventDefault();
      return;
    }
    // The form posts the balance as typed; this only checks it the way the action will read it.
    const currency = String(input.currency ?? defaultCurrency);
    const balance = parseOptional(form.get("balance") as string | null, (typed) =>
      parseTypedAmount(typed, language, { sign: "any", currency }),
    );
    const parsed = schemas?.createAccountSchema.safeParse({ ...input, balance: balance.ok ? balance.text : undefined });
    const errors = !parsed || parsed.success ? {} : fieldErrorsFrom(parsed.error);
    const balanceRefusal = balance.ok ? undefined : refusalOf("amount", balance.reason, currency);
    setClientErrors(balanceRefusal ? { ...errors, balance: [balanceRefusal] } : errors);
    if ((parsed && !parsed.success) || balanceRefusal) event.preventDefault();
  }

  return (
    <fetcher.Form
      method="post"
      action={action}
      className="grid gap-5"
      noValidate
      onSubmit={submitAtOnce(fetcher, validate)}
    >
      <input type="hidden" name="intent" value={account ? "update" : "create"} />
      {account ? <input type="hidden" name="accountId" value={account.uuid} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="account-name">{t("form.name")}</Label>
        <Input
          id="account-name"
          name="name"
          defaultValue={account?.name}
          maxLength={100}
          placeholder={t("form.namePlaceholder")}
          autoComplete="off"
          {...invalidProps("account-name-error", message("name"))}
        />
        <FieldError id="account-name-error" message={message("name")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="account-type">{t("form.type")}</Label>
          <select
            id="account-type"
            name="type"
            defaultValue={account?.type ?? "checking"}
            className={nativeSelectClassName}
          >
            {accountTypes.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="account-currency">{t("form.currency")}</Label>
          <select
            id="account-currency"
            name="currency"
            defaultValue={account?.currency ?? defaultCurrency}
            className={nativeSelectClassName}
            {...invalidProps("account-currency-error", message("currency"))}
          >
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {t(`workspaces:currencies.${currency}`)}
              </option>
            ))}
          </select>
          <FieldError id="account-currency-error" message={message("currency")} />
        </div>
      </div>
      {account ? (
        <div className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3">
          <span className="text-sm font-medium text-foreground">{t("form.currentBalance")}</span>
          <span className="text-lg font-semibold tabular-nums">
            {formatMoney(account.balance_cents, account.currency, language)}
          </span>
          <span className="text-xs text-muted-foreground">{t("form.balanceReadOnly")}</span>
        </div>
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="account-balance">{t("form.balance")}</Label>
          <Input
            id="account-balance"
            name="balance"
            inputMode="decimal"
            placeholder={formatAmountInput(0, defaultCurrency, language)}
            autoComplete="off"
            aria-describedby="account-balance-hint"
            {...invalidProps("account-balance-error", message("balance"))}
          />
          <p id="account-balance-hint" className="text-xs text-muted-foreground">
            {t("form.balanceHint")}
          </p>
          <FieldError id="account-balance-error" message={message("balance")} />
        </div>
      )}
      <SwatchPicker
        name="color"
        legend={t("form.color")}
        value={color}
        onChange={setColor}
        swatches={Object.entries(accountColors).map(([name, hex]) => ({ value: hex, label: t(`colors.${name}`) }))}
      />
      <IconPicker value={icon} onChange={setIcon} color={color} />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? (account ? t("form.saving") : t("form.creating")) : account ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
