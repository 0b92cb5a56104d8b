/**
 * What a chat message to the assistant means, in Portuguese or English: a transaction to record, a
 * command, or one question to ask back. Deterministic and local (no AI service): the same message,
 * `today` and workspace names always give the same answer. It never guesses an amount: an amount it
 * cannot read one way only is asked ("1.500" in English: 1.50 or 1500.00?). docs/bot-parser.md
 * lists what is understood and the ambiguity rules; tests/fixtures/bot/corpus.json holds them.
 */
import { type AmountFound, findAmount } from "./amount-finder.ts";
import { multiplyAmount } from "./amount-reader.ts";
import { type BotCommand, readCommand, readLinkCommand } from "./command-reader.ts";
import { type DateFound, findDate } from "./date-reader.ts";
import { findInstallments, type InstallmentsFound } from "./installment-reader.ts";
import { fillerWords, languageOf } from "./message-language.ts";
import { type Language, messageText, take, unreadText } from "./message-text.ts";
import { findMentions, type Mentions } from "./mentions.ts";

export type { Language } from "./message-text.ts";

export type TransactionKind = "expense" | "income" | "transfer";

/** "card": the default card; "debit" and "pix": the default account. */
export type PaymentRole = "card" | "debit" | "pix";

export type ParsedTransaction = {
  kind: TransactionKind;
  /** Canonical decimal text ("45.90"); null only inside a question's draft. */
  amount: string | null;
  /** The currency written with the amount (R$ → "BRL", $ → "USD"), or null for the default. */
  currency: string | null;
  date: string;
  /** An account or card as the workspace names it, a payment role, or null for the default account. */
  account: string | null;
  /** A transfer's destination account. */
  toAccount: string | null;
  /** A tag as the workspace names it (by name or keyword), or null. */
  tag: string | null;
  installments: { count: number; interestRatePercent: string | null } | null;
  description: string;
};

export type ParsedCommand = { command: BotCommand; code?: string };

export type ParsedQuestion =
  | { ask: "amount"; written?: string; draft: ParsedTransaction }
  | { ask: "ambiguousAmount"; written: string; readings: string[]; draft: ParsedTransaction }
  | { ask: "whichAmount"; candidates: string[]; draft: ParsedTransaction }
  | { ask: "ambiguousDate"; written: string; readings: string[]; draft: ParsedTransaction }
  | { ask: "date"; written: string; draft: ParsedTransaction }
  | { ask: "transferAccount"; draft: ParsedTransaction }
  | { ask: "interestRate"; draft: ParsedTransaction }
  | { ask: "installmentTotal"; draft: ParsedTransaction };

export type ParsedMessage = ParsedTransaction | ParsedCommand | ParsedQuestion;

export type ParseContext = {
  /** The workspace's calendar date, YYYY-MM-DD. */
  today: string;
  /** The user's bot language: decides a message whose words do not. */
  language?: Language;
  accounts: ReadonlyArray<{ name: string; aliases?: readonly string[] }>;
  cards: ReadonlyArray<{ name: string; aliases?: readonly string[] }>;
  tags: ReadonlyArray<{ name: string; keywords?: readonly string[] }>;
};

// "got paid" before "paid": the person received money.
const incomePhrase = /\b(?:got paid|get paid|caiu (?:o )?(?:meu )?salario|salario caiu)\b/;
const expenseVerb = /\b(?:gastei|gasto|paguei|comprei|spent|paid|bought|pagamento)\b/;
const incomeWord =
  /\b(?:recebi|recebido|recebimento|ganhei|salario|entrou|received|salary|earned|paycheck|income|reembolso|refund)\b/;
const transferVerb = /\b(?:transferi|transferir|transfere|transferencia|transf|transfer|transferred)\b/;
const kindWord = new RegExp(
  [incomePhrase, expenseVerb, incomeWord, transferVerb].map((pattern) => pattern.source).join("|"),
);
const timeOfDay = /\b(?:as |at )?\d{1,2}(?::\d{2}| ?h(?:\d{2})?(?![a-z])| ?(?:am|pm)\b)/g;

