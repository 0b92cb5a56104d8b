import { formatAmountText, formatDate, numberFormat } from "../i18n/formats.ts";
import type { Language } from "../i18n/language.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import type { TransactionResponse } from "../transactions/transactions.mapper.ts";
import { a4, PdfPage } from "./pdf.ts";
import { wrapText } from "./pdf-fonts.ts";
import { exportWords, signedAmount, tagNames } from "./transaction-rows.ts";

/**
 * Where everything sits on the statement's A4 pages: the heading on the first page, a running
 * heading on the others, the table with its header row on every page, the totals per currency after
 * the last row, and "Page 1 of N" at each page's foot (the pages are laid out before the file is
 * written, so N is known).
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

const margin = 40;
const left = margin;
const right = a4.width - margin;
const top = a4.height - margin;
/** The lowest baseline a row may use; the page number sits below it. */
const bottom = margin + 14;
const rowHeight = 13;
const fontSize = 8;
const cellPadding = 4;

type Column = "date" | "description" | "type" | "fromTo" | "tags" | "amount";
/** Widths in points; they add up to the page's width between the margins (515 pt). */
const columns: ReadonlyArray<{ key: Column; width: number }> = [
  { key: "date", width: 50 },
  { key: "description", width: 150 },
  { key: "type", width: 68 },
  { key: "fromTo", width: 95 },
  { key: "tags", width: 70 },
  { key: "amount", width: right - left - 433 },
];

function cellTexts(transaction: TransactionResponse, language: Language): Record<Column, string> {
  const words = exportWords[language];
  return {
    date: formatDate(transaction.date, language, { style: "short" }),
    description: transaction.description,
    type: words.kinds[transaction.type],
    fromTo: [transaction.origin.name, transaction.destination.name].filter(Boolean).join(" › "),
    tags: tagNames(transaction),
    amount: formatAmountText(signedAmount(transaction), transaction.currency, language),
  };
}

/** One table line at baseline y: every cell cut to its column, the amount right-aligned. */
function drawRow(page: PdfPage, y: number, cells: Record<Column, string>, font: "regular" | "bold") {
  let x = left;
  for (const { key, width } of columns) {
    const maxWidth = width - 2 * cellPadding;
    if (key === "amount")
      page.text(x + width - cellPadding, y, cells[key], { font, size: fontSize, align: "right", maxWidth });
    else if (cells[key]) page.text(x + cellPadding, y, cells[key], { font, size: fontSize, maxWidth });
    x += width;
  }
}

/** The pages written so far and where the next line goes on the last one. */
class PageCursor {
  readonly pages: PdfPage[] = [new PdfPage()];
  y = top;
  private readonly runningHeading: string;

  constructor(runningHeading: string) {
    this.runningHeading = runningHeading;
  }

  get page(): PdfPage {
    return this.pages.at(-1)!;
  }

  /** A page after the first starts with the title and the workspace, small. */
  newPage() {
    this.pages.push(new PdfPage());
    this.y = top - 8;
    this.page.text(left, this.y, this.runningHeading, { size: fontSize, gray: 0.4, maxWidth: right - left });
    this.y -= 18;
  }

  /** A new page when fewer than `lines` rows still fit on this one. */
  ensureRoom(lines: number) {
    if (this.y - (lines - 1) * rowHeight < bottom) this.newPage();
  }

  paragraph(text: string, size: number, gray?: number) {
    for (const line of wrapText(text, "regular", size, right - left)) {
      this.ensureRoom(1);
      this.page.text(left, this.y, line, { size, gray, maxWidth: right - left });
      this.y -= size + 3;
    }
  }
}

