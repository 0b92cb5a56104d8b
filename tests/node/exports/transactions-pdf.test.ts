import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { users, workspaces } from "../../../db/schema/index.ts";
import { seedLedger } from "../../../scripts/seed-ledger.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { a4, PdfPage, writePdf } from "../../../worker/exports/pdf.ts";
import { fitWinAnsi, measureWinAnsi } from "../../../worker/exports/pdf-fonts.ts";
import { exportTransactionsPdf } from "../../../worker/exports/transactions-pdf.service.ts";
import { toWinAnsi } from "../../../worker/exports/winansi.ts";
import { allText, readPdf } from "../../support/pdf-text.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { recordedIn, sampleLedgerIn, splitPurchaseIn } from "./sample-ledger.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

const nbsp = "\u00a0";
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe("exporting transactions as a PDF statement", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
    await t.db.update(workspaces).set({ name: "Casa da Ana" }).where(eq(workspaces.id, h.workspaceId));
  });
  const exportPath = (query = "") => `/api/workspaces/${h.workspaceId}/exports/transactions.pdf${query}`;
  const upgradeOwner = () => t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));

  const recorded = (body: Record<string, unknown>) => recordedIn(h, body);
  async function sampleLedger() {
    await sampleLedgerIn(h, { description: "Pão de Açúcar", amount: "1234.56" });
    await recorded({
      type: "expense",
      origin_id: `account:${h.dollars.id}`,
      amount: "99",
      description: "Relatório (anual) \\ €5 🍕",
      date: "2026-11-09",
    });
  }

  it("writes a Portuguese statement: heading, period, lines, totals per currency and page numbers", async () => {
    await upgradeOwner();
    await sampleLedger();
    const response = await t.request(exportPath("?language=pt-BR"), { token: h.member.token });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="moneta-transacoes-2026-11-21.pdf"');
    const bytes = await bytesOf(response);
    const pdf = readPdf(bytes);
    expect(pdf.version).toBe("1.4");
    expect([...pdf.fonts.values()]).toEqual([
      { baseFont: "Helvetica", encoding: "WinAnsiEncoding" },
      { baseFont: "Helvetica-Bold", encoding: "WinAnsiEncoding" },
    ]);
    expect(pdf.pages).toHaveLength(1);
    const [page] = pdf.pages;
    expect(page!.lines.slice(0, 5)).toEqual([
      "Extrato de transações",
      "Casa da Ana",
      "Período: 05/11/2026 a 10/11/2026",
      "Gerado em 21/11/2026",
      "Data | Descrição | Tipo | De / Para | Etiquetas | Valor",
    ]);
    // Newest first, like the list; expenses negative, in their own currency; what WinAnsi lacks is "¿".
    expect(page!.lines.slice(5, 9)).toEqual([
      "10/11/2026 | Pão de Açúcar | Despesa | Roxinho | Food, Home | -R$ 1.234,56",
      "09/11/2026 | Relatório (anual) \\ €5 ¿ | Despesa | Wise USD | -US$ 99,00",
      "08/11/2026 | Para a viagem | Transferência | Nubank › Wise USD | R$ 550,00",
      "05/11/2026 | Salário | Receita | Nubank | R$ 3.000,00",
    ]);
    expect(page!.lines.slice(9, 13)).toEqual([
      "Totais",
      "Moeda | Receitas | Despesas | Saldo",
      "BRL | R$ 3.000,00 | -R$ 1.234,56 | R$ 1.765,44",
      "USD | US$ 0,00 | -US$ 99,00 | -US$ 99,00",
    ]);
    expect(allText(pdf)).toMatch(/Transferências e pagamentos de cartão .* não entram nos totais\./s);
    expect(page!.lines.at(-1)).toBe("Página 1 de 1");
    // Amounts are right-aligned: each ends at the same x, measured with Helvetica's widths.
    const amountEnds = page!.pieces
      .filter((piece) => /\$/.test(piece.text) && piece.y > page!.pieces.find((p) => p.text === "Totais")!.y)
      .map((piece) => Math.round((piece.x + measureWinAnsi(toWinAnsi(piece.text), "regular", piece.size)) * 10) / 10);
    expect(amountEnds).toHaveLength(4);
    expect(new Set(amountEnds).size).toBe(1);
    // Nothing is drawn outside the A4 page.
    for (const piece of page!.pieces) {
      expect(piece.x).toBeGreaterThanOrEqual(0);
      expect(piece.y).toBeGreaterThan(0);
      expect(piece.y).toBeLessThan(a4.height);
    }
    expect(new TextDecoder("latin1").decode(bytes.slice(0, 9))).toBe("%PDF-1.4\n");
  });

  it("writes English with the list's filters: only what they keep, their period, and says it is filtered", async () => {
    await upgradeOwner();
    await sampleLedger();
    const response = await t.request(exportPath(`?language=en&type=expense&from=2026-11-01&to=2026-11-30`), {
      token: h.viewer.token,
    });
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="moneta-transactions-2026-11-21.pdf"',
    );
    const pdf = readPdf(await bytesOf(response));
    const lines = pdf.pages[0]!.lines;
    expect(lines.slice(0, 6)).toEqual([
      "Transaction statement",
      "Casa da Ana",
      "Period: 11/01/2026 to 11/30/2026",
      "Generated on 11/21/2026",
      "Only the transactions the list's filters keep (type, account, card, tag, search or amount).",
      "Date | Description | Type | From / To | Tags | Amount",
    ]);
    expect(lines.slice(6, 8)).toEqual([
      "11/10/2026 | Pão de Açúcar | Expense | Roxinho | Food, Home | -R$1,234.56",
      "11/09/2026 | Relatório (anual) \\ €5 ¿ | Expense | Wise USD | -$99.00",
    ]);
    expect(lines).toContain("BRL | R$0.00 | -R$1,234.56 | -R$1,234.56");
    expect(lines).toContain("USD | $0.00 | -$99.00 | -$99.00");
    expect(allText(pdf)).not.toMatch(/Salário|Para a viagem/);
    expect(lines.at(-1)).toBe("Page 1 of 1");

    const tagged = readPdf(
      await bytesOf(await t.request(exportPath(`?language=en&tag_id=${h.food.id}`), { token: h.viewer.token })),
    );
    // Without period filters, the period is the first and last date listed.
    expect(tagged.pages[0]!.lines[2]).toBe("Period: 11/10/2026 to 11/10/2026");
    expect(allText(tagged)).not.toMatch(/Relatório/);
  });

  it("lists a split transaction's parts indented under it, and its note in a smaller line", async () => {
    await upgradeOwner();
    await splitPurchaseIn(h);
    const page = readPdf(await bytesOf(await t.request(exportPath("?language=pt-BR"), { token: h.member.token })))
      .pages[0]!;
    expect(page.lines.slice(5, 9)).toEqual([
      "12/11/2026 | Mercado | Despesa | Nubank | Food, Home | -R$ 100,00",
      "Compra do mês",
      "    Food · Pão e leite | -R$ 80,00",
      "    Home | -R$ 20,00",
    ]);
    const size = (text: string) => page.pieces.find((piece) => piece.text.trim() === text)!.size;
    expect(size("Compra do mês")).toBeLessThan(size("Mercado"));
    expect(size("Home")).toBeLessThan(size("Mercado"));
    // The totals count the transaction once.
    expect(page.lines).toContain("BRL | R$ 0,00 | -R$ 100,00 | -R$ 100,00");
  });

  it("says so when nothing matches, with an empty period", async () => {
    await upgradeOwner();
    const pdf = readPdf(await bytesOf(await t.request(exportPath("?language=pt-BR"), { token: h.member.token })));
    expect(pdf.pages[0]!.lines).toEqual([
      "Extrato de transações",
      "Casa da Ana",
      "Período: todas as datas",
      "Gerado em 21/11/2026",
      "Data | Descrição | Tipo | De / Para | Etiquetas | Valor",
      "Nenhuma transação corresponde a estes filtros.",
      "Totais",
      "Moeda | Receitas | Despesas | Saldo",
      ...pdf.pages[0]!.lines.slice(8, -1),
      "Página 1 de 1",
    ]);
  });

  it("runs many rows onto numbered pages, the header row on each, and caps a statement with a line saying so", async () => {
    await upgradeOwner();
    const yen = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Tokyo", currency: "JPY" });
    await seedLedger(t.db, {
      workspaceId: h.workspaceId,
      createdBy: h.owner.user.id,
      count: 180,
      lastDate: "2026-11-20",
    });
    await recorded({
      type: "expense",
      origin_id: `account:${yen.id}`,
      amount: "1500",
      description: "Ramen",
      date: "2026-11-21",
    });
    const pdf = readPdf(await bytesOf(await t.request(exportPath("?language=en"), { token: h.member.token })));
    const header = "Date | Description | Type | From / To | Tags | Amount";
    expect(pdf.pages.length).toBeGreaterThanOrEqual(4);
    for (const [index, page] of pdf.pages.entries()) {
      expect(page.lines).toContain(header);
      expect(page.lines.at(-1)).toBe(`Page ${index + 1} of ${pdf.pages.length}`);
      if (index > 0) expect(page.lines[0]).toBe("Transaction statement · Casa da Ana");
    }
    const rows = allText(pdf)
      .split("\n")
      .filter((line) => /^\d\d\/\d\d\/\d{4} \|/.test(line));
    expect(rows).toHaveLength(181);
    expect(rows[0]).toBe("11/21/2026 | Ramen | Expense | Tokyo | -¥1,500");
    expect(allText(pdf)).toMatch(/\nJPY \| ¥0 \| -¥1,500 \| -¥1,500\n/);

    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: h.member.user.id,
      sessionId: h.member.sessionId,
      via: "cookie",
    });
    const capped = await exportTransactionsPdf({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, language: "pt-BR", stepRows: 7, maxRows: 20 },
    });
    const cappedPdf = readPdf(capped.bytes);
    const cappedRows = allText(cappedPdf)
      .split("\n")
      .filter((line) => /^\d\d\/\d\d\/\d{4} \|/.test(line));
    expect(cappedRows).toHaveLength(20);
    expect(cappedRows[0]).toMatch(/^21\/11\/2026 \| Ramen/);
    expect(allText(cappedPdf).replaceAll("\n", " ")).toContain(
      "Este extrato lista as primeiras 20 transações (as mais recentes primeiro), e os totais são delas. Restrinja os filtros (um período menor) para ver o restante.",
    );
    const whole = await exportTransactionsPdf({
      ctx,
      input: { workspaceId: h.workspaceId, filters: {}, language: "pt-BR", stepRows: 7, maxRows: 181 },
    });
    expect(allText(readPdf(whole.bytes))).not.toMatch(/Este extrato lista as primeiras/);
  });

  it("refuses a workspace whose owner's plan lacks export features, saying CSV is free", async () => {
    await sampleLedger();
    const refused = await t.request(exportPath("?language=en"), { token: h.owner.token });
    expect(refused.status).toBe(403);
    const envelope = await refused.json();
    expect(envelope.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect(envelope.message).toMatch(/Excel and PDF exports come with the Unlimited plan; CSV export is free/);
    const portuguese = await t.request(exportPath(), { token: h.member.token, headers: { Cookie: "lang=pt-BR" } });
    expect((await portuguese.json()).message).toMatch(/Exportar para Excel e PDF faz parte do plano Ilimitado/);
  });

  it("answers a stranger 404 (before the plan is told), no session 401 and bad parameters 422", async () => {
    const stranger = await signInAs(t, { name: "Stranger" });
    const outsider = await t.request(exportPath(), { token: stranger.token });
    expect(outsider.status).toBe(404);
    expect((await outsider.json()).code).toBe("NOT_FOUND");
    expect((await t.request(exportPath())).status).toBe(401);
    const invalid = await t.request(exportPath("?language=fr&from=2026-13-01"), { token: h.member.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["from", "language"]);
  });
});

