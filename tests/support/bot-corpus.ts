/**
 * The assistant parser's labelled corpus (tests/fixtures/bot/corpus.json) and how a parse is scored
 * against it, shared by `npm run bench:bot` and the node test that holds the numbers in CI.
 * Exact: a transaction's kind, amount, date, account, destination, tag and installments all as
 * labelled (the description is not scored); a command with its code; a question of the labelled kind.
 * A wrong amount: a transaction the parser would write whose amount is not the labelled one —
 * including one written where the label asks or is a command.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ParseContext, type ParsedMessage, parseMessage } from "../../worker/bot/message-parser.ts";

type ExpectedTransaction = {
  kind?: string;
  amount: string;
  date?: string;
  account?: string | null;
  toAccount?: string | null;
  tag?: string | null;
  installments?: { count: number; interestRatePercent: string | null } | null;
};
type Expected = ExpectedTransaction | { command: string; code?: string } | { ask: string };

export type CorpusMessage = { category: string; text: string; language?: "pt" | "en"; expected: Expected };
export type Corpus = { context: ParseContext; messages: CorpusMessage[] };
export type MessageOutcome = CorpusMessage & { parsed: ParsedMessage; isExact: boolean; isWrongAmount: boolean };
export type CategoryScore = { category: string; total: number; exact: number; wrongAmounts: number };

export const minimumExactShare = 0.97;

export function loadCorpus(): Corpus {
  const path = join(import.meta.dirname, "..", "fixtures", "bot", "corpus.json");
  return JSON.parse(readFileSync(path, "utf8")) as Corpus;
}

/** The fields scored, a transaction's defaults filled in. */
function scoredFields(expected: Expected, today: string): Record<string, unknown> {
  if ("command" in expected) return { command: expected.command, code: expected.code };
  if ("ask" in expected) return { ask: expected.ask };
  return {
    kind: expected.kind ?? "expense",
    amount: expected.amount,
    date: expected.date ?? today,
    account: expected.account ?? null,
    toAccount: expected.toAccount ?? null,
    tag: expected.tag ?? null,
    installments: expected.installments ?? null,
  };
}

function fieldsOf(parsed: ParsedMessage): Record<string, unknown> {
  if ("command" in parsed) return { command: parsed.command, code: parsed.code };
  if ("ask" in parsed) return { ask: parsed.ask };
  const { kind, amount, date, account, toAccount, tag, installments } = parsed;
  return { kind, amount, date, account, toAccount, tag, installments };
}

export function judge(message: CorpusMessage, context: ParseContext): MessageOutcome {
  const parsed = parseMessage(message.text, { ...context, language: message.language });
  const isExact = JSON.stringify(fieldsOf(parsed)) === JSON.stringify(scoredFields(message.expected, context.today));
  const writtenAmount = "kind" in parsed ? parsed.amount : null;
  const labelledAmount = "amount" in message.expected ? message.expected.amount : null;
  return { ...message, parsed, isExact, isWrongAmount: writtenAmount !== null && writtenAmount !== labelledAmount };
}

export function scoreCorpus(corpus: Corpus = loadCorpus()) {
  const outcomes = corpus.messages.map((message) => judge(message, corpus.context));
  const categories = [...new Set(outcomes.map((outcome) => outcome.category))];
  const scoreOf = (category: string, of: MessageOutcome[]): CategoryScore => ({
    category,
    total: of.length,
    exact: of.filter((outcome) => outcome.isExact).length,
    wrongAmounts: of.filter((outcome) => outcome.isWrongAmount).length,
  });
  const byCategory = categories.map((category) =>
    scoreOf(
      category,
      outcomes.filter((outcome) => outcome.category === category),
    ),
  );
  return { outcomes, byCategory, overall: scoreOf("overall", outcomes) };
}
