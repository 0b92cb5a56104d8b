import { beforeEach, describe, expect, it } from "vitest";
import { mobillsSheet, strings, workbookFiles, zipped } from "../../support/history-workbook.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { moveInClient } from "./move-in-client.ts";

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