describe("the PDF's pieces", () => {
  it("encodes text as WinAnsi: accents, €, typographic quotes; '¿' for what it lacks; spaces for NBSP", () => {
    expect([...toWinAnsi("Pão ç € “ok” — …")].map((c) => c.charCodeAt(0))).toEqual([
      0x50, 0xe3, 0x6f, 0x20, 0xe7, 0x20, 0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94, 0x20, 0x97, 0x20, 0x85,
    ]);
    expect(toWinAnsi(`R$${nbsp}1\u202f2 漢🍕\t`)).toBe("R$ 1 2 \xbf\xbf ");
  });

  it("measures with Helvetica's metrics and cuts long text with an ellipsis that fits", () => {
    // R 722, e 556, l 222, a 556, t 278, ó 556, r 333, i 222, o 556 (Helvetica); bold W is 944.
    expect(measureWinAnsi(toWinAnsi("Relatório"), "regular", 1000)).toBe(4001);
    expect(measureWinAnsi(toWinAnsi("W"), "bold", 10)).toBeCloseTo(9.44);
    const cut = fitWinAnsi("Supermercado Pão de Açúcar da esquina", "regular", 8, 60);
    expect(cut.endsWith("\x85")).toBe(true);
    expect(measureWinAnsi(cut, "regular", 8)).toBeLessThanOrEqual(60);
    expect(fitWinAnsi("Pão", "regular", 8, 60)).toBe(toWinAnsi("Pão"));
  });

  it("writes an xref whose every offset lands on its object, and escapes ( ) \\ in strings", async () => {
    const pages = [new PdfPage(), new PdfPage()];
    pages[0]!.text(40, 800, "a (b) \\ c)", { size: 10 });
    pages[1]!.text(40, 800, "((", { size: 10, font: "bold" });
    const bytes = await writePdf({
      pages,
      title: "Relatório",
      language: "pt-BR",
      createdAt: new Date("2026-11-21T15:00:00Z"),
    });
    const pdf = readPdf(bytes);
    expect(pdf.pages.map((page) => page.lines)).toEqual([["a (b) \\ c)"], ["(("]]);
    expect(pdf.objects.size).toBe(5 + 2 * 2);
    expect(pdf.objects.get(5)).toContain("/CreationDate (D:20261121150000Z)");
    // readPdf threw otherwise; a shifted byte must make it throw.
    const shifted = new Uint8Array([...bytes.slice(0, 20), 0x20, ...bytes.slice(20)]);
    expect(() => readPdf(shifted)).toThrow(/xref/);
  });
});
