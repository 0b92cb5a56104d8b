import { useTranslation } from "react-i18next";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FieldError } from "~/components/ui/field-error";
import { formatAmountInput } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import { cardModes, cardTypes, type CardMode, type CardType } from "../../../db/enums";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import { cardIssuers } from "../../../worker/cards/cards.presets";
import { modeOfCard } from "../../../worker/ledger/rules/card-rules";
import type { FieldMessages } from "../../../worker/http/messages";
import { CardCycleFields } from "./card-cycle-fields";

export type CardFormState = { type: CardType; mode: CardMode; color: string };

/** What the card form needs of an account: the dashboard's quick-add sends no more. */
export type CardAccountOption = Pick<AccountResponse, "uuid" | "name" | "currency" | "is_active">;

type CardFieldsProps = {
  card?: CardResponse;
  accounts: readonly CardAccountOption[];
  state: CardFormState;
  onChange(changes: Partial<CardFormState>): void;
  errors: FieldMessages;
  /** The limit's message, in the page's language, shown under it. */
  limitMessage?: string;
};

const invalid = (errors: FieldMessages, field: string) => (errors[field] ? { "aria-invalid": true as const } : {});

/**
 * docs/product.md#cards-and-statements: debit forces debit mode, credit forces credit mode, only a hybrid card
 * chooses; the limit, closing day and due day exist only while the card acts as credit.
 */
export function CardFields({ card, accounts, state, onChange, errors, limitMessage }: CardFieldsProps) {
  const { t } = useTranslation("cards");
  const language = useLanguage();
  const mode = modeOfCard(state.type, state.mode);
  const isActingAsCredit = mode === "credit";
  // The limit is in the card's account's currency: its own places (the yen has none).
  const limitCurrency = card?.currency ?? accounts[0]?.currency ?? "";
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="card-name">{t("form.name")}</Label>
        <Input
          id="card-name"
          name="name"
          defaultValue={card?.name}
          maxLength={100}
          placeholder={t("form.namePlaceholder")}
          autoComplete="off"
          {...invalid(errors, "name")}
        />
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="card-account">{t("form.account")}</Label>
        <select
          id="card-account"
          name="account_uuid"
          defaultValue={card?.account_uuid ?? accounts[0]?.uuid ?? ""}
          className={nativeSelectClassName}
          {...invalid(errors, "account_uuid")}
        >
          {accounts.length === 0 ? <option value="">{t("form.noAccounts")}</option> : null}
          {accounts.map((account) => (
            <option key={account.uuid} value={account.uuid}>
              {account.name} ({account.currency})
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="card-type">{t("form.type")}</Label>
        <select
          id="card-type"
          name="type"
          value={state.type}
          onChange={(event) => onChange({ type: event.target.value as CardFormState["type"] })}
          className={nativeSelectClassName}
        >
          {cardTypes.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {state.type === "hybrid" ? (
        <div className="grid gap-2">
          <Label htmlFor="card-mode">{t("form.mode")}</Label>
          <select
            id="card-mode"
            name="mode"
            value={state.mode}
            onChange={(event) => onChange({ mode: event.target.value as CardFormState["mode"] })}
            className={nativeSelectClassName}
          >
            {cardModes.map((option) => (
              <option key={option} value={option}>
                {t(`modes.${option}`)}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="grid gap-2">
          <span className="text-sm font-medium text-foreground">{t("form.mode")}</span>
          <p className="flex h-10 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground">
            {t(`modes.${mode}`)}
          </p>
        </div>
      )}
      {isActingAsCredit ? (
        <>
          <div className="grid gap-2">
            <Label htmlFor="card-limit">{t("form.creditLimit")}</Label>
            <Input
              id="card-limit"
              name="credit_limit"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={
                card?.credit_limit
                  ? formatAmountInput(
                      Number(decimalToExactUnits(card.credit_limit, card.currency)),
                      card.currency,
                      language,
                    )
                  : ""
              }
              placeholder={formatAmountInput(0, limitCurrency, language)}
              {...invalid(errors, "credit_limit")}
              {...(limitMessage ? { "aria-describedby": "card-limit-error" } : {})}
            />
            <FieldError id="card-limit-error" message={limitMessage} />
          </div>
          <CardCycleFields card={card} errors={errors} />
        </>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="card-last-four">{t("form.lastFour")}</Label>
        <Input
          id="card-last-four"
          name="last_four_digits"
          inputMode="numeric"
          maxLength={4}
          defaultValue={card?.last_four_digits ?? ""}
          placeholder="1234"
          autoComplete="off"
          {...invalid(errors, "last_four_digits")}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="card-issuer">{t("form.issuer")}</Label>
        <select id="card-issuer" name="issuer" defaultValue={card?.issuer ?? ""} className={nativeSelectClassName}>
          <option value="">{t("form.noIssuer")}</option>
          {cardIssuers.map((issuer) => (
            <option key={issuer} value={issuer}>
              {issuer === "Other" ? t("form.otherIssuer") : issuer}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="card-expiry">{t("form.expiry")}</Label>
        <Input
          id="card-expiry"
          name="expiry_date"
          type="month"
          defaultValue={card?.expiry_date ?? ""}
          className="sm:w-1/2"
          {...invalid(errors, "expiry_date")}
        />
      </div>
    </div>
  );
}
