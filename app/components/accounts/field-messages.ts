import { useTranslation } from "react-i18next";
import { amountMessages } from "../../../worker/ledger/amounts";
import { cardMessages } from "../../../worker/cards/cards.schemas";

/** The shared schemas speak English; each known message has a key in accounts:validation. */
const keyByMessage: Record<string, string> = {
  "Name is required": "required",
  "Use at most 100 characters": "tooLong",
  "Use at most 50 characters": "tooLong50",
  "Use at most 255 characters": "tooLong255",
  "Choose one of the preset colours": "color",
  "Choose one of the icons": "icon",
  "Choose USD or BRL": "currency",
  "Choose checking, savings, investment or credit": "type",
  "The currency cannot change once the account has transactions or cards": "currencyLocked",
  [amountMessages.invalid]: "amount",
  [amountMessages.tooLarge]: "amountTooLarge",
  [cardMessages.name]: "cardName",
  [cardMessages.account]: "account",
  [cardMessages.lastFour]: "lastFour",
  [cardMessages.creditLimit]: "creditLimit",
  "Choose a day from 1 to 31": "billingDay",
  "Enter the expiry as YYYY-MM": "expiry",
  "Choose an issuer from the list": "issuer",
  "This account is archived": "accountArchived",
  "A card with transactions can only move to an account in the same currency": "accountCurrency",
  "A tag with this name already exists": "tagTaken",
  "Use a six-digit colour such as #9E9E9E": "hexColor",
};

/** The first message for a field, in the page's language (unknown messages pass through). */
export function useFieldMessage() {
  const { t } = useTranslation("accounts");
  return (messages: string[] | undefined) => {
    const message = messages?.[0];
    if (!message) return undefined;
    const key = keyByMessage[message];
    return key ? t(`validation.${key}`) : message;
  };
}
