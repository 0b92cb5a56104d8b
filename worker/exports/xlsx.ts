/**
 * An Excel workbook of one sheet (Office Open XML SpreadsheetML, ECMA-376), written by hand: the
 * six small parts a spreadsheet needs, with the sheet's rows produced as a stream and zipped as
 * they come (zip.ts). Cells are typed: a date is a date serial with a date format, an amount a
 * number with 2 decimals (none for a currency without minor units), everything else an inline
 * string. No cell is ever a formula: there is no <f> element to write, so text such as "=1+1"
 * stays text.
 */
import { minorUnitOf } from "../ledger/amounts.ts";
import { isWithinDateRange } from "../ledger/date-range.ts";
import type { Language } from "../i18n/language.ts";
import type { ExportCell } from "./transaction-rows.ts";
import { type ZipFile, zipStream } from "./zip.ts";

export const xlsxContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The most rows a sheet holds in Excel (and LibreOffice): 2^20. */
export const maxSheetRows = 1_048_576;
/** Excel's longest cell text. */
const maxCellText = 32_767;

const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const relationshipsNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const packageRelationships = "http://schemas.openxmlformats.org/package/2006/relationships";

/** cellXfs indexes in styles.xml. */
const style = { header: 1, date: 2, amount: 3, wholeAmount: 4 } as const;

/** How each language writes a date: ISO in English, day first in Portuguese. */
const dateFormats: Record<Language, string> = { en: "yyyy-mm-dd", "pt-BR": "dd/mm/yyyy" };

/** Characters XML 1.0 forbids (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point
const forbiddenInXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * Text as XML element content: markup escaped, forbidden characters dropped, and a literal "_x0041_"
 * kept literal (SpreadsheetML reads "_xHHHH_" in strings as an escaped character, so its "_" is
 * itself escaped as "_x005F_").
 */
export function xmlText(text: string): string {
  return text
    .replace(forbiddenInXml, "")
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, "_x005F_$1")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

const attribute = (text: string) => xmlText(text).replaceAll('"', "&quot;");

const dayMs = 86_400_000;
const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * "2026-11-21" → 46347, the day count Excel stores for a date (the 1900 date system). Excel counts
 * a 29 February 1900 that never was (serial 60), so a day before March 1900 is one less: 1900-01-01 is 1.
 */
export function excelDateSerial(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const days = (Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - excelEpoch) / dayMs;
  return date < "1900-03-01" ? days - 1 : days;
}

/** A1-style reference of a column (0 = A), for the dozen columns a file has (and any beyond Z). */
function columnLetters(index: number): string {
  let letters = "";
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

function textCellXml(reference: string, text: string, styleIndex?: number): string {
  const styled = styleIndex === undefined ? "" : ` s="${styleIndex}"`;
  const content = xmlText(text.slice(0, maxCellText));
  return `<c r="${reference}"${styled} t="inlineStr"><is><t xml:space="preserve">${content}</t></is></c>`;
}

/**
 * One cell. An amount is written as the API's decimal text itself (an xsd:double lexical form), so
 * no float arithmetic touches it on the way; the spreadsheet reads it as a number.
 */
function cellXml(reference: string, cell: ExportCell): string {
  if (cell === null) return "";
  if (cell.kind === "date") {
    // A row dated outside the range before the range was enforced (docs/decisions/038-dates-from-1900-to-2199.md)
    // is written as its text: one such row must not cut every later row off the file.
    if (!isWithinDateRange(cell.date)) return textCellXml(reference, cell.date);
    return `<c r="${reference}" s="${style.date}"><v>${excelDateSerial(cell.date)}</v></c>`;
  }
  if (cell.kind === "amount") {
    if (!/^-?\d+(\.\d+)?$/.test(cell.decimal)) throw new RangeError(`Not a decimal: ${cell.decimal}`);
    const styleIndex = minorUnitOf(cell.currency) === 0 ? style.wholeAmount : style.amount;
    return `<c r="${reference}" s="${styleIndex}"><v>${cell.decimal}</v></c>`;
  }
  return textCellXml(reference, cell.text);
}

/** Row `rowNumber` (1-based) of cells. */
export function rowXml(rowNumber: number, cells: ExportCell[]): string {
  return `<row r="${rowNumber}">${cells.map((cell, index) => cellXml(`${columnLetters(index)}${rowNumber}`, cell)).join("")}</row>`;
}

export type SheetColumn = { title: string; width: number };

/** The sheet up to its header row (bold, frozen), with the columns' widths in characters. */
function sheetStart(columns: SheetColumn[]): string {
  const widths = columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${Math.max(column.width, column.title.length + 2)}" customWidth="1"/>`,
    )
    .join("");
  const header = columns.map((column, index) => textCellXml(`${columnLetters(index)}1`, column.title, style.header));
  return (
    `${declaration}<worksheet xmlns="${mainNamespace}" xmlns:r="${relationshipsNamespace}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    "</sheetView></sheetViews>" +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${widths}</cols><sheetData><row r="1">${header.join("")}</row>`
  );
}

