import { type ZipEntry, ZipProblem, readZip } from "../exports/unzip.ts";
import type { CsvRecord } from "../imports/csv-records.ts";

/**
 * The first worksheet of an Excel workbook (.xlsx, Office Open XML) as rows of text, the way another
 * app's export is read as CSV: read in the Worker with Moneta's own zip reader (../exports/unzip.ts)
 * and a reader of the few SpreadsheetML elements a table uses — no library, since the ones that read
 * every spreadsheet weigh far more than this and the cells needed are these. A text cell is its text
 * (shared or inline, rich-text runs joined); a number is its digits exactly as the file stores them
 * (never through a float); a number styled as a date is that day, YYYY-MM-DD (Excel's 1900 day count).
 * The sheet and its strings are inflated only when their declared sizes fit `maxBytes`, and never past
 * them, so a workbook that would unpack to gigabytes is refused having unpacked nothing.
 */

export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export class WorkbookProblem extends Error {
  readonly reason: "unreadable" | "too_large";
  constructor(reason: WorkbookProblem["reason"]) {
    super(reason);
    this.name = "WorkbookProblem";
    this.reason = reason;
  }
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XML text with its entities and character references undone. */
function unescapedXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, name: string) =>
    name.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : entities[name]!,
  );
}

/** The text of every <t> inside `xml` (a shared string's runs), joined. */
const runsText = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((run) => unescapedXml(run[1]!)).join("");

/** Built-in number formats that are dates (ECMA-376 part 1, 18.8.30). */
const builtInDateFormats = new Set([14, 15, 16, 17, 22, 27, 30, 36, 50, 57]);

/** Which cell styles (their index in cellXfs) show a number as a date. */
function dateStyles(stylesXml: string): Set<number> {
  const customDates = new Set(
    [...stylesXml.matchAll(/<numFmt\s[^>]*numFmtId="(\d+)"[^>]*formatCode="([^"]*)"/g)]
      // A format with a day, month or year and no time-only or number pattern: "dd/mm/yyyy", "m/d/yy".
      .filter((format) => /[dy]/i.test(unescapedXml(format[2]!).replace(/"[^"]*"|\[[^\]]*\]/g, "")))
      .map((format) => Number(format[1])),
  );
  const cellXfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? "";
  const styles = new Set<number>();
  [...cellXfs.matchAll(/<xf\s([^>]*?)\/?>/g)].forEach((xf, index) => {
    const id = Number(/numFmtId="(\d+)"/.exec(xf[1]!)?.[1] ?? 0);
    if (builtInDateFormats.has(id) || customDates.has(id)) styles.add(index);
  });
  return styles;
}

/** Excel's day number (1900 system, with its phantom 29 February 1900) as YYYY-MM-DD. */
function serialDay(serial: string): string | null {
  if (!/^\d+(\.\d+)?$/.test(serial)) return null;
  const days = Math.floor(Number(serial));
  if (days < 1 || days > 2_958_465) return null;
  // Day 60 is the 29 February 1900 that never was; from day 61 on, the count is one ahead.
  const epoch = Date.UTC(1899, 11, days < 60 ? 31 : 30);
  return new Date(epoch + days * 86_400_000).toISOString().slice(0, 10);
}

/** "BC" → 54: a cell reference's column, 0-based. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const letter of /^[A-Z]+/.exec(reference)?.[0] ?? "A") index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/** The path, inside the archive, of the workbook's first sheet. */
function firstSheetPath(workbookXml: string, relationsXml: string): string | null {
  const relation = /<sheet\s[^>]*r:id="([^"]+)"/.exec(workbookXml)?.[1];
  if (!relation) return null;
  const target =
    new RegExp(`<Relationship\\s[^>]*Id="${relation}"[^>]*Target="([^"]+)"`).exec(relationsXml)?.[1] ??
    new RegExp(`<Relationship\\s[^>]*Target="([^"]+)"[^>]*Id="${relation}"`).exec(relationsXml)?.[1];
  if (!target) return null;
  return target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
}

export async function readXlsxRows(
  bytes: Uint8Array<ArrayBuffer>,
  maxBytes: number,
  maxRows: number,
): Promise<CsvRecord[]> {
  let entries: ZipEntry[];
  try {
    entries = readZip(bytes);
  } catch {
    throw new WorkbookProblem("unreadable");
  }
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const text = async (name: string): Promise<string | null> => {
    const entry = byName.get(name);
    if (!entry) return null;
    try {
      return new TextDecoder().decode(await entry.bytes());
    } catch (error) {
      throw new WorkbookProblem(
        error instanceof ZipProblem && error.reason === "too_large" ? "too_large" : "unreadable",
      );
    }
  };
  const workbook = await text("xl/workbook.xml");
  const relations = await text("xl/_rels/workbook.xml.rels");
  const sheetPath = workbook && relations ? firstSheetPath(workbook, relations) : null;
  const sheetEntry = sheetPath ? byName.get(sheetPath) : undefined;
  if (!sheetPath || !sheetEntry) throw new WorkbookProblem("unreadable");
  const declared =
    sheetEntry.size + (byName.get("xl/sharedStrings.xml")?.size ?? 0) + (byName.get("xl/styles.xml")?.size ?? 0);
  if (declared > maxBytes) throw new WorkbookProblem("too_large");
  const shared = [...((await text("xl/sharedStrings.xml")) ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((item) =>
    runsText(item[1]!),
  );
  const dates = dateStyles((await text("xl/styles.xml")) ?? "");
  const sheet = (await text(sheetPath))!;
  const records: CsvRecord[] = [];
  for (const row of sheet.matchAll(/<row\s([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const line = Number(/\br="(\d+)"/.exec(row[1]!)?.[1] ?? records.length + 1);
    const cells: string[] = [];
    for (const cell of (row[2] ?? "").matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const body = cell[2] ?? "";
      const column = columnIndex(/\br="([A-Z]+)\d*"/.exec(attributes)?.[1] ?? "");
      const type = /\bt="(\w+)"/.exec(attributes)?.[1] ?? "n";
      const style = Number(/\bs="(\d+)"/.exec(attributes)?.[1] ?? -1);
      const value = unescapedXml(/<v>([^<]*)<\/v>/.exec(body)?.[1] ?? "");
      const cellText =
        type === "s"
          ? (shared[Number(value)] ?? "")
          : type === "inlineStr"
            ? runsText(body)
            : type === "n" && dates.has(style)
              ? (serialDay(value) ?? value)
              : value;
      while (cells.length < column) cells.push("");
      cells[column < 0 ? cells.length : column] = cellText;
    }
    if (cells.every((cell) => cell.trim() === "")) continue;
    records.push({ line, cells });
    if (records.length > maxRows + 1) break;
  }
  return records;
}
