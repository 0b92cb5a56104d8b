import { beforeEach, describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { signInAs } from "../../support/sessions.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { numberCell, textCell } from "../../../worker/exports/csv.ts";
import { exportTransactionsCsv } from "../../../worker/exports/transactions-csv.service.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { recordedIn, sampleLedgerIn, splitPurchaseIn } from "./sample-ledger.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

/** The file's text with its byte order mark (Response.text() would drop it). */
async function fileText(body: Response | ReadableStream<Uint8Array>): Promise<string> {
  const bytes = await (body instanceof Response ? body : new Response(body)).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** The file's lines without the byte order mark, split as RFC 4180 ends them. */
function linesOf(text: string): string[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(1, -2).split("\r\n");
}

describe("exporting transactions as CSV", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });
  const exportPath = (query = "") => `/api/workspaces/${h.workspaceId}/exports/transactions.csv${query}`;

  const recorded = (body: Record<string, unknown>) => recordedIn(h, body);
  const sampleLedger = () => sampleLedgerIn(h, { description: 'Pizza; "grande"', amount: "1234.5" });

  it("writes every kept transaction, newest first, in Portuguese with ';' and decimal commas", async () => {
    const { salary, pizza, dollars } = await sampleLedger();
    const response = await t.request(exportPath("?language=pt-BR"), { token: h.member.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="moneta-transacoes-2026-11-21.csv"');
    expect(linesOf(await fileText(response))).toEqual([
      "Data;Tipo;Descrição;Favorecido;Valor;Moeda;De;Para;Valor recebido;Moeda recebida;Etiquetas;Observação;Parte da divisão;Registrado por;ID",
      `2026-11-10;Despesa;"Pizza; ""grande""";;-1234,50;BRL;Roxinho;;;;Food, Home;;;Mia Member;${pizza.uuid}`,
      `2026-11-08;Transferência;Para a viagem;;550,00;BRL;Nubank;Wise USD;99,00;USD;;;;Mia Member;${dollars.uuid}`,
      `2026-11-05;Receita;Salário;;3000,00;BRL;;Nubank;;;;;;Mia Member;${salary.uuid}`,
    ]);
  });

  it("writes English headers with ',' and decimal points, and keeps the list's filters", async () => {
    const { pizza } = await sampleLedger();
    const response = await t.request(exportPath(`?language=en&type=expense&tag_id=${h.food.id}`), {
      token: h.viewer.token,
    });
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="moneta-transactions-2026-11-21.csv"',
    );
    expect(linesOf(await fileText(response))).toEqual([
      "Date,Type,Description,Payee,Amount,Currency,From,To,Amount arriving,Currency arriving,Tags,Note,Split part,Recorded by,ID",
      `2026-11-10,Expense,"Pizza; ""grande""",,-1234.50,BRL,Roxinho,,,,"Food, Home",,,Mia Member,${pizza.uuid}`,
    ]);
    const untagged = await t.request(exportPath("?language=en&separator=%3B&tag_id=none"), { token: h.viewer.token });
    expect(linesOf(await fileText(untagged)).map((line) => line.split(";")[2])).toEqual([
      "Description",
      "Para a viagem",
      "Salário",
    ]);
  });

  it("writes a split transaction whole with its note, then one row per part that the whole rows' sum leaves out", async () => {
    const { salary } = await sampleLedgerIn(h, { description: "Pizza", amount: "1234.5" });
    const split = await splitPurchaseIn(h);
    const lines = linesOf(await fileText(await t.request(exportPath("?language=pt-BR"), { token: h.member.token })));
    expect(lines.slice(0, 4)).toEqual([
      "Data;Tipo;Descrição;Favorecido;Valor;Moeda;De;Para;Valor recebido;Moeda recebida;Etiquetas;Observação;Parte da divisão;Registrado por;ID",
      `2026-11-12;Despesa;Mercado;Supermercado Dia;-100,00;BRL;Nubank;;;;Food, Home;Compra do mês;;Mia Member;${split.uuid}`,
      `2026-11-12;Despesa;Mercado;Supermercado Dia;-80,00;BRL;Nubank;;;;Food;Pão e leite;Parte 1 de 2;Mia Member;${split.uuid}`,
      `2026-11-12;Despesa;Mercado;Supermercado Dia;-20,00;BRL;Nubank;;;;Home;;Parte 2 de 2;Mia Member;${split.uuid}`,
    ]);
    // The rows with an empty Part cell add up to the ledger: the parts are not counted again.
    const wholeRows = lines
      .slice(1)
      .map((line) => line.split(";"))
      .filter((cells) => cells[12] === "");
    const total = wholeRows
      .filter((cells) => cells[1] !== "Transferência")
      .reduce((sum, cells) => sum + Math.round(Number(cells[4]!.replace(",", ".")) * 100), 0);
    expect(total).toBe(300_000 - 123_450 - 10_000);
    expect(lines.at(-1)).toContain(salary.uuid);

    const english = linesOf(await fileText(await t.request(exportPath("?language=en"), { token: h.member.token })));
    expect(english.slice(2, 4)).toEqual([
      `2026-11-12,Expense,Mercado,Supermercado Dia,-80.00,BRL,Nubank,,,,Food,Pão e leite,Part 1 of 2,Mia Member,${split.uuid}`,
      `2026-11-12,Expense,Mercado,Supermercado Dia,-20.00,BRL,Nubank,,,,Home,,Part 2 of 2,Mia Member,${split.uuid}`,
    ]);
  });

  it("follows the language cookie or Accept-Language when none is asked for, with that language's separator", async () => {
    await sampleLedger();
    const portuguese = await t.request(exportPath(), {
      token: h.member.token,
      headers: { "Accept-Language": "pt-BR,pt;q=0.9" },
    });
    expect(linesOf(await fileText(portuguese))[0]).toMatch(/^Data;Tipo;/);
    const english = await t.request(exportPath(), { token: h.member.token, headers: { Cookie: "lang=en" } });
    expect(linesOf(await fileText(english))[0]).toMatch(/^Date,Type,/);
  });

  it("writes text a spreadsheet would run as a formula as text, and quotes what needs quoting", async () => {
    const formulas = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "Linha\r\nquebrada"];
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
    const text = await (await t.request(exportPath("?language=en"), { token: h.member.token })).text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(",'+1+1,");
    expect(text).toContain(",'-2+3,");
    expect(text).toContain(",'@SUM(A1),");
    expect(text).toContain(`,"Linha\r\nquebrada",`);
    expect(text).toContain(",'=cmd|' /C calc'!A0,");
    // Amounts are numbers: their minus sign is not escaped.
    expect(text).toContain(",-1.00,BRL,");
    expect(text).not.toMatch(/,=|,\+|,@/);
  });

  it("walks every row across many reads without losing or repeating one, same-day rows included", async () => {
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
    const { stream } = await exportTransactionsCsv({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, separator: ",", language: "en", stepRows: 2 },
    });
    const lines = linesOf(await fileText(stream)).slice(1);
    expect(lines.map((line) => line.split(",").at(-1))).toEqual([...uuids].reverse());
  });

  it("answers a stranger 404, no session 401 and bad parameters 422, in the error envelope", async () => {
    await sampleLedger();
    const stranger = await signInAs(t, { name: "Stranger" });
    const outsider = await t.request(exportPath(), { token: stranger.token });
    expect(outsider.status).toBe(404);
    expect((await outsider.json()).code).toBe("NOT_FOUND");
    expect((await t.request(exportPath())).status).toBe(401);
    const invalid = await t.request(exportPath("?separator=%7C&language=fr&type=gift"), { token: h.member.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["language", "separator", "type"]);
  });
});

describe("CSV cells", () => {
  it("neutralises every character that starts a formula, and only at the start", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(textCell(`${start}1`, ",")).toMatch(
        new RegExp(`^"?'\\${start === "\t" ? "t" : start === "\r" ? "r" : start}`),
      );
    expect(textCell("a=1", ",")).toBe("a=1");
    expect(textCell("Pão, queijo", ",")).toBe('"Pão, queijo"');
    expect(textCell("Pão, queijo", ";")).toBe("Pão, queijo");
    expect(textCell('Diz "oi"', ";")).toBe('"Diz ""oi"""');
  });

  it("writes numbers with the decimal mark of the separator, and refuses anything but a decimal", () => {
    expect(numberCell("-1234.50", ";")).toBe("-1234,50");
    expect(numberCell("-1234.50", ",")).toBe("-1234.50");
    expect(numberCell("1500", ";")).toBe("1500");
    expect(() => numberCell("=1+1", ",")).toThrow(RangeError);
  });
});
