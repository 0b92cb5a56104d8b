import type { HistoryApp } from "../../db/history-apps.ts";
import type { CsvDateFormat, CsvDecimalMark, CsvDelimiter } from "../imports/csv-mapping.ts";
import { type CsvRecord, csvRecords } from "../imports/csv-records.ts";
import { datePartsOf, decimalMarkShownBy, readCsvAmount, readCsvDate } from "../imports/csv-values.ts";
import { assertDayInRange, maxStatementLines, StatementProblem } from "../imports/statement.ts";
import { type HistoryFile, type HistoryRow, nameKey } from "./history-rows.ts";

/**
 * Other apps' exports, recognised by their header line and read into HistoryRows
 * (docs/decisions/056-moving-in-from-another-app.md says what each app writes and where that is known from):
 *   - Actual Budget: `Account,Date,Payee,Notes,[Category_Group,]Category,Amount,Split_Amount,Cleared`;
 *   - Firefly III: `user_id,group_id,journal_id,…,type,currency_code,amount,…,source_name,…,destination_name,…`;
 *   - YNAB's register: `Account,Flag,Date,Payee,Category Group/Category,Category Group,Category,Memo,Outflow,Inflow,Cleared`;
 *   - Mobills: `Data;Descrição;Valor;Conta;Situação;Categoria;Subcategoria`;
 *   - Organizze: `Data;Descrição;Categoria;Valor;Situação;Conta` (a card's purchases name the card in `Conta`
 *     or in a `Cartão` column).
 * Columns are found by name in any order, case and accents aside. Dates and amounts are read exactly
 * or the file is refused naming the line; a file whose dates read both day-first and month-first asks
 * which (`dateFormat`), never guessed.
 */

export type HistoryChoices = {
  dateFormat?: CsvDateFormat;
  /** The amounts' decimal mark when the file says it beyond doubt (a workbook's numbers). */
  decimalMark?: CsvDecimalMark;
};

/** Header names as compared: lower case, no accents, "_" and "/" as spaces. */
const headerKey = (cell: string) => nameKey(cell.replace(/[_/]/g, " "));

type Columns = Map<string, number>;

const columnsOf = (header: readonly string[]): Columns =>
  new Map(header.map((cell, index) => [headerKey(cell), index]));

const hasAll = (columns: Columns, names: readonly string[]) => names.every((name) => columns.has(name));

/** Which app wrote the header, if any. */
function appOf(columns: Columns): HistoryApp | null {
  if (hasAll(columns, ["user id", "group id", "journal id", "type", "amount", "source name", "destination name"]))
    return "firefly";
  if (hasAll(columns, ["account", "date", "payee", "category", "amount", "split amount"])) return "actual";
  if (hasAll(columns, ["account", "date", "payee", "category group category", "memo", "outflow", "inflow"]))
    return "ynab";
  if (hasAll(columns, ["data", "descricao", "valor", "conta"]))
    return columns.has("subcategoria") ? "mobills" : "organizze";
  return null;
}

/** The delimiter of the header line: the one it holds most of, outside quotes. */
function delimiterOf(text: string): CsvDelimiter {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  const counts = ([",", ";", "\t"] as const).map((delimiter) => ({
    delimiter,
    count: firstLine.split(delimiter).length - 1,
  }));
  return counts.sort((a, b) => b.count - a.count)[0]!.delimiter;
}

/** Actual's newest export guards text that starts like a formula with a quote: "'-2+3" was "-2+3". */
const unguarded = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export function readHistoryFile(text: string, choices: HistoryChoices = {}): HistoryFile | null {
  if (text.trim() === "") throw new StatementProblem(1, "empty");
  return readHistoryRecords(csvRecords(text, delimiterOf(text)), choices);
}

/**
 * The same, from a workbook's rows (./xlsx-rows.ts): its numbers are written with a point whatever the
 * app's language, so the point is their decimal mark.
 */
export function readHistoryWorkbook(records: Iterable<CsvRecord>, choices: HistoryChoices = {}): HistoryFile | null {
  return readHistoryRecords(records[Symbol.iterator](), { ...choices, decimalMark: "." });
}

function readHistoryRecords(records: Iterator<CsvRecord>, choices: HistoryChoices): HistoryFile | null {
  const first = records.next();
  if (first.done) throw new StatementProblem(1, "empty");
  const columns = columnsOf(first.value.cells);
  const app = appOf(columns);
  if (!app) return null;
  const body: CsvRecord[] = [];
  for (let next = records.next(); !next.done; next = records.next()) {
    body.push(next.value);
    if (body.length > maxStatementLines)
      throw new StatementProblem(next.value.line, "tooManyLines", { max: maxStatementLines });
  }
  const cell = (record: CsvRecord, name: string) => unguarded((record.cells[columns.get(name) ?? -1] ?? "").trim());
  const reader = readers[app];
  return reader(body, cell, choices);
}

