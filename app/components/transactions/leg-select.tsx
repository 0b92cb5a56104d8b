import { useState } from "react";
import { useTranslation } from "react-i18next";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatAmountText, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { Message } from "../../../worker/http/messages";
import type { AccountOption, CardOption } from "./types";
import { legValue } from "./wizard-state";

/** A field's messages (the server's and the wizard's own, as keys), in the page's language. */
export function FieldError({ id, messages }: { id: string; messages?: Message[] }) {
  // "errors" loads with the wizard's first step, before any answer needs it.
  const { t } = useTranslation(["transactions", "errors"]);
  if (!messages?.length) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {messages.map((message) => t(message.key, message.values ?? {})).join(" ")}
    </p>
  );
}

/** "Checking · R$ 1.200,00"; credit cards show available credit, debit cards the current balance. */
export function useOptionLabels() {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const money = (decimal: string | null, currency: string) => formatAmountText(decimal, currency, language);
  return {
    account: (account: AccountOption) =>
      `${account.name} · ${formatMoney(account.balance_cents, account.currency, language)}`,
    card: (card: CardOption) =>
      card.mode === "credit"
        ? `${card.display_name} · ${t("legs.available", { amount: money(card.available_credit, card.currency) })}`
        : `${card.display_name} · ${t("legs.balance", { amount: money(card.current_balance, card.currency) })}`,
  };
}

type SelectProps = {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  error?: Message[];
  disabled?: boolean;
  children: React.ReactNode;
};

export function LegSelect({ id, label, value, onChange, placeholder, error, disabled, children }: SelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error?.length) || undefined}
        aria-describedby={error?.length ? `${id}-error` : undefined}
        className={nativeSelectClassName}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
      <FieldError id={`${id}-error`} messages={error} />
    </div>
  );
}

type PickerProps = {
  id: string;
  methodLabel: string;
  label: string;
  value: string;
  onChange(value: string): void;
  accounts: AccountOption[];
  cards: CardOption[];
  error?: Message[];
};

/** An account or a card: first the kind of place (a two-option radio group), then which one. */
export function LegPicker({ id, methodLabel, label, value, onChange, accounts, cards, error }: PickerProps) {
  const { t } = useTranslation("transactions");
  const labels = useOptionLabels();
  const [method, setMethod] = useState<"account" | "card">(value.startsWith("card:") ? "card" : "account");
  const choose = (next: "account" | "card") => {
    setMethod(next);
    if (value && !value.startsWith(`${next}:`)) onChange("");
  };
  return (
    <div className="grid gap-3 rounded-xl border bg-muted/30 p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">{methodLabel}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {(["account", "card"] as const).map((option) => (
            <label
              key={option}
              className={cn(
                "relative cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground transition",
                "has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent",
              )}
            >
              <input
                type="radio"
                name={`${id}-method`}
                value={option}
                checked={method === option}
                onChange={() => choose(option)}
                className="sr-only"
              />
              {t(`legs.methods.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <LegSelect
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        error={error}
        placeholder={
          method === "account" ? t("legs.chooseAccount") : cards.length ? t("legs.chooseCard") : t("legs.noCards")
        }
        disabled={method === "card" && cards.length === 0}
      >
        {method === "account"
          ? accounts.map((account) => (
              <option key={account.uuid} value={legValue("account", account.uuid)}>
                {labels.account(account)}
              </option>
            ))
          : cards.map((card) => (
              <option key={card.uuid} value={legValue("card", card.uuid)}>
                {labels.card(card)}
              </option>
            ))}
      </LegSelect>
    </div>
  );
}
