import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertTag } from "../../../db/factories.ts";
import { users } from "../../../db/schema/index.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { exportTransactionsXlsx } from "../../../worker/exports/transactions-xlsx.service.ts";
import { excelDateSerial, rowXml, xmlText } from "../../../worker/exports/xlsx.ts";
import { crc32, zipStream } from "../../../worker/exports/zip.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { readXlsx, readZip, rowValues } from "../../support/xlsx-reader.ts";
import { recordedIn, sampleLedgerIn, splitPurchaseIn } from "./sample-ledger.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function bytesOf(body: Response | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await (body instanceof Response ? body : new Response(body)).arrayBuffer());
}

describe("exporting transactions as an Excel workbook", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });
  const exportPath = (query = "") => `/api/workspaces/${h.workspaceId}/exports/transactions.xlsx${query}`;
  const upgradeOwner = () => t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));

  const recorded = (body: Record<string, unknown>) => recordedIn(h, body);
  const sampleLedger = () => sampleLedgerIn(h, { description: "Pão & <queijo>", amount: "1234.5" });

  it("writes every kept transaction with typed cells: dates, numbers with 2 decimals, text; a bold frozen header", async () => {
    await upgradeOwner();
    const { salary, pizza, dollars } = await sampleLedger();
    const response = await t.request(exportPath("?language=pt-BR"), { token: h.member.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(xlsxType);
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="moneta-transacoes-2026-11-21.xlsx"',
    );
    const book = readXlsx(await bytesOf(response));
    expect(book.sheetName).toBe("Transações");
    expect(book.frozenRows).toBe(1);
    expect(rowValues(book, 1)).toEqual([
      "Data",
      "Tipo",
      "Descrição",
      "Favorecido",
      "Valor",
      "Moeda",
      "De",
      "Para",
      "Valor recebido",
      "Moeda recebida",
      "Etiquetas",
      "Observação",
      "Parte da divisão",
      "Registrado por",
      "ID",
    ]);
    expect([...book.rows.get(1)!.values()].every((cell) => cell.type === "string" && cell.bold)).toBe(true);
    expect(rowValues(book, 2)).toEqual([
      "2026-11-10",
      "Despesa",
      "Pão & <queijo>",
      null,
      -1234.5,
      "BRL",
      "Roxinho",
      "",
      null,
      null,
      "Food, Home",
      null,
      null,
      "Mia Member",
      pizza.uuid,
    ]);
    expect(rowValues(book, 3)).toEqual([
      "2026-11-08",
      "Transferência",
      "Para a viagem",
      null,
      550,
      "BRL",
      "Nubank",
      "Wise USD",
      99,
      "USD",
      "",
      null,
      null,
      "Mia Member",
      dollars.uuid,
    ]);
    expect(rowValues(book, 4).at(-1)).toBe(salary.uuid);
    expect(book.rows.size).toBe(4);
    const pizzaRow = book.rows.get(2)!;
    expect(pizzaRow.get("A")).toEqual({ type: "date", value: "2026-11-10", format: "dd/mm/yyyy" });
    expect(pizzaRow.get("C")).toEqual({ type: "string", value: "Pão & <queijo>", bold: false });
    expect(pizzaRow.get("E")).toEqual({ type: "number", value: -1234.5, format: "#,##0.00" });
    expect(book.rows.get(3)!.get("I")).toEqual({ type: "number", value: 99, format: "#,##0.00" });
    // Every column is wide enough for its title, the description wider than most.
    expect(book.columnWidths).toHaveLength(15);
    expect(book.columnWidths[2]).toBeGreaterThanOrEqual(30);
  });

  it("writes English headers and ISO dates, keeps the list's filters, and a yen amount has no decimals", async () => {
    await upgradeOwner();
    const { pizza } = await sampleLedger();
    const yen = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Tokyo", currency: "JPY" });
    await recorded({
      type: "expense",
      origin_id: `account:${yen.id}`,
      amount: "1500",
      description: "Ramen",
      date: "2026-11-09",
    });
    const response = await t.request(exportPath(`?language=en&type=expense&tag_id=${h.food.id}`), {
      token: h.viewer.token,
    });
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="moneta-transactions-2026-11-21.xlsx"',
    );
    const book = readXlsx(await bytesOf(response));
    expect(book.sheetName).toBe("Transactions");
    expect(rowValues(book, 1).slice(0, 5)).toEqual(["Date", "Type", "Description", "Payee", "Amount"]);
    expect(rowValues(book, 2).at(-1)).toBe(pizza.uuid);
    expect(book.rows.get(2)!.get("A")).toEqual({ type: "date", value: "2026-11-10", format: "yyyy-mm-dd" });
    expect(book.rows.size).toBe(2);

    const expenses = readXlsx(
      await bytesOf(await t.request(exportPath("?language=en&type=expense"), { token: h.viewer.token })),
    );
    expect(rowValues(expenses, 3).slice(4, 6)).toEqual([-1500, "JPY"]);
    expect(expenses.rows.get(3)!.get("E")).toEqual({ type: "number", value: -1500, format: "#,##0" });
  });

  it("writes a split transaction's row with its note, then its parts' rows marked as parts", async () => {
    await upgradeOwner();
    const split = await splitPurchaseIn(h);
    const book = readXlsx(await bytesOf(await t.request(exportPath("?language=en"), { token: h.member.token })));
    expect(rowValues(book, 1).slice(10, 13)).toEqual(["Tags", "Note", "Split part"]);
    const row = (amount: number, tags: string, note: string | null, part: string | null) => [
      "2026-11-12",
      "Expense",
      "Mercado",
      "Supermercado Dia",
      amount,
      "BRL",
      "Nubank",
      "",
      null,
      null,
      tags,
      note,
      part,
      "Mia Member",
      split.uuid,
    ];
    expect([2, 3, 4].map((number) => rowValues(book, number))).toEqual([
      row(-100, "Food, Home", "Compra do mês", null),
      row(-80, "Food", "Pão e leite", "Part 1 of 2"),
      row(-20, "Home", null, "Part 2 of 2"),
    ]);
    expect(book.rows.size).toBe(4);
  });

  it("keeps a split transaction's part rows with it when the sheet is full", async () => {
    await upgradeOwner();
    const older = await recordedIn(h, {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "5",
      description: "Café",
      date: "2026-11-13",
    });
    await splitPurchaseIn(h);
    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: h.member.user.id,
      sessionId: h.member.sessionId,
      via: "cookie",
    });
    const { stream } = await exportTransactionsXlsx({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, language: "en", maxRows: 4 },
    });
    const book = readXlsx(await bytesOf(stream));
    expect(rowValues(book, 2).at(-1)).toBe(older.uuid);
    expect(rowValues(book, 3)).toEqual([
      "The sheet is full: these are the first 1 transactions. Narrow the filters (a shorter period) for the rest.",
    ]);
    expect(book.rows.size).toBe(3);
  });

  it("keeps text that looks like a formula as text: there is no formula in the file", async () => {
    await upgradeOwner();
    const formulas = ["=1+1", '=HYPERLINK("http://x")', "+1+1", "@SUM(A1)", "_x0041_ literal"];
    for (const description of formulas)
      await recorded({ type: "expense", origin_id: `account:${h.checking.id}`, amount: "1", description });
    const sneakyTag = await insertTag(t.db, { workspaceId: h.workspaceId, name: "=cmd|' /C calc'!A0" });
    await recorded({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "2",
      description: "Normal",
      tag_ids: [sneakyTag.id],
    });
    const book = readXlsx(await bytesOf(await t.request(exportPath("?language=en"), { token: h.member.token })));
    expect(book.parts.get("xl/worksheets/sheet1.xml")).not.toMatch(/<f[\s>]/);
    const descriptions = [...book.rows.values()].map((row) => row.get("C"));
    for (const description of formulas)
      expect(descriptions).toContainEqual({ type: "string", value: description, bold: false });
    const tags = [...book.rows.values()].map((row) => row.get("K"));
    expect(tags).toContainEqual({ type: "string", value: "=cmd|' /C calc'!A0", bold: false });
  });

  it("refuses a workspace whose owner's plan lacks export features, saying CSV is free", async () => {
    await sampleLedger();
    const refused = await t.request(exportPath("?language=en"), { token: h.owner.token });
    expect(refused.status).toBe(403);
    const envelope = await refused.json();
    expect(envelope.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect(envelope.message).toMatch(/Excel and PDF exports come with the Unlimited plan; CSV export is free/);
    const portuguese = await t.request(exportPath(), { token: h.member.token, headers: { Cookie: "lang=pt-BR" } });
    expect((await portuguese.json()).message).toMatch(/exportação em CSV é gratuita/);
    // The CSV stays free.
    expect(
      (await t.request(`/api/workspaces/${h.workspaceId}/exports/transactions.csv`, { token: h.owner.token })).status,
    ).toBe(200);
  });

  it("answers a stranger 404 (before the plan is told), no session 401 and bad parameters 422", async () => {
    const stranger = await signInAs(t, { name: "Stranger" });
    const outsider = await t.request(exportPath(), { token: stranger.token });
    expect(outsider.status).toBe(404);
    expect((await outsider.json()).code).toBe("NOT_FOUND");
    expect((await t.request(exportPath())).status).toBe(401);
    const invalid = await t.request(exportPath("?language=fr&type=gift"), { token: h.member.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["language", "type"]);
  });

  it("walks every row across many reads, and ends a sheet that would pass its row limit with a row saying so", async () => {
    await upgradeOwner();
    const uuids: string[] = [];
    for (let day = 1; day <= 3; day++)
      for (let index = 0; index < 3; index++)
        uuids.push(
          (
            await recorded({
              type: "expense",
              origin_id: `account:${h.checking.id}`,
              amount: String(day * 10 + index),
              description: `Dia ${day} #${index}`,
              date: `2026-11-0${day}`,
            })
          ).uuid,
        );
    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: h.member.user.id,
      sessionId: h.member.sessionId,
      via: "cookie",
    });
    const whole = await exportTransactionsXlsx({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, language: "en", stepRows: 2 },
    });
    const book = readXlsx(await bytesOf(whole.stream));
    expect([...book.rows.keys()]).toEqual(Array.from({ length: 10 }, (_, index) => index + 1));
    expect([...book.rows.keys()].slice(1).map((row) => rowValues(book, row).at(-1))).toEqual([...uuids].reverse());

    const cut = await exportTransactionsXlsx({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, language: "pt-BR", stepRows: 2, maxRows: 5 },
    });
    const cutBook = readXlsx(await bytesOf(cut.stream));
    expect(cutBook.rows.size).toBe(5);
    expect(rowValues(cutBook, 4).at(-1)).toBe(uuids.at(-3));
    expect(rowValues(cutBook, 5)).toEqual([
      "A planilha está cheia: estas são as primeiras 3 transações. Restrinja os filtros (um período menor) para ver o restante.",
    ]);
  });
});

