/**
 * OFX and QFX statements (bank accounts and credit cards, OFX 1.x SGML and 2.x XML) as statement
 * lines. Pure: text in, lines out, or a StatementProblem naming the line; nothing here knows the
 * account or the database.
 */
import { countLineBreaks, readOfxTags } from "./ofx-tokens.ts";
import { readAmount, readPostedDay, tidyDescription } from "./ofx-values.ts";
import { assertDayInRange, maxStatementLines, type StatementLine, StatementProblem } from "./statement.ts";

export type OfxAccount = { bankId: string | null; accountId: string | null; type: "bank" | "card" };
export type OfxStatement = { currency: string | null; account: OfxAccount | null; lines: StatementLine[] };

/** How far into a file its OFX markers are looked for: past any header, short of the transactions. */
const headerWindow = 4096;

/** An OFX 1.x header, a 2.x `<?OFX ...?>` instruction or an `<OFX>` tag near the start. */
export function isOfx(text: string): boolean {
  const start = text.slice(0, headerWindow).replace(/^\uFEFF/, "");
  return /^\s*OFXHEADER\s*:/i.test(start) || /<\?OFX[\s?]/i.test(start) || /<OFX\s*>/i.test(start);
}

/** Aggregates: tags that contain others and always have an end tag, even in SGML. */
const aggregates = new Set(
  [
    "OFX SIGNONMSGSRSV1 SONRS STATUS FI BANKMSGSRSV1 STMTTRNRS STMTRS BANKACCTFROM BANKTRANLIST STMTTRN PAYEE",
    "BANKACCTTO CCACCTTO CURRENCY ORIGCURRENCY IMAGEDATA LEDGERBAL AVAILBAL BALLIST BAL",
    "CREDITCARDMSGSRSV1 CCSTMTTRNRS CCSTMTRS CCACCTFROM",
  ]
    .join(" ")
    .split(" "),
);

/** Leaves a bank may leave empty: in SGML an empty leaf would otherwise look like an aggregate's start. */
const leaves = new Set(
  [
    "TRNTYPE DTPOSTED DTUSER DTAVAIL TRNAMT FITID CORRECTFITID CORRECTACTION SRVRTID CHECKNUM REFNUM SIC PAYEEID",
    "NAME EXTDNAME MEMO INV401KSOURCE CURRATE CURSYM CURDEF BANKID BRANCHID ACCTID ACCTTYPE ACCTKEY DTSTART DTEND",
    "BALAMT DTASOF CODE SEVERITY MESSAGE DTSERVER LANGUAGE ORG FID TRNUID CLTCOOKIE MKTGINFO DTPROFUP DTACCTUP",
    "ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE",
  ]
    .join(" ")
    .split(" "),
);

type Field = { value: string; line: number };
type OpenTransaction = { line: number; fields: Map<string, Field> };

/** The transaction's leaves kept; a payee's name is kept apart from the transaction's own NAME. */
const transactionFields = new Set(["DTPOSTED", "TRNAMT", "FITID", "MEMO", "NAME"]);

type Reading = {
  statement: OfxStatement;
  /** The aggregates open around the current tag, outermost first. */
  open: string[];
  /**
   * Where each name stands in `open`, innermost last: an end tag finds its aggregate without
   * scanning `open`, which a file of unmatched end tags would make quadratic.
   */
  depthsOf: Map<string, number[]>;
  transaction: OpenTransaction | null;
  transactionCount: number;
  statementCount: number;
};

/**
 * The statement in an OFX text (already decoded from bytes). Throws StatementProblem: "empty",
 * "unknownFormat", "unclosedTransaction", "truncated", "missingDate", "badDate", "dateOutOfRange",
 * "missingAmount", "badAmount", "tooManyLines". With several statements in one file, their lines are read in order
 * and the currency and account are the first statement's.
 */
export function parseOfx(text: string): OfxStatement {
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new StatementProblem(1, "empty");
  if (!isOfx(text)) throw new StatementProblem(1, "unknownFormat");
  const reading: Reading = {
    statement: { currency: null, account: null, lines: [] },
    open: [],
    depthsOf: new Map(),
    transaction: null,
    transactionCount: 0,
    statementCount: 0,
  };
  readOfxTags(text, (name, isEnd, line, tagText) => {
    const value = tagText.trim();
    if (isEnd) closeAggregate(reading, name);
    else if (isAggregateStart(name, value)) openAggregate(reading, name, line);
    else keepLeaf(reading, name, line, value);
  });
  if (reading.transaction) throw new StatementProblem(reading.transaction.line, "unclosedTransaction");
  // Every transaction read ended, but a list that never ends may have lost the ones after them.
  if (reading.open.includes("BANKTRANLIST")) throw new StatementProblem(lastLine(text), "truncated");
  return reading.statement;
}

