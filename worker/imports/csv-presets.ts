import english from "../../locales/en/exports.json";
import portuguese from "../../locales/pt-BR/exports.json";
import type { CsvMappingGuess, CsvDateFormat, CsvDecimalMark, CsvDelimiter, CsvPresetId } from "./csv-mapping.ts";
import { datePartsOf, decimalMarkShownBy, readCsvAmount, readCsvDate } from "./csv-values.ts";

/**
 * The CSV files we know by their header (Nubank's card, NuConta, our own export) and a guess for any
 * other: what each implies about the columns and formats. A guess leaves null what the file does not
 * show beyond doubt, for the person to choose in the import dialog.
 */

/** What a preset looks at: the delimiter, the header (null without one) and the first rows after it. */
export type CsvSample = { delimiter: CsvDelimiter; header: string[] | null; rows: string[][] };

export type CsvPreset = {
  id: CsvPresetId;
  /** Whether this is the preset's file (generic: whether the guess found a date and an amount). */
  fits: (sample: CsvSample) => boolean;
  /** The columns and formats this preset reads the file with. */
  guess: (sample: CsvSample) => CsvMappingGuess;
};

/** A header cell as compared: lower case, no accents, single spaces ("Descrição " → "descricao"). */
function headerWord(cell: string): string {
  return cell.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The header's words, without the empty cell a trailing delimiter leaves. */
function headerWords(header: readonly string[]): string[] {
  const words = header.map(headerWord);
  return words.length > 1 && words.at(-1) === "" ? words.slice(0, -1) : words;
}

const isHeader = (expected: readonly string[]) => (sample: CsvSample) =>
  sample.header !== null && headerWords(sample.header).join("\u0000") === expected.join("\u0000");

const noColumns = { amount: null, debit: null, credit: null, identifier: null };

/** Nubank's credit card CSV: `date,title,amount`, ISO dates, a purchase positive. */
const nubankCard: CsvPreset = {
  id: "nubank_card",
  fits: isHeader(["date", "title", "amount"]),
  guess: ({ delimiter }) => ({
    delimiter,
    hasHeader: true,
    columns: { ...noColumns, date: 0, description: 1, amount: 2 },
    dateFormat: "ymd",
    decimalMark: ".",
    positiveMeans: "money_out",
  }),
};

/** NuConta's account CSV: `Data,Valor,Identificador,Descrição`, dd/mm/yyyy, signed amounts with a point. */
const nuconta: CsvPreset = {
  id: "nuconta",
  fits: isHeader(["data", "valor", "identificador", "descricao"]),
  guess: ({ delimiter }) => ({
    delimiter,
    hasHeader: true,
    columns: { ...noColumns, date: 0, amount: 1, identifier: 2, description: 3 },
    dateFormat: "dmy",
    decimalMark: ".",
    positiveMeans: "money_in",
  }),
};

/** Columns our export gained later (payees, notes, split parts): a file exported before them is still ours. */
const laterColumns: readonly string[] = ["payee", "note", "part"];

/** Our transactions export's column titles (worker/exports/transaction-rows.ts), in each language. */
const monetaTitles = [english.columns, portuguese.columns].map((columns) => ({
  all: Object.entries(columns)
    .filter(([key]) => !laterColumns.includes(key))
    .map(([, title]) => headerWord(title)),
  date: headerWord(columns.date),
  description: headerWord(columns.description),
  amount: headerWord(columns.amount),
  id: headerWord(columns.id),
  note: headerWord(columns.note),
  part: headerWord(columns.part),
  type: headerWord(columns.type),
  from: headerWord(columns.from),
  to: headerWord(columns.to),
  arrivingCurrency: headerWord(columns.arrivingCurrency),
}));

/** Our export's Type cell, in either language, as the kind of transaction it names. */
const monetaKinds = new Map(
  [english.kinds, portuguese.kinds].flatMap((kinds) =>
    Object.entries(kinds).map(([kind, word]) => [headerWord(word), kind as MonetaKind]),
  ),
);
export type MonetaKind = keyof typeof english.kinds;

/** The kind our export's Type cell names ("Transfer", "Transferência"…), or null for any other text. */
export const monetaKindOf = (cell: string): MonetaKind | null => monetaKinds.get(headerWord(cell)) ?? null;

function monetaTitlesOf(header: readonly string[] | null) {
  if (!header) return null;
  const words = headerWords(header);
  return monetaTitles.find((titles) => titles.all.every((title) => words.includes(title))) ?? null;
}

/**
 * Where our own export's header puts the note, the split-part marker (null where a file exported
 * before them has none), the transaction's id, its type, its From and To and the arriving currency,
 * whatever mapping the person chose; null for any other file.
 */
export function monetaExtraColumns(header: readonly string[]): {
  note: number | null;
  part: number | null;
  id: number;
  type: number;
  from: number;
  to: number;
  arrivingCurrency: number;
} | null {
  const titles = monetaTitlesOf(header);
  if (!titles) return null;
  const words = headerWords(header);
  const columnOf = (title: string) => (words.includes(title) ? words.indexOf(title) : null);
  return {
    note: columnOf(titles.note),
    part: columnOf(titles.part),
    id: words.indexOf(titles.id),
    type: words.indexOf(titles.type),
    from: words.indexOf(titles.from),
    to: words.indexOf(titles.to),
    arrivingCurrency: words.indexOf(titles.arrivingCurrency),
  };
}

/**
 * Moneta's own CSV export: ISO dates, an expense negative, the transaction's id; a ";" file has
 * comma decimals and a "," file point decimals (worker/exports/csv.ts writes them so).
 */
const moneta: CsvPreset = {
  id: "moneta",
  fits: ({ header }) => monetaTitlesOf(header) !== null,
  guess: ({ delimiter, header }) => {
    const titles = monetaTitlesOf(header) ?? monetaTitles[0]!;
    const words = headerWords(header ?? []);
    const columnOf = (title: string, exportOrder: number) =>
      words.includes(title) ? words.indexOf(title) : exportOrder;
    return {
      delimiter,
      hasHeader: true,
      columns: {
        ...noColumns,
        date: columnOf(titles.date, 0),
        description: columnOf(titles.description, 2),
        amount: columnOf(titles.amount, 3),
        identifier: columnOf(titles.id, 13),
      },
      dateFormat: "ymd",
      decimalMark: delimiter === ";" ? "," : ".",
      positiveMeans: "money_in",
    };
  },
};

/** Header words that name each column, in English and Portuguese, compared without accents. */
const columnWords = {
  date: [
    "data",
    "date",
    "data lancamento",
    "data do lancamento",
    "data da transacao",
    "transaction date",
    "posted date",
    "posting date",
  ],
  description: [
    "descricao",
    "description",
    "historico",
    "title",
    "titulo",
    "memo",
    "detalhes",
    "details",
    "payee",
    "lancamento",
  ],
  amount: ["valor", "amount", "value", "quantia"],
  debit: ["debito", "debit", "debitos", "debits", "saida", "saidas", "withdrawal", "withdrawals"],
  credit: ["credito", "credit", "creditos", "credits", "entrada", "entradas", "deposit", "deposits"],
  identifier: ["id", "identificador", "identifier", "transaction id", "id da transacao"],
} as const;

type GuessedColumn = keyof typeof columnWords;

/** The first header cell that is one of the column's words, else the first that contains one as a word. */
function columnNamed(words: readonly string[], column: GuessedColumn, taken: Set<number>): number | null {
  const names: readonly string[] = columnWords[column];
  const free = words.map((word, index) => ({ word, index })).filter(({ index }) => !taken.has(index));
  const exact = free.find(({ word }) => names.includes(word));
  const containing = free.find(({ word }) => word.split(/[^a-z0-9]+/).some((part) => names.includes(part)));
  const found = exact ?? containing;
  if (found) taken.add(found.index);
  return found?.index ?? null;
}

const filledCells = (rows: readonly string[][], column: number) =>
  rows.map((row) => row[column]?.trim() ?? "").filter((cell) => cell !== "");

/** The first free column whose filled cells all pass `test` (at least one filled). */
function columnShaped(rows: readonly string[][], taken: Set<number>, test: (cell: string) => boolean): number | null {
  const width = Math.max(0, ...rows.map((row) => row.length));
  for (let column = 0; column < width; column++) {
    if (taken.has(column)) continue;
    const cells = filledCells(rows, column);
    if (cells.length > 0 && cells.every(test)) {
      taken.add(column);
      return column;
    }
  }
  return null;
}

const looksLikeAmount = (cell: string) => readCsvAmount(cell, ",") !== null || readCsvAmount(cell, ".") !== null;
const hasLetters = (cell: string) => /\p{L}/u.test(cell);

/**
 * The date format every sampled date is a real day in, when they show it beyond doubt: year first is
 * ISO; otherwise a day above 12 in the first place says dmy, in the second mdy, and 03/04/2026 alone
 * says nothing.
 */
function dateFormatShownBy(cells: readonly string[]): CsvDateFormat | null {
  const dates = cells.map(datePartsOf);
  if (dates.length === 0 || dates.some((date) => date === null)) return null;
  const known = dates as Array<NonNullable<(typeof dates)[number]>>;
  const isDayFirst = known.some((date) => date.parts[0] > 12);
  const isMonthFirst = known.some((date) => date.parts[1] > 12);
  const format: CsvDateFormat | null = known.every((date) => date.isYearFirst)
    ? "ymd"
    : known.some((date) => date.isYearFirst) || isDayFirst === isMonthFirst
      ? null
      : isDayFirst
        ? "dmy"
        : "mdy";
  return format && cells.every((cell) => readCsvDate(cell, format) !== null) ? format : null;
}

/** The decimal mark every sampled amount agrees on, or null when none shows one or they disagree. */
function decimalMarkOf(cells: readonly string[]): CsvDecimalMark | null {
  const shown = new Set(cells.map(decimalMarkShownBy).filter((mark) => mark !== null));
  return shown.size === 1 ? [...shown][0]! : null;
}

/** Any other file: columns from the header's words (or, without a header, the cells' shapes), formats from the sample. */
function genericGuess({ delimiter, header, rows }: CsvSample): CsvMappingGuess {
  const taken = new Set<number>();
  const words = header ? headerWords(header) : [];
  const named = (column: GuessedColumn) => (header ? columnNamed(words, column, taken) : null);
  const date = named("date");
  let debit = named("debit");
  let credit = named("credit");
  if (debit === null || credit === null) {
    // One of the two alone ("Débito automático") is not a split amount: leave it for the amount's words.
    for (const column of [debit, credit]) if (column !== null) taken.delete(column);
    debit = null;
    credit = null;
  }
  const amount = debit === null ? named("amount") : null;
  const columns = { date, debit, credit, amount, identifier: named("identifier"), description: named("description") };
  if (!header) {
    // Without words to go by, the cells' shapes: a header's unnamed column stays for the person to choose.
    columns.date = columnShaped(rows, taken, (cell) => datePartsOf(cell) !== null);
    columns.amount = columnShaped(rows, taken, looksLikeAmount);
    columns.description = columnShaped(rows, taken, hasLetters);
  }
  const amountColumns = [columns.amount, columns.debit, columns.credit].filter((column) => column !== null);
  return {
    delimiter,
    hasHeader: header !== null,
    columns,
    dateFormat: columns.date === null ? null : dateFormatShownBy(filledCells(rows, columns.date)),
    decimalMark: decimalMarkOf(amountColumns.flatMap((column) => filledCells(rows, column))),
    positiveMeans: "money_in",
  };
}

const generic: CsvPreset = {
  id: "generic",
  fits: (sample) => {
    const { columns } = genericGuess(sample);
    return columns.date !== null && (columns.amount !== null || columns.debit !== null);
  },
  guess: genericGuess,
};

/** The presets by id; a file is matched against them in this order, generic last. */
export const csvPresets: Record<CsvPresetId, CsvPreset> = {
  nubank_card: nubankCard,
  nuconta,
  moneta,
  generic,
};
