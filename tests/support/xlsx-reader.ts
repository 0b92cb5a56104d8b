import { inflateRawSync } from "node:zlib";

/**
 * Reads an .xlsx file back as a spreadsheet would, for tests: the zip through its central directory
 * (the local headers of a streamed zip hold no sizes), each part inflated by zlib and checked against
 * its CRC-32, then the first sheet's cells typed by the rules of ECMA-376 — a number whose style's
 * format is a date format is a date, "s" a shared string, "inlineStr" an inline one, "_xHHHH_"
 * decoded — and each cell's number format, the header's boldness and the frozen pane reported.
 * Written apart from the writer (worker/exports/xlsx.ts) and sharing nothing with it.
 */

export type ReadCell =
  | { type: "date"; value: string; format: string }
  | { type: "number"; value: number; format: string }
  | { type: "string"; value: string; bold: boolean }
  | { type: "formula"; formula: string };

export type ReadWorkbook = {
  /** Every part by name, as text. */
  parts: Map<string, string>;
  sheetName: string;
  /** Rows by their number (1-based), cells by column letter. */
  rows: Map<number, Map<string, ReadCell>>;
  frozenRows: number;
  columnWidths: number[];
};

/** A part's text; a binary one (a photo) as Latin-1, one character per byte, for a test to compare. */
function textOf(data: Uint8Array, decoder: TextDecoder): string {
  try {
    return decoder.decode(data);
  } catch {
    return new TextDecoder("latin1").decode(data);
  }
}

/** Every file of a zip, as text (a byte order mark kept; a binary file byte by byte), each checked against the central directory's size and CRC-32. */
export function readZip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("No end of central directory: not a zip");
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const parts = new Map<string, string>();
  // ignoreBOM: a file's byte order mark is kept in its text, so a test can see it was written.
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  for (let index = 0; index < entries; index++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("Broken central directory");
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (view.getUint32(localOffset, true) !== 0x04034b50) throw new Error(`No local header for ${name}`);
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const stored = bytes.subarray(dataStart, dataStart + compressedSize);
    const data = method === 8 ? inflateRawSync(stored) : method === 0 ? stored : null;
    if (!data) throw new Error(`Unknown compression ${method} for ${name}`);
    if (data.length !== size) throw new Error(`${name}: ${data.length} bytes, the directory says ${size}`);
    if (zlibCrc(data) !== crc) throw new Error(`${name}: CRC mismatch`);
    parts.set(name, textOf(data, decoder));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

function zlibCrc(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:]+)="([^"]*)"/g)) attributes[match[1]!] = unescapeXml(match[2]!);
  return attributes;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

/** SpreadsheetML string content: XML entities, then "_xHHHH_" escapes. */
function stringContent(xml: string): string {
  const runs = [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t\s*\/>/g)].map((match) => match[1] ?? "");
  return unescapeXml(runs.join("")).replace(/_x([0-9A-Fa-f]{4})_/g, (_, code) =>
    String.fromCharCode(Number.parseInt(code, 16)),
  );
}

/** Built-in formats a writer may refer to without declaring them (ECMA-376 §18.8.30, the ones tests meet). */
const builtInFormats: Record<string, string> = {
  "0": "General",
  "2": "0.00",
  "3": "#,##0",
  "4": "#,##0.00",
  "14": "mm-dd-yy",
};

function isDateFormat(format: string): boolean {
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, "");
  return bare !== "General" && /[dmy]/i.test(bare);
}

/** Excel's serial as a date: before serial 61 (1 March 1900) it counts a 29 February 1900 that never was. */
function excelDate(serial: number): string {
  const days = serial < 61 ? serial + 1 : serial;
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000).toISOString().slice(0, 10);
}