/**
 * Whether a start tag opens an aggregate: a known one always does; a tag with text is a leaf, and
 * so is an empty one OFX knows as a leaf. An empty unknown tag is taken for an aggregate: if it was
 * a 2.x leaf (`<X></X>`), its end tag closes it at once.
 */
const isAggregateStart = (name: string, value: string) => aggregates.has(name) || (value === "" && !leaves.has(name));

function openAggregate(reading: Reading, name: string, line: number): void {
  if (name === "STMTTRN") {
    if (reading.transaction) throw new StatementProblem(reading.transaction.line, "unclosedTransaction");
    reading.transactionCount++;
    if (reading.transactionCount > maxStatementLines) {
      throw new StatementProblem(line, "tooManyLines", { max: maxStatementLines });
    }
    reading.transaction = { line, fields: new Map() };
  }
  if (name === "STMTRS" || name === "CCSTMTRS") {
    reading.statementCount++;
    reading.statement.account ??= { bankId: null, accountId: null, type: name === "STMTRS" ? "bank" : "card" };
  }
  const depths = reading.depthsOf.get(name);
  if (depths) depths.push(reading.open.length);
  else reading.depthsOf.set(name, [reading.open.length]);
  reading.open.push(name);
}

/** Closes an aggregate and whatever it left open; an end tag with none open closes a 2.x leaf. */
function closeAggregate(reading: Reading, name: string): void {
  const depth = reading.depthsOf.get(name)?.at(-1);
  if (depth === undefined) return;
  const closed = reading.open.splice(depth);
  // Each aggregate closed is the innermost open one of its name.
  for (const closedName of closed) reading.depthsOf.get(closedName)!.pop();
  if (!reading.transaction || !closed.includes("STMTTRN")) return;
  // The list or the statement ending around an open transaction: its own end tag is missing.
  if (closed[0] !== "STMTTRN") throw new StatementProblem(reading.transaction.line, "unclosedTransaction");
  reading.statement.lines.push(toStatementLine(reading.transaction));
  reading.transaction = null;
}

function keepLeaf(reading: Reading, name: string, line: number, value: string): void {
  const { statement, open, transaction, statementCount } = reading;
  const parent = open[open.length - 1];
  const grandparent = open[open.length - 2];
  if (transaction && parent === "STMTTRN" && transactionFields.has(name)) {
    transaction.fields.set(name, { value, line });
  } else if (transaction && parent === "PAYEE" && grandparent === "STMTTRN" && name === "NAME") {
    transaction.fields.set("PAYEE.NAME", { value, line });
  } else if (statementCount !== 1) {
    return;
  } else if ((parent === "STMTRS" || parent === "CCSTMTRS") && name === "CURDEF") {
    statement.currency ??= value.toUpperCase() || null;
  } else if (statement.account && isAccountFrom(parent, grandparent)) {
    if (name === "BANKID") statement.account.bankId ??= value || null;
    if (name === "ACCTID") statement.account.accountId ??= value || null;
  }
}

const isAccountFrom = (parent: string | undefined, grandparent: string | undefined) =>
  (parent === "BANKACCTFROM" && grandparent === "STMTRS") || (parent === "CCACCTFROM" && grandparent === "CCSTMTRS");

/** Where a transaction's description comes from, the first one with text winning. */
const descriptionSources = ["MEMO", "NAME", "PAYEE.NAME"];

function toStatementLine({ line, fields }: OpenTransaction): StatementLine {
  const posted = fields.get("DTPOSTED");
  if (!posted || posted.value === "") throw new StatementProblem(line, "missingDate");
  const date = readPostedDay(posted.value);
  if (!date) throw new StatementProblem(posted.line, "badDate", { value: posted.value });
  assertDayInRange(posted.line, date, posted.value);
  const amountField = fields.get("TRNAMT");
  if (!amountField || amountField.value === "") throw new StatementProblem(line, "missingAmount");
  const amount = readAmount(amountField.value);
  if (!amount) throw new StatementProblem(amountField.line, "badAmount", { value: amountField.value });
  let description = "";
  for (const source of descriptionSources) {
    description = tidyDescription(fields.get(source)?.value ?? "");
    if (description !== "") break;
  }
  return { line, date, description, amount, importedId: fields.get("FITID")?.value || null };
}

/** The number of the file's last line that has anything on it. */
function lastLine(text: string): number {
  const content = text.trimEnd();
  return 1 + countLineBreaks(content, 0, content.length);
}
