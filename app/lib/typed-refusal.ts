import type { Message } from "../../worker/http/messages";

/**
 * Why a typed amount or rate was refused, and the message a field shows for it: apart from the
 * parser (./typed-amount), so a page that only shows a refusal does not load the parser.
 */

export type TypedKind = "amount" | "rate";

export type TypedRefusal =
  | "empty"
  | "malformed"
  | "twoSigns"
  | "negative"
  | "notPositive"
  | "tooManyDecimals"
  | "wholeOnly"
  | "misplacedSeparator"
  | "otherFormat"
  | "groupedRate"
  | "wrongCurrency"
  | "tooLarge";

/** The i18next key (namespace common) of a refusal's message; it takes {{currency}}. */
export const typedRefusalKey = (kind: TypedKind, reason: TypedRefusal) => `common:typedNumber.${kind}.${reason}`;

type Translate = (key: string, options: { currency: string }) => string;

/** A refusal as a message for a field to show (worker/http/messages.ts): its key and {{currency}}. */
export const refusalOf = (kind: TypedKind, reason: TypedRefusal, currency = ""): Message => ({
  key: typedRefusalKey(kind, reason),
  values: { currency },
});

/** The refusal's message through the page's i18next `t` (browser hook or server instance). */
export const refusalMessage = (t: Translate, kind: TypedKind, reason: TypedRefusal, currency = "") =>
  t(typedRefusalKey(kind, reason), { currency });