type Cell = (record: CsvRecord, name: string) => string;
type Reader = (records: readonly CsvRecord[], cell: Cell, choices: HistoryChoices) => HistoryFile;

/**
 * The date format the file's dates can only be read in: ISO when they are, else day-first or
 * month-first as a day above 12 shows; the person's choice when the file cannot tell.
 */
function dateFormatOf(
  records: readonly CsvRecord[],
  cell: Cell,
  column: string,
  chosen?: CsvDateFormat,
): CsvDateFormat {
  if (chosen) return chosen;
  let dayFirst = false;
  let monthFirst = false;
  for (const record of records) {
    const parts = datePartsOf(cell(record, column));
    if (!parts) continue;
    if (parts.isYearFirst) return "ymd";
    if (parts.parts[0] > 12) dayFirst = true;
    if (parts.parts[1] > 12) monthFirst = true;
  }
  if (dayFirst && !monthFirst) return "dmy";
  if (monthFirst && !dayFirst) return "mdy";
  throw new StatementProblem(records[0]?.line ?? 1, "ambiguousDates");
}

/** The decimal mark every amount of the file shows: refused when two show different ones. */
function decimalMarkOf(
  records: readonly CsvRecord[],
  cell: Cell,
  columns: readonly string[],
  usual: CsvDecimalMark,
  known?: CsvDecimalMark,
) {
  if (known) return known;
  let found: { mark: CsvDecimalMark; line: number } | null = null;
  for (const record of records) {
    for (const column of columns) {
      const mark = decimalMarkShownBy(cell(record, column));
      if (!mark) continue;
      if (found && found.mark !== mark)
        throw new StatementProblem(record.line, "mixedDecimalMarks", { value: cell(record, column) });
      found ??= { mark, line: record.line };
    }
  }
  return found?.mark ?? usual;
}

function dateOf(record: CsvRecord, written: string, format: CsvDateFormat): string {
  if (written === "") throw new StatementProblem(record.line, "missingDate");
  const date = readCsvDate(written, format);
  if (!date) throw new StatementProblem(record.line, "badDate", { value: written });
  assertDayInRange(record.line, date, written);
  return date;
}

function amountOf(record: CsvRecord, written: string, mark: CsvDecimalMark): string {
  if (written === "") throw new StatementProblem(record.line, "missingAmount");
  const amount = readCsvAmount(written, mark);
  if (amount === null) throw new StatementProblem(record.line, "badAmount", { value: written });
  return amount;
}

/** Decimal text minus decimal text, exact: Inflow − Outflow. */
function difference(inflow: string, outflow: string): string {
  const scale = Math.max(inflow.split(".")[1]?.length ?? 0, outflow.split(".")[1]?.length ?? 0);
  const units = (text: string) => {
    const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
    const value = BigInt(whole! + fraction.padEnd(scale, "0"));
    return text.startsWith("-") ? -value : value;
  };
  const result = units(inflow) - units(outflow);
  const digits = (result < 0n ? -result : result).toString().padStart(scale + 1, "0");
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return result < 0n ? `-${text}` : text;
}

const categoryPath = (...names: string[]) => names.map((name) => name.trim()).filter((name) => name !== "");

