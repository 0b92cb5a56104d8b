/**
 * OFX and QFX statements (bank accounts, credit cards and the cash of investment accounts, OFX 1.x
 * SGML and 2.x XML) as statement lines, each statement of a file apart. Pure: text in, statements
 * out, or a StatementProblem naming the line; nothing here knows the account or the database.
 */
import { countLineBreaks, readOfxTags } from "./ofx-tokens.ts";
import { readAmount, readPostedDay, tidyDescription } from "./ofx-values.ts";
import { assertDayInRange, maxStatementLines, type StatementLine, StatementProblem } from "./statement.ts";

export type OfxStatementKind = "bank" | "card" | "investment";
/** The statement's own account: `bankId` is a bank's BANKID, or a broker's BROKERID. */
export type OfxAccount = { bankId: string | null; accountId: string | null };
/**
 * One statement of the file: a bank account's (STMTRS), a card's (CCSTMTRS) or an investment
 * account's (INVSTMTRS), with what was read of it and what was left out:
 *   - `trades`: an investment statement's buys, sells, income and other security moves. Moneta keeps
 *     money, not holdings, so only the account's cash lines (INVBANKTRAN) become lines;
 *   - `balanceRows`: a bank's balance written as a transaction ("SALDO ANTERIOR", as Itaú does),
 *     which is not money moving and would count a balance as income.
 */
export type OfxStatement = {
  kind: OfxStatementKind;
  currency: string | null;
  account: OfxAccount;
  lines: StatementLine[];
  skipped: { trades: number; balanceRows: number };
};

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
    "INVSTMTMSGSRSV1 INVSTMTTRNRS INVSTMTRS INVACCTFROM INVTRANLIST INVBANKTRAN INVTRAN INVBAL INVPOSLIST",
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
    "ADDR1 ADDR2 ADDR3 CITY STATE POSTALCODE COUNTRY PHONE BROKERID SUBACCTFUND DTTRADE DTSETTLE",
  ]
    .join(" ")
    .split(" "),
);

type Field = { value: string; line: number };
type OpenTransaction = { line: number; fields: Map<string, Field> };

/** The transaction's leaves kept; a payee's name is kept apart from the transaction's own NAME. */
const transactionFields = new Set(["DTPOSTED", "TRNAMT", "FITID", "MEMO", "NAME"]);

/** The aggregates that open a statement, and the kind each is. */
const statementKinds: Record<string, OfxStatementKind> = { STMTRS: "bank", CCSTMTRS: "card", INVSTMTRS: "investment" };

type Reading = {
  statements: OfxStatement[];
  /** The aggregates open around the current tag, outermost first. */
  open: string[];
  /**
   * Where each name stands in `open`, innermost last: an end tag finds its aggregate without
   * scanning `open`, which a file of unmatched end tags would make quadratic.
   */
  depthsOf: Map<string, number[]>;
  transaction: OpenTransaction | null;
  transactionCount: number;
};

/**
 * The statements in an OFX text (already decoded from bytes), in file order; a file of one statement
 * (the usual) gives one. Throws StatementProblem: "empty", "unknownFormat", "unclosedTransaction",
 * "truncated", "missingDate", "badDate", "dateOutOfRange", "missingAmount", "badAmount",
 * "tooManyLines" (counted over the whole file).
 */
export function parseOfx(text: string): OfxStatement[] {
  if (text.replace(/^\uFEFF/, "").trim() === "") throw new StatementProblem(1, "empty");
  if (!isOfx(text)) throw new StatementProblem(1, "unknownFormat");
  const reading: Reading = {
    statements: [],
    open: [],
    depthsOf: new Map(),
    transaction: null,
    transactionCount: 0,
  };
  readOfxTags(text, (name, isEnd, line, tagText) => {
    const value = tagText.trim();
    if (isEnd) closeAggregate(reading, name);
    else if (isAggregateStart(name, value)) openAggregate(reading, name, line);
    else keepLeaf(reading, name, line, value);
  });
  if (reading.transaction) throw new StatementProblem(reading.transaction.line, "unclosedTransaction");
  // Every transaction read ended, but a list that never ends may have lost the ones after them.
  if (reading.open.includes("BANKTRANLIST") || reading.open.includes("INVTRANLIST"))
    throw new StatementProblem(lastLine(text), "truncated");
  return reading.statements;
}

const newStatement = (kind: OfxStatementKind): OfxStatement => ({
  kind,
  currency: null,
  account: { bankId: null, accountId: null },
  lines: [],
  skipped: { trades: 0, balanceRows: 0 },
});

/** The statement being read; a transaction outside any (a malformed file) starts a bank statement. */
function currentStatement(reading: Reading): OfxStatement {
  const current = reading.statements.at(-1);
  if (current) return current;
  const started = newStatement("bank");
  reading.statements.push(started);
  return started;
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
  const kind = statementKinds[name];
  if (kind) reading.statements.push(newStatement(kind));
  // A trade of an investment statement: left out, and counted so the preview says so.
  if (name === "INVTRAN" && reading.open.includes("INVTRANLIST")) currentStatement(reading).skipped.trades++;
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
  const statement = currentStatement(reading);
  const line = toStatementLine(reading.transaction);
  if (isBalanceWrittenAsTransaction(line.description)) statement.skipped.balanceRows++;
  else statement.lines.push(line);
  reading.transaction = null;
}

function keepLeaf(reading: Reading, name: string, line: number, value: string): void {
  const { statements, open, transaction } = reading;
  const statement = statements.at(-1);
  const parent = open[open.length - 1];
  const grandparent = open[open.length - 2];
  if (transaction && parent === "STMTTRN" && transactionFields.has(name)) {
    transaction.fields.set(name, { value, line });
  } else if (transaction && parent === "PAYEE" && grandparent === "STMTTRN" && name === "NAME") {
    transaction.fields.set("PAYEE.NAME", { value, line });
  } else if (!statement) {
    return;
  } else if (parent && statementKinds[parent] && name === "CURDEF") {
    statement.currency ??= value.toUpperCase() || null;
  } else if (isAccountFrom(parent, grandparent)) {
    if (name === "BANKID" || name === "BROKERID") statement.account.bankId ??= value || null;
    if (name === "ACCTID") statement.account.accountId ??= value || null;
  }
}

/** The statement's own account, not a transfer's account inside one of its transactions. */
const isAccountFrom = (parent: string | undefined, grandparent: string | undefined) =>
  (parent === "BANKACCTFROM" && grandparent === "STMTRS") ||
  (parent === "CCACCTFROM" && grandparent === "CCSTMTRS") ||
  (parent === "INVACCTFROM" && grandparent === "INVSTMTRS");

/**
 * A balance a bank wrote as a transaction: its description starts with "SALDO ANTERIOR", "SALDO DO
 * DIA", "SALDO FINAL" and the like, or the spaced-out "S A L D O" some banks print. A transaction that
 * merely mentions a balance ("RESGATE SALDO POUPANCA") is kept.
 */
export function isBalanceWrittenAsTransaction(description: string): boolean {
  const plain = description.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
  return /^(saldo (anterior|do dia|final|inicial|total|disponivel|em conta|bloqueado)|s a l d o)\b/.test(plain);
}

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