export function parseMessage(text: string, context: ParseContext): ParsedMessage {
  const message = messageText(text);
  const language = languageOf(message, context.language);
  const command = readLinkCommand(message) ?? readCommand(message);
  if (command) return command;

  const wholeReading = message.reading;
  const installments = findInstallments(message, language);
  const date = findDate(message, context.today, language);
  while (take(message, timeOfDay));
  const amount = findAmount(message, language);
  const mentions = findMentions(message, context);
  // "oi", "obrigado", "?": nothing to record, so the reply is the help.
  if (message.reading === wholeReading && !kindWord.test(wholeReading)) return { command: "help" };

  const kind = kindOf(wholeReading, mentions);
  const settled = settleAmount(amount, installments);
  const draft: ParsedTransaction = {
    kind,
    amount: typeof settled === "string" ? settled : null,
    currency: amount.status === "clear" ? amount.currency : null,
    date: date.status === "clear" ? date.date : context.today,
    ...accountsOf(kind, mentions),
    tag: mentions.tag,
    installments: installments.status === "none" ? null : planOf(installments),
    description: unreadText({ ...message, reading: mentions.readingBeforeTag }, fillerWords),
  };
  const question = typeof settled === "string" ? otherQuestion(draft, date, installments) : settled;
  return question ? ({ ...question, draft } as ParsedQuestion) : draft;
}

type Question<Asked = ParsedQuestion> = Asked extends ParsedQuestion ? Omit<Asked, "draft"> : never;

/** The amount to write, or what to ask: "3x de 50" is 150.00 unless another amount disagrees. */
function settleAmount(amount: AmountFound, installments: InstallmentsFound): string | Question {
  const perInstallment = installments.status === "plan" ? installments.perInstallment : null;
  const total =
    perInstallment && installments.status === "plan" ? multiplyAmount(perInstallment, installments.count) : null;
  if (installments.status === "askTotal") return { ask: "installmentTotal" };
  switch (amount.status) {
    case "clear":
      return total && perInstallment && total !== amount.amount
        ? { ask: "whichAmount", candidates: [amount.amount, perInstallment] }
        : amount.amount;
    case "none":
      return total ?? { ask: "amount" };
    case "invalid":
      return { ask: "amount", written: amount.written };
    case "ambiguous":
      return { ask: "ambiguousAmount", written: amount.written, readings: amount.readings };
    case "several":
      return { ask: "whichAmount", candidates: amount.candidates };
  }
}

function otherQuestion(draft: ParsedTransaction, date: DateFound, installments: InstallmentsFound): Question | null {
  if (date.status === "ambiguous") return { ask: "ambiguousDate", written: date.written, readings: date.readings };
  if (date.status === "invalid") return { ask: "date", written: date.written };
  if (draft.kind === "transfer" && (!draft.toAccount || draft.toAccount === draft.account))
    return { ask: "transferAccount" };
  if (installments.status === "askRate") return { ask: "interestRate" };
  return null;
}

function planOf(installments: Exclude<InstallmentsFound, { status: "none" }>): ParsedTransaction["installments"] {
  const interestRatePercent = installments.status === "plan" ? installments.interestRatePercent : null;
  return { count: installments.count, interestRatePercent };
}

/** A transfer's ends: the directed mentions, then the others in the order written. */
function accountsOf(kind: TransactionKind, mentions: Mentions): Pick<ParsedTransaction, "account" | "toAccount"> {
  if (kind !== "transfer") return { account: mentions.named[0] ?? mentions.role, toAccount: null };
  const undirected = mentions.named.filter((name) => name !== mentions.from && name !== mentions.to);
  const account = mentions.from ?? (mentions.to ? undirected[0] : undirected.shift()) ?? null;
  return { account, toAccount: mentions.to ?? undirected.find((name) => name !== account) ?? null };
}

function kindOf(reading: string, mentions: Mentions): TransactionKind {
  const isBetweenAccounts = mentions.to !== null && mentions.named.some((name) => name !== mentions.to);
  if (transferVerb.test(reading) || isBetweenAccounts) return "transfer";
  if (incomePhrase.test(reading)) return "income";
  if (expenseVerb.test(reading)) return "expense";
  return incomeWord.test(reading) ? "income" : "expense";
}
