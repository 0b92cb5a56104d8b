import { useTranslation } from "react-i18next";
import { LegPicker, LegSelect, useOptionLabels } from "./leg-select";
import type { FieldMessages } from "../../../worker/http/messages";
import type { AccountOption, CardOption, LedgerOptions } from "./types";
import { legProblemsOf, legValue, withOrigin, type WizardValues } from "./wizard-state";

type Props = {
  values: WizardValues;
  onChange(values: WizardValues): void;
  /** Only what may receive new entries: active ones, plus whatever the edited transaction already uses. */
  options: LedgerOptions;
  errors: FieldMessages;
};

/** Step 2: where the money comes from and where it goes, as the kind needs (docs/product.md#transactions). */
export function LegsStep({ values, onChange, options, errors }: Props) {
  const { t } = useTranslation("transactions");
  const { accounts, cards } = options;
  const setOrigin = (origin: string) => onChange(withOrigin(values, origin, options));
  const setDestination = (destination: string) => onChange({ ...values, destination });
  switch (values.kind) {
    case "income":
      return (
        <LegPicker
          id="tx-destination"
          methodLabel={t("legs.receivedIn")}
          label={t("legs.destination")}
          value={values.destination}
          onChange={setDestination}
          accounts={accounts}
          cards={cards}
          error={errors.destination}
        />
      );
    case "expense":
      return (
        <LegPicker
          id="tx-origin"
          methodLabel={t("legs.paymentMethod")}
          label={t("legs.paidFrom")}
          value={values.origin}
          onChange={setOrigin}
          accounts={accounts}
          cards={cards}
          error={errors.origin}
        />
      );
    case "transfer": {
      const sameLegs =
        legProblemsOf(values, options).destination === "sameLegs"
          ? [{ key: "transactions:legs.mustDiffer" }]
          : undefined;
      return (
        <div className="grid gap-4">
          <LegPicker
            id="tx-origin"
            methodLabel={t("legs.fromKind")}
            label={t("legs.from")}
            value={values.origin}
            onChange={setOrigin}
            accounts={accounts}
            cards={cards}
            error={errors.origin}
          />
          <LegPicker
            id="tx-destination"
            methodLabel={t("legs.toKind")}
            label={t("legs.to")}
            value={values.destination}
            onChange={setDestination}
            accounts={accounts}
            cards={cards}
            error={sameLegs ?? errors.destination}
          />
        </div>
      );
    }
    case "pay_credit_card":
      return (
        <CardPaymentLegs
          values={values}
          accounts={accounts}
          cards={cards}
          onOrigin={setOrigin}
          onDestination={setDestination}
          errors={errors}
        />
      );
    default:
      return null;
  }
}

type CardPaymentProps = {
  values: WizardValues;
  accounts: AccountOption[];
  cards: CardOption[];
  onOrigin(value: string): void;
  onDestination(value: string): void;
  errors: FieldMessages;
};

/** A source account, then one of that account's credit cards. */
function CardPaymentLegs({ values, accounts, cards, onOrigin, onDestination, errors }: CardPaymentProps) {
  const { t } = useTranslation("transactions");
  const labels = useOptionLabels();
  const accountId = values.origin.startsWith("account:") ? values.origin.slice("account:".length) : null;
  const ownCards = accountId ? cards.filter((card) => card.mode === "credit" && card.account.uuid === accountId) : [];
  const cardPlaceholder = !accountId
    ? t("legs.selectAccountFirst")
    : ownCards.length === 0
      ? t("legs.noCardsForAccount")
      : t("legs.chooseCard");
  return (
    <div className="grid gap-4">
      <LegSelect
        id="tx-origin"
        label={t("legs.sourceAccount")}
        value={values.origin}
        onChange={onOrigin}
        placeholder={t("legs.chooseAccount")}
        error={errors.origin}
      >
        {accounts.map((account) => (
          <option key={account.uuid} value={legValue("account", account.uuid)}>
            {labels.account(account)}
          </option>
        ))}
      </LegSelect>
      <LegSelect
        id="tx-destination"
        label={t("legs.creditCard")}
        value={values.destination}
        onChange={onDestination}
        placeholder={cardPlaceholder}
        disabled={ownCards.length === 0}
        error={errors.destination}
      >
        {ownCards.map((card) => (
          <option key={card.uuid} value={legValue("card", card.uuid)}>
            {labels.card(card)}
          </option>
        ))}
      </LegSelect>
    </div>
  );
}