const sheetEnd = "</sheetData></worksheet>";

function stylesXml(language: Language): string {
  const font = (bold: boolean) =>
    `<font>${bold ? "<b/>" : ""}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
  const xf = (numFmtId: number, fontId = 0) =>
    `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ""}${fontId ? ' applyFont="1"' : ""}/>`;
  return (
    `${declaration}<styleSheet xmlns="${mainNamespace}">` +
    '<numFmts count="3">' +
    `<numFmt numFmtId="164" formatCode="${attribute(dateFormats[language])}"/>` +
    '<numFmt numFmtId="165" formatCode="#,##0.00"/>' +
    '<numFmt numFmtId="166" formatCode="#,##0"/>' +
    "</numFmts>" +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    // In the order of `style`: plain, header, date, amount, whole amount.
    `<cellXfs count="5">${xf(0)}${xf(0, 1)}${xf(164)}${xf(165)}${xf(166)}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    "</styleSheet>"
  );
}

function packageParts(sheetName: string, language: Language): ZipFile[] {
  const contentType = "application/vnd.openxmlformats-officedocument.spreadsheetml";
  return [
    {
      name: "[Content_Types].xml",
      content:
        `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${contentType}.sheet.main+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${contentType}.styles+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${contentType}.worksheet+xml"/>` +
        "</Types>",
    },
    {
      name: "_rels/.rels",
      content:
        `${declaration}<Relationships xmlns="${packageRelationships}">` +
        `<Relationship Id="rId1" Type="${relationshipsNamespace}/officeDocument" Target="xl/workbook.xml"/>` +
        "</Relationships>",
    },
    {
      name: "xl/workbook.xml",
      content:
        `${declaration}<workbook xmlns="${mainNamespace}" xmlns:r="${relationshipsNamespace}">` +
        `<bookViews><workbookView/></bookViews><sheets><sheet name="${attribute(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
        "</workbook>",
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content:
        `${declaration}<Relationships xmlns="${packageRelationships}">` +
        `<Relationship Id="rId1" Type="${relationshipsNamespace}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${relationshipsNamespace}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    },
    { name: "xl/styles.xml", content: stylesXml(language) },
  ];
}

export type Workbook = {
  sheetName: string;
  language: Language;
  columns: SheetColumn[];
  /** The sheet's rows after the header, as pieces of <row> XML (rowXml), produced as they are read. */
  rows: AsyncIterable<string>;
  modifiedAt: Date;
};

/** The .xlsx file as a byte stream: the sheet's rows are read only as fast as the file is. */
export function xlsxStream(workbook: Workbook): ReadableStream<Uint8Array> {
  async function* sheet(): AsyncGenerator<string> {
    yield sheetStart(workbook.columns);
    yield* workbook.rows;
    yield sheetEnd;
  }
  return zipStream(
    [...packageParts(workbook.sheetName, workbook.language), { name: "xl/worksheets/sheet1.xml", content: sheet() }],
    workbook.modifiedAt,
  );
}