const readers: Record<HistoryApp, Reader> = {
  /**
   * Actual: one row per account and transaction, signed; a split's parent row (its total in
   * Split_Amount, notes "(SPLIT INTO n)") is left out for its parts, which follow it. A transfer's
   * payee is the other account's name.
   */
  actual(records, cell) {
    const accounts = new Set(records.map((record) => nameKey(cell(record, "account"))));
    const rows: HistoryRow[] = [];
    // The parts of a split follow its parent row: they share the parent's line as their group.
    let splitGroup: string | undefined;
    for (const record of records) {
      const notes = cell(record, "notes");
      const splitTotal = cell(record, "split amount");
      if (/^\(SPLIT INTO \d+\)/.test(notes) || (splitTotal !== "" && readCsvAmount(splitTotal, ".") !== "0")) {
        splitGroup = `split:${record.line}`;
        continue;
      }
      const isPart = /^\(SPLIT \d+ OF \d+\)/.test(notes);
      if (!isPart) splitGroup = undefined;
      const payee = cell(record, "payee");
      const isTransfer =
        payee !== "" && accounts.has(nameKey(payee)) && nameKey(payee) !== nameKey(cell(record, "account"));
      rows.push({
        line: record.line,
        date: dateOf(record, cell(record, "date"), "ymd"),
        account: cell(record, "account"),
        amount: amountOf(record, cell(record, "amount"), "."),
        currency: null,
        description: payee,
        category: categoryPath(cell(record, "category group"), cell(record, "category")),
        note: notes.replace(/^\(SPLIT \d+ OF \d+\)\s*/, "") || null,
        transferAccount: isTransfer ? payee : null,
        isOpeningBalance: nameKey(payee) === "starting balance",
        ...(isPart && splitGroup ? { splitGroup } : {}),
      });
    }
    return { app: "actual", rows, skipped: { unpaid: 0, notMoney: 0 } };
  },

  /**
   * Firefly III: one row per split; a transfer is one row naming both accounts. The person's own
   * accounts are its asset and liability accounts; expense and revenue accounts are who was paid.
   */
  firefly(records, cell) {
    const rows: HistoryRow[] = [];
    let notMoney = 0;
    const isOwn = (type: string) =>
      !["expense account", "revenue account", "initial balance account", "reconciliation account"].includes(
        nameKey(type),
      );
    for (const record of records) {
      const type = nameKey(cell(record, "type"));
      const source = cell(record, "source name");
      const destination = cell(record, "destination name");
      const sourceIsOwn = isOwn(cell(record, "source type"));
      const destinationIsOwn = isOwn(cell(record, "destination type"));
      const amount = amountOf(record, cell(record, "amount"), ".").replace(/^-/, "");
      const date = cell(record, "date").slice(0, 10);
      const groupTitle = cell(record, "group title");
      const base = {
        line: record.line,
        date: dateOf(record, date, "ymd"),
        currency: cell(record, "currency code") || null,
        description: cell(record, "description"),
        category: categoryPath(cell(record, "category")),
        note: cell(record, "notes") || null,
        // A split's rows share its group and carry its title.
        ...(groupTitle ? { splitGroup: `group:${cell(record, "group id")}`, splitTitle: groupTitle } : {}),
      };
      if (type === "transfer" || (sourceIsOwn && destinationIsOwn && type !== "opening balance")) {
        rows.push({ ...base, account: source, amount: `-${amount}`, transferAccount: destination });
      } else if (sourceIsOwn) {
        rows.push({
          ...base,
          account: source,
          amount: `-${amount}`,
          transferAccount: null,
          isOpeningBalance: type === "opening balance",
        });
      } else if (destinationIsOwn) {
        rows.push({
          ...base,
          account: destination,
          amount,
          transferAccount: null,
          isOpeningBalance: type === "opening balance",
        });
      } else notMoney += 1;
    }
    return { app: "firefly", rows, skipped: { unpaid: 0, notMoney } };
  },

  /**
   * YNAB's register: Outflow and Inflow, both positive, in the budget's currency format; a transfer's
   * payee is "Transfer : {account}"; a split's parts are rows of their own ("Split (1/2)" in the memo).
   */
  ynab(records, cell, choices) {
    const format = dateFormatOf(records, cell, "date", choices.dateFormat);
    const mark = decimalMarkOf(records, cell, ["outflow", "inflow"], ".", choices.decimalMark);
    let splitGroup: string | undefined;
    const rows = records.map((record): HistoryRow => {
      const payee = cell(record, "payee");
      // "Split (1/3)" opens a split; its parts follow, in the same account on the same day.
      const part = /^Split \((\d+)\/(\d+)\)/.exec(cell(record, "memo"));
      if (!part) splitGroup = undefined;
      else if (part[1] === "1") splitGroup = `split:${record.line}`;
      const transfer = /^Transfer : (.+)$/.exec(payee);
      const group = cell(record, "category group");
      const isInflow = /^inflow$/i.test(group);
      const outflow = amountOf(record, cell(record, "outflow") || "0", mark);
      const inflow = amountOf(record, cell(record, "inflow") || "0", mark);
      return {
        line: record.line,
        date: dateOf(record, cell(record, "date"), format),
        account: cell(record, "account"),
        amount: difference(inflow, outflow),
        currency: null,
        description: transfer ? "" : payee,
        category: isInflow ? [] : categoryPath(group, cell(record, "category")),
        note: cell(record, "memo").replace(/^Split \(\d+\/\d+\)\s*/, "") || null,
        transferAccount: transfer ? transfer[1]!.trim() : null,
        isOpeningBalance: nameKey(payee) === "starting balance",
        ...(part && splitGroup ? { splitGroup } : {}),
      };
    });
    return { app: "ynab", rows, skipped: { unpaid: 0, notMoney: 0 } };
  },

  mobills: (records, cell, choices) => readBrazilianApp("mobills", records, cell, choices),
  organizze: (records, cell, choices) => readBrazilianApp("organizze", records, cell, choices),
};

/** "A pagar", "A receber", "Não pago", "Pendente": planned, not yet money that moved. */
const unpaidStatuses = new Set(["a pagar", "a receber", "nao pago", "pendente", "agendado", "nao recebido"]);
/** The category both apps file a move between the person's own accounts under. */
const transferCategories = new Set(["transferencia", "transferencias"]);

