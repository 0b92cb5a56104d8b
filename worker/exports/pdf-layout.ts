import { a4, PdfPage } from "./pdf.ts";
import { wrapText } from "./pdf-fonts.ts";

/**
 * The pieces every A4 document of ours is laid out with (the transactions statement, the analytics
 * report): the margins, the pages written so far and where the next line goes, the heading of the
 * first page, tables whose header row repeats on every page they run onto, and "Page 1 of N" at each
 * page's foot (the pages are laid out before the file is written, so N is known).
 */

const margin = 40;
export const left = margin;
export const right = a4.width - margin;
/** The width between the margins (515 pt): a table's columns add up to it. */
export const contentWidth = right - left;
const top = a4.height - margin;
/** The lowest baseline a row may use; the page number sits below it. */
const bottom = margin + 14;
export const rowHeight = 13;
export const fontSize = 8;
export const cellPadding = 4;
/** A detail row's text (a split transaction's part, a note) and its height: smaller than a row's. */
export const detailFontSize = 7;
const detailRowHeight = 10;

/** The pages written so far and where the next line goes on the last one. */
export class PageCursor {
  readonly pages: PdfPage[] = [new PdfPage()];
  y = top;
  private readonly runningHeading: string;

  /** `runningHeading` starts every page after the first (the title and the workspace, small). */
  constructor(runningHeading: string) {
    this.runningHeading = runningHeading;
  }

  get page(): PdfPage {
    return this.pages.at(-1)!;
  }

  newPage() {
    this.pages.push(new PdfPage());
    this.y = top - 8;
    this.page.text(left, this.y, this.runningHeading, { size: fontSize, gray: 0.4, maxWidth: contentWidth });
    this.y -= 18;
  }

  /** A new page when fewer than `lines` rows still fit on this one. */
  ensureRoom(lines: number) {
    if (this.y - (lines - 1) * rowHeight < bottom) this.newPage();
  }

  get isFull(): boolean {
    return this.y < bottom;
  }

  paragraph(text: string, size: number, gray?: number) {
    for (const line of wrapText(text, "regular", size, contentWidth)) {
      this.ensureRoom(1);
      this.page.text(left, this.y, line, { size, gray, maxWidth: contentWidth });
      this.y -= size + 3;
    }
  }
}

/** The first page's heading: the title, the workspace, the period and the day it was generated. */
export function drawHeading(
  cursor: PageCursor,
  heading: { title: string; workspaceName: string; period: string; generated: string },
) {
  const { page } = cursor;
  cursor.y -= 16;
  page.text(left, cursor.y, heading.title, { font: "bold", size: 16 });
  cursor.y -= 18;
  page.text(left, cursor.y, heading.workspaceName, { font: "bold", size: 11, maxWidth: contentWidth });
  cursor.y -= 15;
  page.text(left, cursor.y, heading.period, { size: 9 });
  cursor.y -= 12;
  page.text(left, cursor.y, heading.generated, { size: 9, gray: 0.35 });
  cursor.y -= 12;
}

export type TableColumn = { width: number; align?: "left" | "right" };
/** Text, or a bar filled to `bar` (0–1) of its cell: a share drawn beside its figure. */
export type TableCell = string | { bar: number };
/**
 * `isDetail`: a line under the row before it (a split transaction's part, a note), smaller and gray, in
 * that row's stripe; its text runs over the empty cells after it.
 */
export type TableRow = { cells: readonly TableCell[]; isBold?: boolean; isDetail?: boolean };
export type Table = {
  columns: readonly TableColumn[];
  header: readonly string[];
  rows: readonly TableRow[];
  /** Said in place of the rows when there are none. */
  emptyText?: string;
  /** Every other row shaded, for long tables. */
  isStriped?: boolean;
};

/** One table line at baseline y: every cell cut to its column (a detail's text to the empty cells after it). */
function drawRow(
  page: PdfPage,
  y: number,
  columns: readonly TableColumn[],
  { cells, isBold = false, isDetail = false }: TableRow,
) {
  let x = left;
  const font = isBold ? "bold" : "regular";
  const size = isDetail ? detailFontSize : fontSize;
  const gray = isDetail ? 0.35 : undefined;
  for (const [index, { width, align = "left" }] of columns.entries()) {
    const cell = cells[index];
    let maxWidth = width - 2 * cellPadding;
    if (isDetail && align === "left")
      for (let next = index + 1; next < columns.length && !cells[next] && columns[next]!.align !== "right"; next++)
        maxWidth += columns[next]!.width;
    if (typeof cell === "object")
      page.box(x + cellPadding, y - 1, maxWidth * Math.max(0, Math.min(1, cell.bar)), 6, 0.55);
    else if (cell && align === "right")
      page.text(x + width - cellPadding, y, cell, { font, size, align: "right", maxWidth, gray });
    else if (cell) page.text(x + cellPadding, y, cell, { font, size, maxWidth, gray });
    x += width;
  }
}

/** A table with its header row shaded, again at the top of every page it runs onto, and a rule under it. */
export function drawTable(cursor: PageCursor, table: Table) {
  const drawHeaderRow = () => {
    cursor.page.box(left, cursor.y - 4, contentWidth, rowHeight, 0.9);
    drawRow(cursor.page, cursor.y, table.columns, { cells: table.header, isBold: true });
    cursor.y -= rowHeight;
  };
  // A header row is never left alone at the foot of a page.
  cursor.ensureRoom(2);
  drawHeaderRow();
  let stripe = -1;
  let rowBottom = cursor.y + rowHeight - 4;
  for (const row of table.rows) {
    if (cursor.isFull) {
      cursor.newPage();
      drawHeaderRow();
    }
    // A detail row shares the stripe of the row it belongs to.
    if (!row.isDetail) stripe += 1;
    const height = row.isDetail ? detailRowHeight : rowHeight;
    const below = row.isDetail ? 3 : 4;
    if (table.isStriped && stripe % 2 === 1) cursor.page.box(left, cursor.y - below, contentWidth, height, 0.96);
    drawRow(cursor.page, cursor.y, table.columns, row);
    rowBottom = cursor.y - below;
    cursor.y -= height;
  }
  if (table.rows.length === 0 && table.emptyText) {
    cursor.page.text(left + cellPadding, cursor.y, table.emptyText, { size: fontSize, gray: 0.35 });
    rowBottom = cursor.y - 4;
    cursor.y -= rowHeight;
  }
  cursor.page.rule(left, rowBottom, right, rowBottom, { width: 0.5, gray: 0.6 });
}

/** "Page 1 of N" at the foot of every page, from a sentence with {{page}} and {{pages}}. */
export function numberPages(pages: readonly PdfPage[], sentence: string) {
  for (const [index, page] of pages.entries()) {
    const number = sentence.replace("{{page}}", String(index + 1)).replace("{{pages}}", String(pages.length));
    page.text(right, margin - 16, number, { size: fontSize, gray: 0.4, align: "right" });
  }
}
