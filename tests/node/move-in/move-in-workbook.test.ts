import { beforeEach, describe, expect, it } from "vitest";
import { zipStream } from "../../../worker/exports/zip.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { moveInClient } from "./move-in-client.ts";

/**
 * Another app's export as an Excel workbook, written here the way Excel writes one: the text in shared
 * strings, the days as serial numbers under a date format, the amounts as numbers.
 */
const workbookFiles = (sheetRows: string, sharedStrings: string[]) => [
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

const zipped = async (files: { name: string; content: string }[]) =>
  new Uint8Array(await new Response(zipStream(files, new Date("2026-11-28T12:00:00Z"))).arrayBuffer());

/** Mobills' columns; 46296 is 2026-10-01 and 46297 the 2nd in Excel's day count. */
const strings = [
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
const mobillsSheet =
  `<row r="1">${["A", "B", "C", "D", "E", "F", "G"].map((column, index) => s(index, column, 1)).join("")}</row>` +
  `<row r="2"><c r="A2" s="1"><v>46296</v></c>${s(7, "B", 2)}<c r="C2" s="2"><v>7200</v></c>${s(8, "D", 2)}${s(9, "E", 2)}${s(7, "F", 2)}</row>` +
  `<row r="3"><c r="A3" s="1"><v>46297</v></c>${s(10, "B", 3)}<c r="C3" s="2"><v>-23.5</v></c>${s(8, "D", 3)}${s(11, "E", 3)}${s(12, "F", 3)}${s(13, "G", 3)}</row>` +
  `<row r="4"><c r="A4" s="1"><v>46297</v></c><c r="B4" t="inlineStr"><is><t>Café </t><r><t>da esquina</t></r></is></c><c r="C4" s="2"><v>-1.234</v></c>${s(8, "D", 4)}${s(11, "E", 4)}${s(12, "F", 4)}</row>`;

describe("bringing in another app's export as an Excel workbook", () => {
  let t: TestApp;
  let client: ReturnType<typeof moveInClient>;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-28T15:00:00.000Z" });
    const team = await workspaceWithTeam(t, { owner: { tier: "unlimited" }, workspace: { currency: "BRL" } });
    client = moveInClient(t, team.workspace.id, team.member.token);
  });

  it("reads its days, texts and amounts exactly: a number with a point is never read as thousands", async () => {
    const found = await client.preview(await zipped(workbookFiles(mobillsSheet, strings)), "mobills.xlsx");
    expect(found.app).toBe("mobills");
    expect(
      found.lines.map(({ date, description, amount, tag, status, reason }) => [
        date,
        description,
        amount,
        tag,
        status,
        reason,
      ]),
    ).toEqual([
      ["2026-10-01", "Salário", "7200.00", "Salário", "new", null],
      ["2026-10-02", "Padaria & Café", "23.50", "Padaria", "new", null],
      // R$ 1,234 is not a real amount: three decimals are refused, never read as R$ 1.234.
      ["2026-10-02", "Café da esquina", "0", "Alimentação", "refused", "too_many_decimals"],
    ]);
  });

  it("refuses a workbook that would unpack past the bound (413) and one that does not open (422), writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    // 50 MB of spaces in the sheet: about 50 KB deflated.
    const bomb = await zipped(workbookFiles(`${" ".repeat(50 * 1024 * 1024)}${mobillsSheet}`, strings));
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const refused = await client.previewAnswer(bomb, "bomba.xlsx");
    expect(refused.status).toBe(413);
    expect((await refused.json()).code).toBe("PAYLOAD_TOO_LARGE");
    const broken = await zipped([{ name: "xl/workbook.xml", content: "<workbook/>" }]);
    const unreadable = await client.previewAnswer(broken, "quebrado.xlsx");
    expect(unreadable.status).toBe(422);
    expect((await unreadable.json()).code).toBe("IMPORT_FILE_INVALID");
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("refuses a workbook whose directory understates what a part unpacks to, having unpacked no more than it said", async () => {
    const honest = await zipped(workbookFiles(`${" ".repeat(4 * 1024 * 1024)}${mobillsSheet}`, strings));
    // The sheet's declared size, in its central directory entry, made 1 KB: inflating it must stop there.
    const view = new DataView(honest.buffer);
    let end = honest.byteLength - 22;
    while (view.getUint32(end, true) !== 0x06054b50) end--;
    let at = view.getUint32(end + 16, true);
    for (let entry = 0; entry < view.getUint16(end + 10, true); entry++) {
      const nameLength = view.getUint16(at + 28, true);
      const name = new TextDecoder().decode(honest.subarray(at + 46, at + 46 + nameLength));
      if (name === "xl/worksheets/sheet1.xml") view.setUint32(at + 24, 1024, true);
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    const refused = await client.previewAnswer(honest, "mentiroso.xlsx");
    expect(refused.status).toBe(413);
  });
});