export function readXlsx(file: Uint8Array): ReadWorkbook {
  const parts = readZip(file);
  const part = (name: string) => {
    const text = parts.get(name);
    if (text === undefined) throw new Error(`No ${name} in the file`);
    return text;
  };
  if (!part("[Content_Types].xml").includes("/xl/workbook.xml")) throw new Error("No workbook in the content types");
  const workbookRels = part("xl/_rels/workbook.xml.rels");
  const firstSheet = attributesOf(/<sheet\s[^>]*>/.exec(part("xl/workbook.xml"))![0]);
  const relationship = [...workbookRels.matchAll(/<Relationship\s[^>]*>/g)]
    .map((match) => attributesOf(match[0]))
    .find((attributes) => attributes.Id === firstSheet["r:id"])!;
  const sheet = part(`xl/${relationship.Target!.replace(/^\/?xl\//, "")}`);

  const styles = part("xl/styles.xml");
  const formats = new Map(Object.entries(builtInFormats));
  for (const match of styles.matchAll(/<numFmt\s[^>]*>/g)) {
    const attributes = attributesOf(match[0]);
    formats.set(attributes.numFmtId!, attributes.formatCode!);
  }
  const fonts = [
    ...(/<fonts[^>]*>([\s\S]*?)<\/fonts>/.exec(styles)?.[1] ?? "").matchAll(/<font>([\s\S]*?)<\/font>|<font\/>/g),
  ].map((match) => /<b\/>|<b val="(1|true)"\/>/.test(match[1] ?? ""));
  const cellFormats = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "").matchAll(/<xf\s[^>]*>/g)].map(
    (match) => {
      const attributes = attributesOf(match[0]);
      return {
        format: formats.get(attributes.numFmtId ?? "0") ?? "General",
        bold: fonts[Number(attributes.fontId ?? 0)] ?? false,
      };
    },
  );
  const sharedStrings = parts.has("xl/sharedStrings.xml")
    ? [...part("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((match) => stringContent(match[1]!))
    : [];

  const rows = new Map<number, Map<string, ReadCell>>();
  for (const rowMatch of sheet.matchAll(/<row\s([^>]*)>([\s\S]*?)<\/row>/g)) {
    const rowNumber = Number(attributesOf(rowMatch[1]!).r);
    const cells = new Map<string, ReadCell>();
    for (const cellMatch of rowMatch[2]!.matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = attributesOf(cellMatch[1]!);
      const column = attributes.r!.replace(/\d+$/, "");
      const inner = cellMatch[2] ?? "";
      const style = cellFormats[Number(attributes.s ?? 0)] ?? { format: "General", bold: false };
      const formula = /<f[\s>]([\s\S]*?)<\/f>/.exec(inner);
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1];
      if (formula) cells.set(column, { type: "formula", formula: unescapeXml(formula[1]!) });
      else if (attributes.t === "inlineStr")
        cells.set(column, { type: "string", value: stringContent(inner), bold: style.bold });
      else if (attributes.t === "s")
        cells.set(column, { type: "string", value: sharedStrings[Number(value)]!, bold: style.bold });
      else if (attributes.t === "str")
        cells.set(column, { type: "string", value: unescapeXml(value ?? ""), bold: style.bold });
      else if (value !== undefined && (attributes.t ?? "n") === "n") {
        const number = Number(value);
        if (Number.isNaN(number)) throw new Error(`Cell ${attributes.r}: ${value} is not a number`);
        cells.set(
          column,
          isDateFormat(style.format)
            ? { type: "date", value: excelDate(number), format: style.format }
            : { type: "number", value: number, format: style.format },
        );
      }
    }
    rows.set(rowNumber, cells);
  }
  const pane = /<pane\s[^>]*>/.exec(sheet);
  const paneAttributes = pane ? attributesOf(pane[0]) : {};
  return {
    parts,
    sheetName: firstSheet.name!,
    rows,
    frozenRows: paneAttributes.state === "frozen" ? Number(paneAttributes.ySplit ?? 0) : 0,
    columnWidths: [...sheet.matchAll(/<col\s[^>]*>/g)].map((match) => Number(attributesOf(match[0]).width)),
  };
}

/** A row's cells in column order, as plain values (dates as "yyyy-mm-dd"). */
export function rowValues(workbook: ReadWorkbook, rowNumber: number): Array<string | number | null> {
  const cells = workbook.rows.get(rowNumber);
  if (!cells) return [];
  const columns = [...cells.keys()].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const last = columns.at(-1);
  const width = last ? [...last].reduce((sum, letter) => sum * 26 + letter.charCodeAt(0) - 64, 0) : 0;
  return Array.from({ length: width }, (_, index) => {
    const cell = cells.get(String.fromCharCode(65 + index));
    if (!cell) return null;
    return cell.type === "formula" ? `=${cell.formula}` : cell.value;
  });
}
