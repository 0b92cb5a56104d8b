/**
 * Which accounts, cards, payment roles and tag a message mentions. An account or card is the one
 * named ("no nubank", "com o itaú visa"); without a name, "cartão"/"card" is the default card and
 * "débito"/"pix" the default account. A transfer's source and destination come from the words
 * before them ("do itaú para o nubank", "from checking to savings"), else from their order.
 */
import type { ParseContext, PaymentRole } from "./message-parser.ts";
import { type MessageText, take } from "./message-text.ts";
import { directionBefore, findNames, namedThings } from "./name-finder.ts";

export type Mentions = {
  /** Named accounts and cards in the order written. */
  named: string[];
  from: string | null;
  to: string | null;
  role: PaymentRole | null;
  tag: string | null;
  /** The message as read before its tag was taken: the tag's words belong in the description. */
  readingBeforeTag: string;
  isAnyNamed: boolean;
};

const roles: Array<[PaymentRole, RegExp]> = [
  ["debit", /\b(?:cartao de debito|debito|debit card|debit)\b/g],
  ["pix", /\bpix\b/g],
  ["card", /\b(?:cartao de credito|cartao|credito|credit card|credit|card)\b/g],
];

export function findMentions(message: MessageText, context: ParseContext): Mentions {
  const readingBefore = message.reading;
  const found = findNames(message, namedThings([...context.cards, ...context.accounts]));
  const directed = found.map((mention) => ({ ...mention, direction: directionBefore(readingBefore, mention.start) }));
  const role = roles.find(([, pattern]) => take(message, pattern))?.[0] ?? null;
  const readingBeforeTag = message.reading;
  const tagFound = findNames(
    message,
    namedThings(context.tags.map(({ name, keywords }) => ({ name, aliases: keywords }))),
  );
  const [tag] = tagFound;
  return {
    named: found.map((mention) => mention.name),
    from: directed.find((mention) => mention.direction === "from")?.name ?? null,
    to: directed.find((mention) => mention.direction === "to")?.name ?? null,
    role,
    tag: tag?.name ?? null,
    readingBeforeTag,
    isAnyNamed: found.length > 0 || role !== null || tag !== undefined,
  };
}
