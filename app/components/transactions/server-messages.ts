import { useTranslation } from "react-i18next";
import { amountMessages } from "../../../worker/ledger/amounts";

/**
 * The server's field messages (English, from the shared schemas and the kind rules) mapped to
 * translation keys, so a Portuguese page does not show English; an unknown one shows as sent.
 */
const keysByMessage: Record<string, string> = {
  "Description is required": "descriptionRequired",
  "Use at most 255 characters": "descriptionTooLong",
  "Enter a date as YYYY-MM-DD": "date",
  [amountMessages.invalid]: "amountInvalid",
  [amountMessages.positive]: "amountPositive",
  [amountMessages.tooLarge]: "amountTooLarge",
  [amountMessages.rate]: "rate",
  [amountMessages.convertedTooLarge]: "convertedTooLarge",
  [amountMessages.balanceOutOfRange]: "balanceOutOfRange",
  "Enter the conversion rate between the two currencies": "rateRequired",
  "The converted amount is less than one cent": "underOneCent",
  "Choose where the money comes from": "originRequired",
  "Choose where the money goes": "destinationRequired",
  "Pay a card from an account": "payFromAccount",
  "Choose a credit card": "creditCardRequired",
  "Choose a card of the selected account": "cardOfAccount",
  "Origin and destination must be different": "mustDiffer",
  "This account or card is archived": "archived",
  "Account not found in this workspace": "accountMissing",
  "Card not found in this workspace": "cardMissing",
  "Tag not found in this workspace": "tagMissing",
  "Insufficient available credit": "insufficientCredit",
};

export function useServerMessage() {
  const { t } = useTranslation("transactions");
  return (message: string) => {
    const key = keysByMessage[message];
    return key ? t(`serverMessages.${key}`) : message;
  };
}
