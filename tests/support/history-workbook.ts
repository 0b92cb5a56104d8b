import { zipStream } from "../../worker/exports/zip.ts";

/**
 * Another app's export as an Excel workbook, written here the way Excel writes one: the text in shared
 * strings, the days as serial numbers under a date format, the amounts as numbers.
 */
export const workbookFiles = (sheetRows: string, sharedStrings: string[]) => [
  {
    name: "[Content_Types].xml",
    content:
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
  },
  {
    name: "xl/workbook.xml",
    content:
      '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Transações" sheetId="1" r:id="rId1"/></sheets></workbook>',
  },
  {
    name: "xl/_rels/workbook.xml.rels",
    content:
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  },
  {
    name: "xl/styles.xml",
    content:
      '<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="4" applyNumberFormat="1"/></cellXfs></styleSheet>',
  },
  {
    name: "xl/sharedStrings.xml",
    content: `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings
      .map((text) => `<si><t>${text.replaceAll("&", "&amp;")}</t></si>`)
      .join("")}</sst>`,
  },
  {
    name: "xl/worksheets/sheet1.xml",
    content: `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  },
];

export const zipped = async (files: { name: string; content: string }[]) =>
  new Uint8Array(await new Response(zipStream(files, new Date("2026-11-28T12:00:00Z"))).arrayBuffer());

/** Mobills' columns; 46296 is 2026-10-01 and 46297 the 2nd in Excel's day count. */
export const strings = [
  "Data",
  "Descrição",
  "Valor",
  "Conta",
  "Situação",
  "Categoria",
  "Subcategoria",
  "Salário",
  "Bradesco",
  "Recebido",
  "Padaria & Café",
  "Pago",
  "Alimentação",
  "Padaria",
];
const s = (index: number, column: string, row: number) => `<c r="${column}${row}" t="s"><v>${index}</v></c>`;
export const mobillsSheet =
  `<row r="1">${["A", "B", "C", "D", "E", "F", "G"].map((column, index) => s(index, column, 1)).join("")}</row>` +
  `<row r="2"><c r="A2" s="1"><v>46296</v></c>${s(7, "B", 2)}<c r="C2" s="2"><v>7200</v></c>${s(8, "D", 2)}${s(9, "E", 2)}${s(7, "F", 2)}</row>` +
  `<row r="3"><c r="A3" s="1"><v>46297</v></c>${s(10, "B", 3)}<c r="C3" s="2"><v>-23.5</v></c>${s(8, "D", 3)}${s(11, "E", 3)}${s(12, "F", 3)}${s(13, "G", 3)}</row>` +
  `<row r="4"><c r="A4" s="1"><v>46297</v></c><c r="B4" t="inlineStr"><is><t>Café </t><r><t>da esquina</t></r></is></c><c r="C4" s="2"><v>-1.234</v></c>${s(8, "D", 4)}${s(11, "E", 4)}${s(12, "F", 4)}</row>`;