describe("the workbook's pieces", () => {
  it("counts Excel's days from 1899-12-30", () => {
    expect(excelDateSerial("1900-03-01")).toBe(61);
    expect(excelDateSerial("2026-11-21")).toBe(46347);
    expect(() => excelDateSerial("21/11/2026")).toThrow(RangeError);
  });

  it("counts the days before March 1900 as Excel does, past the 29 February 1900 it counts", () => {
    expect(excelDateSerial("1900-01-01")).toBe(1);
    expect(excelDateSerial("1900-02-28")).toBe(59);
  });

  it("writes a date stored outside 1900–2199 as its text, so the rows after it are still written", () => {
    expect(rowXml(2, [{ kind: "date", date: "10000-01-31" }])).toBe(
      '<row r="2"><c r="A2" t="inlineStr"><is><t xml:space="preserve">10000-01-31</t></is></c></row>',
    );
  });

  it("escapes markup, drops what XML cannot hold and keeps a literal _xHHHH_ literal", () => {
    expect(xmlText("Pão & <b>")).toBe("Pão &amp; &lt;b&gt;");
    expect(xmlText("a\u0000b\u0007c\td")).toBe("abc\td");
    expect(xmlText("_x0041_")).toBe("_x005F_x0041_");
  });

  it("zips files that zlib inflates back whole, with the CRC-32 every zip tool checks", async () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    async function* pieces() {
      for (let index = 0; index < 1000; index++) yield `<row r="${index}">Pão ${index}</row>`;
    }
    const bytes = await bytesOf(zipStream([{ name: "a.xml", content: pieces() }], new Date("2026-11-21T15:00:00Z")));
    // readZip checks each file's size and CRC-32 against the central directory, or throws.
    const files = readZip(bytes);
    expect([...files.keys()]).toEqual(["a.xml"]);
    expect(files.get("a.xml")).toBe(
      Array.from({ length: 1000 }, (_, index) => `<row r="${index}">Pão ${index}</row>`).join(""),
    );
    expect(() => readXlsx(bytes)).toThrow(/No \[Content_Types\]\.xml/);
  });
});
