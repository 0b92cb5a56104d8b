import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertWorkspace } from "../../../db/factories.ts";
import { accounts, ledgerDayFlows, statementImports, transactions, workspaces } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

const fixtureBytes = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/statements/${name}`, import.meta.url)));

type Line = {
  line: number;
  date: string;
  description: string;
  amount: string;
  imported_id: string | null;
  transfer_with?: string | null;
};

/** A small OFX 1.x statement (SGML, unclosed leaf tags, comma decimals) in Windows-1252 bytes. */
function itauOfx(
  entries: Array<{ id: string; date: string; amount: string; memo: string }>,
  currency = "BRL",
): Uint8Array<ArrayBuffer> {
  const body = entries
    .map(
      (entry) =>
        `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${entry.date.replaceAll("-", "")}120000[-3:BRT]\n<TRNAMT>${entry.amount}\n<FITID>${entry.id}\n<MEMO>${entry.memo}\n</STMTTRN>`,
    )
    .join("\n");
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>${currency}\n<BANKTRANLIST>\n<DTSTART>20261101\n<DTEND>20261130\n${body}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
  // Windows-1252: every character here is below 0x100, so each is one byte.
  return Uint8Array.from(text, (character) => character.charCodeAt(0));
}

const november = [
  { id: "2026110501", date: "2026-11-05", amount: "3000,00", memo: "SALÁRIO ACME" },
  { id: "2026110702", date: "2026-11-07", amount: "-386,80", memo: "PÃO DE AÇÚCAR" },
  { id: "2026110903", date: "2026-11-09", amount: "-45,90", memo: "UBER *TRIP" },
];

describe("importing a bank statement", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });
  const importsPath = (suffix = "") => `/api/workspaces/${h.workspaceId}/imports${suffix}`;

  async function preview(
    bytes: Uint8Array<ArrayBuffer>,
    target: string,
    options: { token?: string; csvMapping?: unknown; name?: string; statement?: string; csvStartLine?: string } = {},
  ) {
    const form = new FormData();
    form.set("file", new File([bytes], options.name ?? "extrato.ofx"));
    form.set("target", target);
    if (options.csvMapping) form.set("csv_mapping", JSON.stringify(options.csvMapping));
    if (options.statement !== undefined) form.set("statement", options.statement);
    if (options.csvStartLine !== undefined) form.set("csv_start_line", options.csvStartLine);
    return t.request(importsPath("/preview"), { method: "POST", body: form, token: options.token ?? h.member.token });
  }

  async function previewed(bytes: Uint8Array<ArrayBuffer>, target = `account:${h.checking.id}`, statement?: string) {
    const response = await preview(bytes, target, { statement });
    expect(response.status).toBe(200);
    return (await response.json()).data as {
      format: string;
      ofx: {
        statements: Array<{
          index: number;
          kind: string;
          account_ending: string | null;
          currency: string | null;
          line_count: number;
        }>;
        statement_index: number;
        currency: string | null;
        skipped: { trades: number; balance_rows: number };
      } | null;
      lines: Array<
        Omit<Line, "transfer_with"> & {
          status: string;
          reason: string | null;
          existing: { uuid: string } | null;
          transfer_with: { type: string; uuid: string; name: string } | null;
        }
      >;
      counts: Record<string, number>;
    };
  }

  /** What the import dialog does: create the import, then send the new lines in chunks. */
  async function imported(lines: Line[], target = `account:${h.checking.id}`, chunkSize = 500) {
    const created = await t.request(importsPath(), {
      method: "POST",
      token: h.member.token,
      json: { target, file_name: "extrato.ofx", format: "ofx", line_count: lines.length },
    });
    expect(created.status).toBe(201);
    const record = (await created.json()).data as { uuid: string };
    const answers = [];
    for (let index = 0; index * chunkSize < lines.length; index += 1) {
      const chunk = await t.request(importsPath(`/${record.uuid}/chunks`), {
        method: "POST",
        token: h.member.token,
        json: { chunk_index: index, lines: lines.slice(index * chunkSize, (index + 1) * chunkSize) },
      });
      expect(chunk.status).toBe(200);
      answers.push((await chunk.json()).data);
    }
    return { importId: record.uuid, answers };
  }

  const newLines = (data: Awaited<ReturnType<typeof previewed>>) =>
    data.lines
      .filter((line) => line.status === "new")
      .map(({ line, date, description, amount, imported_id }) => ({ line, date, description, amount, imported_id }));

  it("previews an OFX file's lines signed from the account's side, writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const data = await previewed(itauOfx(november));
    expect(data.format).toBe("ofx");
    expect(
      data.lines.map(({ date, description, amount, imported_id, status }) => ({
        date,
        description,
        amount,
        imported_id,
        status,
      })),
    ).toEqual([
      { date: "2026-11-05", description: "SALÁRIO ACME", amount: "3000.00", imported_id: "2026110501", status: "new" },
      { date: "2026-11-07", description: "PÃO DE AÇÚCAR", amount: "-386.80", imported_id: "2026110702", status: "new" },
      { date: "2026-11-09", description: "UBER *TRIP", amount: "-45.90", imported_id: "2026110903", status: "new" },
    ]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("writes the lines as income and expenses with their balances, and a second import of the file creates nothing", async () => {
    const first = await previewed(itauOfx(november));
    const { answers } = await imported(newLines(first));
    expect(answers).toEqual([{ chunk_index: 0, created: 3, skipped: 0 }]);
    // R$ 1 000,00 + 3 000,00 − 386,80 − 45,90
    expect((await h.balances()).checking).toBe(356_730);
    const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, h.workspaceId));
    expect(rows.map((row) => [row.kind, row.amountCents, row.importedId]).sort()).toEqual(
      [
        ["expense", 38_680, "2026110702"],
        ["expense", 4_590, "2026110903"],
        ["income", 300_000, "2026110501"],
      ].sort(),
    );
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, h.workspaceId));
    expect(workspace!.transactionCount).toBe(3);

    const again = await previewed(itauOfx(november));
    expect(again.lines.map((line) => [line.status, line.reason])).toEqual([
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
    ]);
    // Sent anyway (an API client ignoring the preview), the taken lines are skipped, not written twice.
    const { answers: forced } = await imported(newLines(first));
    expect(forced).toEqual([{ chunk_index: 0, created: 0, skipped: 3 }]);
    expect((await h.balances()).checking).toBe(356_730);
  });

  it("flags a transaction already typed by hand as a possible duplicate, claimed by one line only", async () => {
    const typed = await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "45.90",
      description: "Uber para o trabalho",
      date: "2026-11-08",
    });
    const { uuid } = (await typed.json()).data;
    const twice = [...november, { id: "2026110904", date: "2026-11-09", amount: "-45,90", memo: "UBER *TRIP" }];
    const data = await previewed(itauOfx(twice));
    const uber = data.lines.filter((line) => line.description === "UBER *TRIP");
    expect(uber.map((line) => [line.status, line.existing?.uuid ?? null])).toEqual([
      ["possible_duplicate", uuid],
      ["new", null],
    ]);
    expect(data.counts).toEqual({ new: 3, duplicate: 0, possible_duplicate: 1, refused: 0 });
  });

  it("answers a chunk sent again from its claim, and twins racing write it once", async () => {
    const lines = newLines(await previewed(itauOfx(november)));
    const created = await t.request(importsPath(), {
      method: "POST",
      token: h.member.token,
      json: { target: `account:${h.checking.id}`, file_name: "a.ofx", format: "ofx", line_count: 3 },
    });
    const { uuid } = (await created.json()).data;
    const send = () =>
      t.request(importsPath(`/${uuid}/chunks`), {
        method: "POST",
        token: h.member.token,
        json: { chunk_index: 0, lines },
      });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect((await answer.json()).data).toEqual({ chunk_index: 0, created: 3, skipped: 0 });
    }
    expect(await t.db.$count(transactions, eq(transactions.importId, uuid))).toBe(3);
    expect((await h.balances()).checking).toBe(356_730);
  });

  it("undoes an import: its transactions go, balances and reports move back, and it takes no more chunks", async () => {
    const before = await h.balances();
    const { importId } = await imported(newLines(await previewed(itauOfx(november))), `account:${h.checking.id}`, 2);
    const undone = await t.request(importsPath(`/${importId}`), { method: "DELETE", token: h.member.token });
    expect(undone.status).toBe(200);
    const body = (await undone.json()).data;
    expect(body.undone_at).toBe("2026-11-21T15:00:00.000Z");
    expect(body.created_count).toBe(3);
    expect(await h.balances()).toEqual(before);
    expect(await t.db.$count(transactions, eq(transactions.workspaceId, h.workspaceId))).toBe(0);
    const flows = await t.db
      .select({ total: sql<number>`coalesce(sum(${ledgerDayFlows.amountUnits}), 0)` })
      .from(ledgerDayFlows)
      .where(eq(ledgerDayFlows.workspaceId, h.workspaceId));
    expect(flows[0]!.total).toBe(0);
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, h.workspaceId));
    expect(workspace!.transactionCount).toBe(0);

    const late = await t.request(importsPath(`/${importId}/chunks`), {
      method: "POST",
      token: h.member.token,
      json: { chunk_index: 5, lines: [{ line: 1, date: "2026-11-01", description: "x", amount: "-1.00" }] },
    });
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe("IMPORT_UNDONE");
    // Undoing again answers the undone import and changes nothing.
    const again = await t.request(importsPath(`/${importId}`), { method: "DELETE", token: h.member.token });
    expect(again.status).toBe(200);
    expect(await h.balances()).toEqual(before);
  });

  it("undoes an import that created nothing by its mark alone", async () => {
    const created = await t.request(importsPath(), {
      method: "POST",
      token: h.member.token,
      json: { target: `account:${h.checking.id}`, file_name: "vazio.ofx", format: "ofx", line_count: 0 },
    });
    const { uuid } = (await created.json()).data;
    const undone = await t.request(importsPath(`/${uuid}`), { method: "DELETE", token: h.member.token });
    expect(undone.status).toBe(200);
    expect((await undone.json()).data.undone_at).toBe("2026-11-21T15:00:00.000Z");
  });

  it("undoes an import whose transaction was edited since, by what the transaction is now", async () => {
    const before = await h.balances();
    const { importId } = await imported(newLines(await previewed(itauOfx(november))));
    const [groceries] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.importId, importId), eq(transactions.importedId, "2026110702")));
    const edited = await t.request(`/api/workspaces/${h.workspaceId}/transactions/${groceries!.id}`, {
      method: "PUT",
      token: h.member.token,
      json: {
        type: "expense",
        origin_id: `card:${h.credit.id}`,
        amount: "400",
        description: "Mercado",
        date: "2026-11-07",
      },
    });
    expect(edited.status).toBe(200);
    const undone = await t.request(importsPath(`/${importId}`), { method: "DELETE", token: h.member.token });
    expect(undone.status).toBe(200);
    expect(await h.balances()).toEqual(before);
  });

  it("imports a card statement: purchases raise its debt, a refund lowers it", async () => {
    const lines: Line[] = [
      { line: 3, date: "2026-11-02", description: "iFood", amount: "-52.40", imported_id: null },
      { line: 4, date: "2026-11-03", description: "Estorno iFood", amount: "12.00", imported_id: null },
    ];
    await imported(lines, `card:${h.credit.id}`);
    expect((await h.balances()).creditDebt).toBe(4_040);
    expect((await h.balances()).checking).toBe(100_000);
  });

  it("lists the workspace's imports, newest first, and one account's", async () => {
    await imported(newLines(await previewed(itauOfx(november))));
    const listed = await t.request(importsPath(`?target=account:${h.checking.id}`), { token: h.viewer.token });
    expect(listed.status).toBe(200);
    const [first] = (await listed.json()).data;
    expect(first).toMatchObject({
      file_name: "extrato.ofx",
      format: "ofx",
      target: { type: "account", uuid: h.checking.id, name: "Nubank" },
      line_count: 3,
      created_count: 3,
      created_by: { name: "Mia Member" },
      undone_at: null,
    });
    const other = await t.request(importsPath(`?target=account:${h.dollars.id}`), { token: h.viewer.token });
    expect((await other.json()).data).toEqual([]);
  });

  it("refuses a malformed file naming its line, and writes nothing", async () => {
    const broken = itauOfx(november.slice(0, 2));
    const text = new TextDecoder("latin1").decode(broken).replace("<TRNAMT>-386,80", "<TRNAMT>-38x,80");
    const response = await preview(
      Uint8Array.from(text, (character) => character.charCodeAt(0)),
      `account:${h.checking.id}`,
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("IMPORT_FILE_INVALID");
    expect(body.message).toMatch(/^Line \d+: "-38x,80"/);
  });

  it("takes the statement only as a multipart form: a JSON or text body is 415", async () => {
    for (const [type, body] of [
      ["application/json", JSON.stringify({ target: `account:${h.checking.id}`, file: "OFXHEADER:100" })],
      ["text/plain", "OFXHEADER:100"],
    ]) {
      const response = await t.request(importsPath("/preview"), {
        method: "POST",
        token: h.member.token,
        headers: { "Content-Type": type! },
        body,
      });
      expect(response.status).toBe(415);
      expect((await response.json()).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("refuses a file over 5 MB with 413", async () => {
    const response = await preview(new Uint8Array(5 * 1024 * 1024 + 1).fill(65), `account:${h.checking.id}`);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("marks lines the account's currency cannot hold as refused", async () => {
    const data = await previewed(
      itauOfx([
        { id: "a", date: "2026-11-01", amount: "0,00", memo: "TARIFA ZERADA" },
        { id: "b", date: "2026-11-01", amount: "-1,999", memo: "TRES CASAS" },
      ]),
    );
    expect(data.lines.map((line) => [line.status, line.reason])).toEqual([
      ["refused", "zero_amount"],
      ["refused", "too_many_decimals"],
    ]);
    // Zeros closing the decimals say nothing: 1500,00 is whole yen in a yen account.
    const yen = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Tóquio", currency: "JPY" });
    const yenData = await previewed(
      itauOfx(
        [
          { id: "c", date: "2026-11-01", amount: "-1500,00", memo: "RAMEN" },
          { id: "d", date: "2026-11-01", amount: "-1500,50", memo: "MEIO IENE" },
        ],
        "JPY",
      ),
      `account:${yen.id}`,
    );
    expect(yenData.lines.map((line) => [line.amount, line.status, line.reason])).toEqual([
      ["-1500", "new", null],
      ["-1500.50", "refused", "too_many_decimals"],
    ]);
  });

  it("keeps a file's statements apart: each previewed on its own, into its own account", async () => {
    const savingsAccount = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Poupança", currency: "BRL" });
    const before = await snapshotDatabase(t.db);
    const bytes = fixtureBytes("itau-checking-and-savings.ofx");
    const checking = await previewed(bytes);
    expect(checking.ofx).toEqual({
      statements: [
        { index: 0, kind: "bank", account_ending: "3195", currency: "BRL", line_count: 4 },
        { index: 1, kind: "bank", account_ending: "5500", currency: "BRL", line_count: 2 },
      ],
      statement_index: 0,
      currency: "BRL",
      skipped: { trades: 0, balance_rows: 2 },
    });
    // The savings account's interest is not booked into the checking account, nor any balance row.
    expect(checking.lines.map((line) => line.description)).toEqual([
      "PAGTO CONTA LUZ",
      "SALÁRIO ACME LTDA",
      "PÃO DE AÇÚCAR 0123",
      "RESGATE SALDO POUPANÇA",
    ]);
    const savings = await previewed(bytes, `account:${savingsAccount.id}`, "1");
    expect(savings.ofx?.statement_index).toBe(1);
    expect(savings.lines.map((line) => [line.description, line.amount, line.status])).toEqual([
      ["RESGATE POUPANÇA", "-300.00", "new"],
      ["REND POUPANÇA", "52.18", "new"],
    ]);
    for (const statement of ["2", "-1", "x"]) {
      const response = await preview(bytes, `account:${h.checking.id}`, { statement });
      expect(response.status).toBe(422);
      expect((await response.json()).errors).toHaveProperty("statement");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("never books a statement in another currency: every line is refused, shown in the file's currency", async () => {
    const dollars = await previewed(fixtureBytes("us-bank.ofx"));
    expect(dollars.ofx?.currency).toBe("USD");
    expect(dollars.counts).toEqual({ new: 0, duplicate: 0, possible_duplicate: 0, refused: 7 });
    expect(new Set(dollars.lines.map((line) => line.reason))).toEqual(new Set(["other_currency"]));
    expect(dollars.lines[0]!.amount).toBe("-54.23");
    // Into the dollar account it reads as usual; an investment statement gives its cash lines and says what it left out.
    const brokerage = await previewed(fixtureBytes("brokerage.ofx"), `account:${h.dollars.id}`);
    expect(brokerage.ofx?.statements[0]).toMatchObject({ kind: "investment", currency: "USD", line_count: 2 });
    expect(brokerage.ofx?.skipped).toEqual({ trades: 3, balance_rows: 0 });
    expect(brokerage.lines.map((line) => [line.amount, line.status])).toEqual([
      ["3000.00", "new"],
      ["1.37", "new"],
    ]);
  });

  it("tells apart different lines sharing a bank id, and finds each again on the next import", async () => {
    const bytes = fixtureBytes("banco-do-brasil-repeated-fitid.ofx");
    const first = await previewed(bytes);
    expect(first.lines.map((line) => [line.description, line.imported_id, line.status, line.reason])).toEqual([
      ["Tarifa Pacote de Serviços", "20240205", "new", null],
      ["Pagamento de Boleto", "20240205#2", "new", null],
      ["Pix - Recebido Ana Lúcia", "20240205#3", "new", null],
      ["Compra com Cartão", "20240208099990", "new", null],
      ["Compra com Cartão", "20240208099990", "duplicate", "same_file"],
    ]);
    await imported(newLines(first));
    const again = await previewed(bytes);
    expect(again.lines.map((line) => [line.status, line.reason])).toEqual([
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
      ["duplicate", "imported_id"],
    ]);
  });

  it("reads a CSV below the bank's account details, and remembers where its table starts", async () => {
    const inter = fixtureBytes("inter.csv");
    const response = await preview(inter, `account:${h.checking.id}`, { name: "extrato-inter.csv" });
    expect(response.status).toBe(200);
    const data = (await response.json()).data;
    expect(data.csv).toMatchObject({
      start_line: 6,
      header: ["Data Lançamento", "Histórico", "Descrição", "Valor", "Saldo"],
    });
    expect(data.needs_mapping).toBe(false);
    expect(data.lines.map((line: Line) => [line.line, line.amount])).toEqual([
      [7, "9.12"],
      [8, "-780.00"],
      [9, "4200.00"],
      [10, "-35.00"],
    ]);
    for (const csvStartLine of ["0", "1001", "seis"]) {
      const refused = await preview(inter, `account:${h.checking.id}`, { csvStartLine });
      expect(refused.status).toBe(422);
      expect((await refused.json()).errors).toHaveProperty("csv_start_line");
    }
    // Said by the person, the line is where the table starts: from line 1 nothing names the columns.
    const fromTop = (await (await preview(inter, `account:${h.checking.id}`, { csvStartLine: "1" })).json()).data;
    expect(fromTop.csv.start_line).toBe(1);
    expect(fromTop.needs_mapping).toBe(true);
    // The mapping kept with the import starts the account's next CSV from the same line.
    const created = await t.request(importsPath(), {
      method: "POST",
      token: h.member.token,
      json: {
        target: `account:${h.checking.id}`,
        file_name: "extrato-inter.csv",
        format: "csv",
        csv_mapping: data.csv.mapping,
        line_count: 4,
      },
    });
    expect(created.status).toBe(201);
    const next = (
      await (await preview(fixtureBytes("unknown-layout.csv"), `account:${h.checking.id}`, { name: "x.csv" })).json()
    ).data;
    expect(next.csv.remembered_mapping).toMatchObject({ startLine: 6, delimiter: ";" });
  });

  it("brings Moneta's own export back from the account's side: a transfer as a transfer, another account's rows left out", async () => {
    const exported = fixtureBytes("moneta-export-en.csv");
    const checking = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Checking", currency: "BRL" });
    const savings = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Savings", currency: "BRL" });
    const intoChecking = await previewed(exported, `account:${checking.id}`);
    expect(
      intoChecking.lines.map((line) => [
        line.description,
        line.amount,
        line.status,
        line.reason,
        line.transfer_with?.name ?? null,
      ]),
    ).toEqual([
      ["Groceries at Pão de Açúcar", "-152.30", "new", null, null],
      ["Salary", "5000.00", "new", null, null],
      // The file writes a transfer positive; from Checking's side it leaves.
      ["To savings", "-1000.00", "new", null, "Savings"],
      ["-50% sale", "-10.00", "refused", "other_account", null],
      ["Hotel in Lisbon", "-120.00", "refused", "other_account", null],
      // Converted on the way (it arrived in euros): money out, not a transfer at an invented rate.
      ["Euros for the trip", "-600.00", "new", null, null],
    ]);
    const written = intoChecking.lines
      .filter((line) => line.status === "new")
      .map(({ line, date, description, amount, imported_id, transfer_with }) => ({
        line,
        date,
        description,
        amount,
        imported_id,
        transfer_with: transfer_with ? `${transfer_with.type}:${transfer_with.uuid}` : null,
      }));
    const { importId } = await imported(written, `account:${checking.id}`);
    const [transfer] = await t.db.select().from(transactions).where(eq(transactions.description, "To savings"));
    expect(transfer).toMatchObject({
      kind: "transfer",
      originAccountId: checking.id,
      destinationAccountId: savings.id,
      amountCents: 100_000,
      importId,
    });
    const balanceOf = async (id: string) =>
      (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;
    expect(await balanceOf(savings.id)).toBe(100_000);
    expect(await balanceOf(checking.id)).toBe(-152_30 + 500_000 - 100_000 - 60_000);
    // The same file into Savings: its one row is the transfer already there.
    const intoSavings = await previewed(exported, `account:${savings.id}`);
    expect(intoSavings.lines.map((line) => [line.amount, line.status, line.reason])).toEqual([
      ["-152.30", "refused", "other_account"],
      ["5000.00", "refused", "other_account"],
      ["1000.00", "duplicate", "imported_id"],
      ["-10.00", "refused", "other_account"],
      ["-120.00", "refused", "other_account"],
      ["600.00", "refused", "other_account"],
    ]);
    // Undone, the transfer leaves both accounts.
    expect((await t.request(importsPath(`/${importId}`), { method: "DELETE", token: h.member.token })).status).toBe(
      200,
    );
    expect([await balanceOf(checking.id), await balanceOf(savings.id)]).toEqual([0, 0]);
  });

  it("keeps viewers out and another workspace's accounts and imports out of reach", async () => {
    const viewerPreview = await preview(itauOfx(november), `account:${h.checking.id}`, { token: h.viewer.token });
    expect(viewerPreview.status).toBe(403);
    const { importId } = await imported(newLines(await previewed(itauOfx(november))));
    const stranger = await insertWorkspace(t.db, { ownerId: h.owner.user.id, currency: "BRL" });
    const elsewhere = await t.request(`/api/workspaces/${stranger.id}/imports/${importId}`, {
      method: "DELETE",
      token: h.owner.token,
    });
    expect(elsewhere.status).toBe(404);
    const intoOther = await t.request(`/api/workspaces/${stranger.id}/imports`, {
      method: "POST",
      token: h.owner.token,
      json: { target: `account:${h.checking.id}`, file_name: "x.ofx", format: "ofx", line_count: 1 },
    });
    expect(intoOther.status).toBe(422);
    expect(await t.db.$count(statementImports)).toBe(1);
  });
});