function drawHeading(cursor: PageCursor, statement: Statement) {
  const { language, period } = statement;
  const words = exportWords[language].statement;
  const date = (value: string) => formatDate(value, language, { style: "short" });
  const { page } = cursor;
  cursor.y -= 16;
  page.text(left, cursor.y, words.title, { font: "bold", size: 16 });
  cursor.y -= 18;
  page.text(left, cursor.y, statement.workspaceName, { font: "bold", size: 11, maxWidth: right - left });
  cursor.y -= 15;
  const periodText = period
    ? words.period.replace("{{from}}", date(period.from)).replace("{{to}}", date(period.to))
    : words.anyPeriod;
  page.text(left, cursor.y, periodText, { size: 9 });
  cursor.y -= 12;
  page.text(left, cursor.y, words.generated.replace("{{date}}", date(statement.generatedOn)), { size: 9, gray: 0.35 });
  cursor.y -= 12;
  if (statement.isFiltered) cursor.paragraph(words.filtered, fontSize, 0.35);
  cursor.y -= 10;
}

/** The lines, newest first, with the header row again at the top of every page they run onto. */
function drawTable(cursor: PageCursor, { language, transactions }: Statement) {
  const words = exportWords[language];
  const headerCells = { ...words.columns, fromTo: words.statement.fromTo } satisfies Record<Column, string>;
  const drawHeaderRow = () => {
    cursor.page.box(left, cursor.y - 4, right - left, rowHeight, 0.9);
    drawRow(cursor.page, cursor.y, headerCells, "bold");
    cursor.y -= rowHeight;
  };
  drawHeaderRow();
  for (const [index, transaction] of transactions.entries()) {
    if (cursor.y < bottom) {
      cursor.newPage();
      drawHeaderRow();
    }
    if (index % 2 === 1) cursor.page.box(left, cursor.y - 4, right - left, rowHeight, 0.96);
    drawRow(cursor.page, cursor.y, cellTexts(transaction, language), "regular");
    cursor.y -= rowHeight;
  }
  if (transactions.length === 0) {
    cursor.page.text(left + cellPadding, cursor.y, words.statement.empty, { size: fontSize, gray: 0.35 });
    cursor.y -= rowHeight;
  }
  const ruleY = cursor.y + rowHeight - 4;
  cursor.page.rule(left, ruleY, right, ruleY, { width: 0.5, gray: 0.6 });
}

/** Totals per currency, kept together on one page, then what they leave out and the cap, if reached. */
function drawTotals(cursor: PageCursor, { language, totals, cappedAt }: Statement) {
  const words = exportWords[language].statement;
  cursor.y -= 12;
  cursor.ensureRoom(3 + totals.length);
  cursor.page.text(left, cursor.y, words.totals, { font: "bold", size: 11 });
  cursor.y -= rowHeight + 4;
  const amountEnds = [right - 250, right - 125, right] as const;
  const totalsRow = (cells: [string, string, string, string], font: "regular" | "bold") => {
    cursor.page.text(left + cellPadding, cursor.y, cells[0], { font, size: fontSize });
    for (const [index, x] of amountEnds.entries())
      cursor.page.text(x - cellPadding, cursor.y, cells[index + 1]!, {
        font,
        size: fontSize,
        align: "right",
        maxWidth: 120,
      });
    cursor.y -= rowHeight;
  };
  cursor.page.box(left, cursor.y - 4, right - left, rowHeight, 0.9);
  totalsRow([words.currency, words.income, words.expenses, words.net], "bold");
  for (const { currency, income, expenses } of totals) {
    const money = (units: bigint) => formatAmountText(unitsToDecimal(units, currency), currency, language);
    totalsRow([currency, money(income), money(-expenses), money(income - expenses)], "regular");
  }
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
  drawHeading(cursor, statement);
  drawTable(cursor, statement);
  drawTotals(cursor, statement);
  const { pages } = cursor;
  for (const [index, page] of pages.entries()) {
    const number = words.page.replace("{{page}}", String(index + 1)).replace("{{pages}}", String(pages.length));
    page.text(right, margin - 16, number, { size: fontSize, gray: 0.4, align: "right" });
  }
  return pages;
}