/**
 * Organizze and Mobills: Brazilian spreadsheets, day-first dates, amounts signed (an expense
 * negative) in Brazil's format or with a point. What is not paid yet is left out and counted. A move
 * between the person's accounts is two rows under "Transferência", one leaving and one arriving: each
 * names the other's account once paired.
 */
function readBrazilianApp(
  app: "mobills" | "organizze",
  records: readonly CsvRecord[],
  cell: Cell,
  choices: HistoryChoices,
): HistoryFile {
  const format = dateFormatOf(records, cell, "data", choices.dateFormat);
  const mark = decimalMarkOf(records, cell, ["valor"], ",", choices.decimalMark);
  let unpaid = 0;
  const rows: HistoryRow[] = [];
  for (const record of records) {
    const status = nameKey(cell(record, "situacao") || cell(record, "status"));
    if (unpaidStatuses.has(status)) {
      unpaid += 1;
      continue;
    }
    const card = cell(record, "cartao") || cell(record, "cartao de credito");
    const note =
      cell(record, "observacoes") || cell(record, "observacao") || cell(record, "anotacoes") || cell(record, "notas");
    rows.push({
      line: record.line,
      date: dateOf(record, cell(record, "data"), format),
      account: card || cell(record, "conta"),
      isCard: card !== "" || undefined,
      amount: amountOf(record, cell(record, "valor"), mark),
      currency: null,
      description: cell(record, "descricao"),
      category: categoryPath(cell(record, "categoria"), cell(record, "subcategoria")),
      note: note || null,
      transferAccount: null,
    });
  }
  pairTransferRows(rows);
  pairCardPayments(rows);
  return { app, rows, skipped: { unpaid, notMoney: 0 } };
}

/** Two rows under the transfer category, opposite amounts in two accounts within three days, name each other. */
function pairTransferRows(rows: HistoryRow[]): void {
  const candidates = rows.filter((row) => transferCategories.has(nameKey(row.category[0] ?? "")));
  const taken = new Set<HistoryRow>();
  for (const leaving of candidates) {
    if (!leaving.amount.startsWith("-") || taken.has(leaving)) continue;
    const arriving = candidates.find(
      (row) =>
        !taken.has(row) &&
        row.amount === leaving.amount.slice(1) &&
        nameKey(row.account) !== nameKey(leaving.account) &&
        Math.abs(Date.parse(row.date) - Date.parse(leaving.date)) <= 3 * 86_400_000,
    );
    if (!arriving) continue;
    taken.add(leaving).add(arriving);
    leaving.transferAccount = arriving.account;
    leaving.isTransferToCard = arriving.isCard;
    arriving.transferAccount = leaving.account;
    arriving.isTransferToCard = leaving.isCard;
  }
  // Filed as a transfer by the app, the category is not one of the person's.
  for (const row of taken) row.category = [];
}

/** How both apps word a card bill's payment: "Pagamento de fatura", "Pgto fatura Nubank", "Fatura paga". */
const cardPaymentWords = /^(pagamento|pagto|pgto)\b.*\bfatura\b|^fatura\b.*\bpaga\b|^pagamento recebido\b/;

/**
 * A card bill paid from an account is a card payment, not an expense: the purchases on the card were the
 * spending, and counting the bill again would spend it twice and leave the card owing forever. A row of
 * an account worded as a bill's payment goes to the card its text names, or to the file's only card; the
 * card's own row of that payment (the same amount arriving within three days), when the file has one,
 * is its other side.
 */
function pairCardPayments(rows: HistoryRow[]): void {
  const cards = [
    ...new Map(rows.filter((row) => row.isCard).map((row) => [nameKey(row.account), row.account])).values(),
  ];
  if (cards.length === 0) return;
  const taken = new Set<HistoryRow>();
  for (const row of rows) {
    const words = nameKey(row.description);
    if (row.isCard || row.transferAccount || !row.amount.startsWith("-") || !cardPaymentWords.test(words)) continue;
    const named = cards.filter((card) => words.includes(nameKey(card)));
    const card = named.length === 1 ? named[0]! : cards.length === 1 ? cards[0]! : null;
    if (!card) continue;
    row.transferAccount = card;
    row.isTransferToCard = true;
    row.category = [];
    const arriving = rows.find(
      (other) =>
        !taken.has(other) &&
        other.isCard &&
        nameKey(other.account) === nameKey(card) &&
        !other.transferAccount &&
        other.amount === row.amount.slice(1) &&
        Math.abs(Date.parse(other.date) - Date.parse(row.date)) <= 3 * 86_400_000,
    );
    if (!arriving) continue;
    taken.add(arriving);
    arriving.transferAccount = row.account;
    arriving.category = [];
  }
}
