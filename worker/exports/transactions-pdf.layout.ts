import { formatAmountText, formatDate, numberFormat } from "../i18n/formats.ts";
import type { Language } from "../i18n/language.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import type { TransactionResponse } from "../transactions/transactions.mapper.ts";
import type { PdfPage } from "./pdf.ts";
import { wrapText } from "./pdf-fonts.ts";
import {
  cellPadding,
  contentWidth,
  detailFontSize,
  drawHeading,
  drawTable,
  fontSize,
  left,
  numberPages,
  PageCursor,
  rowHeight,
  type TableColumn,
  type TableRow,
} from "./pdf-layout.ts";
import { exportWords, signedAmount, tagNames } from "./transaction-rows.ts";

/**
 * The statement's A4 pages (laid out with pdf-layout.ts): the heading on the first page, a running
 * heading on the others, the lines with their header row on every page, the totals per currency
 * after the last row, and "Page 1 of N" at each page's foot.
 */

export type CurrencyTotals = { currency: string; income: bigint; expenses: bigint };

export type Statement = {
  language: Language;
  workspaceName: string;
  /** The filters' dates or, where a filter is missing, the first and last date listed; null with neither. */
  period: { from: string; to: string } | null;
  generatedOn: string;
  /** Filters other than the period narrow the list: the heading says so. */
  isFiltered: boolean;
  transactions: TransactionResponse[];
  totals: CurrencyTotals[];
  /** The cap when there were more transactions than it; null when all are listed. */
  cappedAt: number | null;
};

/** Widths in points; they add up to the page's width between the margins (515 pt). */
const columns: readonly TableColumn[] = [
  { width: 50 },
  { width: 150 },
  { width: 68 },
  { width: 95 },
  { width: 70 },
  { width: contentWidth - 433, align: "right" },
];

/** A note's lines run from the description's column to the amount's. */
const noteWidth = contentWidth - columns[0]!.width - columns.at(-1)!.width - 2 * cellPadding;

/**
 * A transaction's rows: its line, its note in smaller lines under it, and, when it is split, each part
 * indented under them ("Mercado · its note", the part's amount).
 */
function transactionRows(transaction: TransactionResponse, language: Language): TableRow[] {
  const words = exportWords[language];
  const money = (amount: string) =>
    formatAmountText(signedAmount(transaction.type, amount), transaction.currency, language);
  const detail = (text: string, amount = ""): TableRow => ({ cells: ["", text, "", "", "", amount], isDetail: true });
  return [
    {
      cells: [
        formatDate(transaction.date, language, { style: "short" }),
        transaction.description,
        words.kinds[transaction.type],
        [transaction.origin.name, transaction.destination.name].filter(Boolean).join(" › "),
        tagNames(transaction),
        money(transaction.amount),
      ],
    },
    ...(transaction.note ? wrapText(transaction.note, "regular", detailFontSize, noteWidth) : []).map((line) =>
      detail(line),
    ),
    ...(transaction.parts ?? []).map((part) =>
      detail(`    ${[tagNames(part), part.note].filter(Boolean).join(" · ")}`, money(part.amount)),
    ),
  ];
}

function drawStatementHeading(cursor: PageCursor, statement: Statement) {
  const { language, period } = statement;
  const words = exportWords[language].statement;
  const date = (value: string) => formatDate(value, language, { style: "short" });
  drawHeading(cursor, {
    title: words.title,
    workspaceName: statement.workspaceName,
    period: period
      ? words.period.replace("{{from}}", date(period.from)).replace("{{to}}", date(period.to))
      : words.anyPeriod,
    generated: words.generated.replace("{{date}}", date(statement.generatedOn)),
  });
  if (statement.isFiltered) cursor.paragraph(words.filtered, fontSize, 0.35);
  cursor.y -= 10;
}

/** The lines, newest first, with the header row again at the top of every page they run onto. */
function drawLines(cursor: PageCursor, { language, transactions }: Statement) {
  const words = exportWords[language];
  const { date, description, type, tags, amount } = words.columns;
  drawTable(cursor, {
    columns,
    header: [date, description, type, words.statement.fromTo, tags, amount],
    rows: transactions.flatMap((transaction) => transactionRows(transaction, language)),
    emptyText: words.statement.empty,
    isStriped: true,
  });
}

/** Totals per currency, kept together on one page, then what they leave out and the cap, if reached. */
function drawTotals(cursor: PageCursor, { language, totals, cappedAt }: Statement) {
  const words = exportWords[language].statement;
  cursor.y -= 12;
  cursor.ensureRoom(3 + totals.length);
  cursor.page.text(left, cursor.y, words.totals, { font: "bold", size: 11 });
  cursor.y -= rowHeight + 4;
  const money = (units: bigint, currency: string) =>
    formatAmountText(unitsToDecimal(units, currency), currency, language);
  drawTable(cursor, {
    columns: [{ width: contentWidth - 375 }, ...Array(3).fill({ width: 125, align: "right" })],
    header: [words.currency, words.income, words.expenses, words.net],
    rows: totals.map(({ currency, income, expenses }) => ({
      cells: [currency, money(income, currency), money(-expenses, currency), money(income - expenses, currency)],
    })),
  });
  cursor.y -= 6;
  cursor.paragraph(words.totalsNote, fontSize, 0.35);
  if (cappedAt !== null) {
    cursor.y -= 4;
    cursor.paragraph(words.capped.replace("{{rows}}", numberFormat(language, {}).format(cappedAt)), 9);
  }
}

export function statementPages(statement: Statement): PdfPage[] {
  const words = exportWords[statement.language].statement;
  const cursor = new PageCursor(`${words.title} · ${statement.workspaceName}`);
  drawStatementHeading(cursor, statement);
  drawLines(cursor, statement);
  drawTotals(cursor, statement);
  numberPages(cursor.pages, words.page);
  return cursor.pages;
}
