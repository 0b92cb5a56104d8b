import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isOfx, type OfxStatement, parseOfx } from "../../../worker/imports/ofx.ts";
import { maxStatementLines, type StatementLine, StatementProblem } from "../../../worker/imports/statement.ts";
import { decodeStatementBytes } from "../../../worker/imports/statement-text.ts";

const fixtureText = (name: string) =>
  decodeStatementBytes(new Uint8Array(readFileSync(new URL(`../../fixtures/statements/${name}`, import.meta.url))));

const line = (
  at: number,
  date: string,
  description: string,
  amount: string,
  importedId: string | null,
): StatementLine => ({ line: at, date, description, amount, importedId });

/** Where and why parsing refused the text; fails the test when it did not. */
function problemOf(text: string): { line: number; reason: string; values: Record<string, string | number> } {
  try {
    parseOfx(text);
  } catch (error) {
    if (!(error instanceof StatementProblem)) throw error;
    return { line: error.line, reason: error.reason, values: error.values };
  }
  throw new Error("the text was read without a problem");
}

/** Every statement's lines, in file order. */
const linesOf = (text: string) => parseOfx(text).flatMap((statement) => statement.lines);
const noneSkipped = { trades: 0, balanceRows: 0 };

const sgmlHeader = [
  "OFXHEADER:100",
  "DATA:OFXSGML",
  "VERSION:102",
  "SECURITY:NONE",
  "ENCODING:USASCII",
  "CHARSET:1252",
  "COMPRESSION:NONE",
  "OLDFILEUID:NONE",
  "NEWFILEUID:NONE",
  "",
];

/** An OFX 1.x bank statement around `body` lines; the first body line is line 17 of the file. */
const sgmlStatement = (body: string[], lineBreak = "\n") =>
  [
    ...sgmlHeader,
    "<OFX>",
    "<BANKMSGSRSV1>",
    "<STMTTRNRS>",
    "<STMTRS>",
    "<CURDEF>BRL",
    "<BANKTRANLIST>",
    ...body,
    "</BANKTRANLIST>",
    "</STMTRS>",
    "</STMTTRNRS>",
    "</BANKMSGSRSV1>",
    "</OFX>",
    "",
  ].join(lineBreak);
const firstBodyLine = 17;

/** One SGML transaction with these leaves (in this order), each on its own line. */
const sgmlTransaction = (leaves: Record<string, string>) => [
  "<STMTTRN>",
  ...Object.entries(leaves).map(([name, value]) => `<${name}>${value}`),
  "</STMTTRN>",
];
const usualLeaves = { TRNTYPE: "DEBIT", DTPOSTED: "20240105", TRNAMT: "-10,00", FITID: "A1", MEMO: "PADARIA" };

describe("reading the banks' OFX files", () => {
  it.each<[string, Omit<OfxStatement, "skipped">]>([
    [
      "nubank.ofx",
      {
        currency: "BRL",
        kind: "bank",
        account: { bankId: "0260", accountId: "73104582-6" },
        lines: [
          line(
            48,
            "2024-01-03",
            "Compra no débito - Padaria São João",
            "-45.90",
            "6595a1c2-7a3b-4c1e-9d2f-1a2b3c4d5e01",
          ),
          line(
            56,
            "2024-01-05",
            "Transferência recebida pelo Pix - ESTÚDIO ALFA LTDA - 12.345.678/0001-90",
            "2800.00",
            "6597f0a4-2b1c-4d8e-8f3a-5b6c7d8e9f02",
          ),
          line(
            64,
            "2024-01-10",
            "Pagamento de boleto efetuado - OPERADORA TELECOM S.A.",
            "-129.99",
            "659e3b7d-9c4e-4a2b-b1d3-2c3d4e5f6a03",
          ),
          line(
            72,
            "2024-01-14",
            "Transferência enviada pelo Pix - Carla Mendes - •••.123.456-••",
            "-600.00",
            "65a3c8e1-0d5f-4b3c-a2e4-3d4e5f6a7b04",
          ),
          line(
            80,
            "2024-01-18",
            "Estorno - Compra no débito - Loja Virtual",
            "59.90",
            "65a8f2b6-1e6a-4c4d-93f5-4e5f6a7b8c05",
          ),
          line(88, "2024-01-25", "Aplicação RDB", "-1000.00", "65b1d4c9-2f7b-4d5e-84a6-5f6a7b8c9d06"),
        ],
      },
    ],
    [
      "itau.ofx",
      {
        currency: "BRL",
        kind: "bank",
        account: { bankId: "0341", accountId: "4821073195" },
        lines: [
          line(39, "2024-01-02", "PAGTO CONTA LUZ", "-386.80", "20240102001"),
          line(47, "2024-01-05", "SALÁRIO ACME LTDA", "6250.00", "20240105001"),
          line(55, "2024-01-08", "PÃO DE AÇÚCAR 0123", "-152.37", "20240108001"),
          line(63, "2024-01-10", "PIX TRANSF JOSÉ 10/01 – ALUGUEL", "-1890.00", "20240110001"),
          line(71, "2024-01-15", "TAR PACOTE ITAÚ", "-45.9", "20240115001"),
          line(79, "2024-01-20", "PIX RECEBIDO MARIA", "120.00", "20240120001"),
          // 23:59:59 in Brasília is the next day in UTC; the bank booked it on the 31st.
          line(87, "2024-01-31", "REND PAGO APLIC AUT", "0.87", "20240131001"),
        ],
      },
    ],
    [
      "bradesco.ofx",
      {
        currency: "BRL",
        kind: "bank",
        account: { bankId: "0237", accountId: "0087412" },
        lines: [
          line(44, "2024-01-03", "TARIFA BANCÁRIA CESTA CLASSIC", "-89.90", "0000101"),
          line(51, "2024-01-05", "TRANSFERÊNCIA PIX REM: JOÃO DA SILVA", "3500.00", "0000102"),
          line(58, "2024-01-09", "C&A MODAS SHOP. ELDORADO", "-230.45", "0000103"),
          line(65, "2024-01-12", "PAGTO ELETRON COBRANÇA CONDOMÍNIO", "-1200.00", "0000104"),
          line(72, "2024-01-18", "RENDIMENTO POUPANÇA", "12.34", "0000105"),
          line(79, "2024-01-25", "SAQUE 24H BANCO24HORAS", "-60.00", "0000106"),
        ],
      },
    ],
    [
      "banco-do-brasil.ofx",
      {
        currency: "BRL",
        kind: "bank",
        account: { bankId: "1", accountId: "56789-0" },
        lines: [
          line(40, "2024-01-02", "Cobrança referente 01/2024", "-25.00", "20240102125000"),
          line(50, "2024-01-04", "04/01 09:15 Ana Lúcia Ferreira", "1500.00", "20240104091500"),
          line(60, "2024-01-08", "Pagamento de Boleto", "-310.50", "20240108310500"),
          line(69, "2024-01-11", "Compra com Cartão", "-99.99", "20240111099990"),
          line(79, "2024-01-19", "Cobrança de I.O.F.", "-2.35", "20240119002350"),
          line(88, "2024-01-26", "26/01 0001 12345-6 Pedro Araújo", "850.00", "20240126850000"),
        ],
      },
    ],
    [
      "inter.ofx",
      {
        currency: "BRL",
        kind: "bank",
        account: { bankId: "077", accountId: "18236120" },
        lines: [
          line(36, "2024-01-04", "Pix enviado: Lanchonete Avenida", "-35.00", "202401040001"),
          line(43, "2024-01-05", 'Pix recebido: "João Pereira"', "4200.00", "202401050002"),
          line(50, "2024-01-11", "Compra no débito: Drogaria São Paulo", "-249.90", "202401110003"),
          line(57, "2024-01-15", "Pagamento efetuado: CONDOMÍNIO RESIDENCIAL IPÊ", "-780.00", "202401150004"),
          line(64, "2024-01-31", "Crédito de rendimento: CDB – liquidez diária", "9.12", "202401310005"),
        ],
      },
    ],
    [
      "us-bank.ofx",
      {
        currency: "USD",
        kind: "card",
        account: { bankId: null, accountId: "4485000011114821" },
        lines: [
          line(17, "2024-01-03", "WHOLE FOODS MARKET AUSTIN TX", "-54.23", "2024010324692160003000123"),
          line(25, "2024-01-05", "NETFLIX.COM", "-12.99", "2024010524692160005000456"),
          line(32, "2024-01-10", "SHELL OIL 57442", "-128.40", "2024011024692160010000789"),
          line(46, "2024-01-15", "ONLINE PAYMENT - THANK YOU", "1250.00", "2024011574692160015000012"),
          line(54, "2024-01-31", "STARBUCKS STORE 0812", "-7.50", "2024013124692160031000345"),
          line(62, "2024-02-01", "RETURN: TARGET 00012", "25.00", "2024020174692160032000678"),
          // 23:00 in California is 07:00 UTC on the 2nd; the card booked it on the 1st.
          line(69, "2024-02-01", "AMZN.COM/BILL WA", "-89.00", "2024020124692160032000901"),
        ],
      },
    ],
  ])("reads %s line by line", (name, expected) => {
    const text = fixtureText(name);
    expect(isOfx(text)).toBe(true);
    expect(parseOfx(text)).toEqual([{ ...expected, skipped: noneSkipped }]);
  });
});

describe("recognising OFX", () => {
  it("knows a 1.x header, a 2.x processing instruction and a bare <OFX> tag", () => {
    expect(isOfx("OFXHEADER:100\nDATA:OFXSGML\n\n<OFX>")).toBe(true);
    expect(isOfx('<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="220"?><OFX></OFX>')).toBe(true);
    expect(isOfx("\n\n<OFX>\n<SIGNONMSGSRSV1>")).toBe(true);
    expect(isOfx("\uFEFFOFXHEADER:100")).toBe(true);
  });

  it("does not take a CSV, an HTML page or OFX mentioned far into another file for OFX", () => {
    expect(isOfx("Data,Valor,Identificador,Descrição\n01/01/2024,-10.00,abc,Padaria")).toBe(false);
    expect(isOfx("<!DOCTYPE html><html><body>Sessão expirada</body></html>")).toBe(false);
    expect(isOfx(`date,title,amount\n${"2024-01-01,x,1\n".repeat(500)}<OFX>`)).toBe(false);
  });

  it("refuses a file that is not OFX, and an empty one, on line 1", () => {
    expect(problemOf("date,title,amount\n2024-01-01,Padaria,10.00\n")).toEqual({
      line: 1,
      reason: "unknownFormat",
      values: {},
    });
    for (const empty of ["", "  \r\n\t\n", "\uFEFF"]) {
      expect(problemOf(empty)).toEqual({ line: 1, reason: "empty", values: {} });
    }
  });
});

describe("reading amounts", () => {
  it.each([
    ["-386,80", "-386.80"],
    ["386,80", "386.80"],
    ["-1.234,56", "-1234.56"],
    ["12.345.678,9", "12345678.9"],
    ["+120,00", "120.00"],
    ["-1234.56", "-1234.56"],
    ["1234.5", "1234.5"],
    ["+25.00", "25.00"],
    ["20", "20"],
    ["-7", "-7"],
    ["007,50", "7.50"],
    [",5", "0.5"],
    [".75", "0.75"],
    ["-0,00", "0.00"],
    ["1.234", "1.234"],
    ["  -45.90  ", "-45.90"],
  ])("reads TRNAMT %j as %s", (written, amount) => {
    const text = sgmlStatement(sgmlTransaction({ ...usualLeaves, TRNAMT: written }));
    expect(linesOf(text).map((found) => found.amount)).toEqual([amount]);
  });

  it.each([
    "1,234.56",
    "1.234.567",
    "1.23,45",
    "12,",
    "12.",
    "1,2,3",
    "R$ 10,00",
    "1 234,56",
    "--5",
    "+-5",
    "-",
    "abc",
    "10,00-",
    "1e3",
  ])("refuses TRNAMT %j on the line it is written", (written) => {
    const text = sgmlStatement([
      ...sgmlTransaction(usualLeaves),
      ...sgmlTransaction({ ...usualLeaves, TRNAMT: written, FITID: "A2" }),
    ]);
    expect(problemOf(text)).toEqual({
      line: firstBodyLine + 7 + 3,
      reason: "badAmount",
      values: { value: written.trim() },
    });
  });
});

describe("reading dates", () => {
  it.each([
    ["20240105", "2024-01-05"],
    ["20240105143000", "2024-01-05"],
    ["202401051430", "2024-01-05"],
    ["20240105143000.123", "2024-01-05"],
    ["20240131233000.000[0:GMT]", "2024-01-31"],
    ["20240131230000[-3:BRT]", "2024-01-31"],
    ["20240131235959[-03:EST]", "2024-01-31"],
    ["20240101010000[+9:JST]", "2024-01-01"],
    ["20240101003000[5.30:IST]", "2024-01-01"],
    ["20240229120000 [-3:BRT]", "2024-02-29"],
    ["20241231", "2024-12-31"],
  ])("books DTPOSTED %j on %s, the day written", (written, date) => {
    const text = sgmlStatement(sgmlTransaction({ ...usualLeaves, DTPOSTED: written }));
    expect(linesOf(text).map((found) => found.date)).toEqual([date]);
  });

  it.each([
    "2024-01-05",
    "05/01/2024",
    "20240230",
    "20230229",
    "20241301",
    "20240100",
    "202401",
    "20240105250000",
    "20240105126000",
    "20240105[BRT]",
    "20240105120000[-3:BRT",
  ])("refuses DTPOSTED %j on the line it is written", (written) => {
    const text = sgmlStatement(sgmlTransaction({ ...usualLeaves, DTPOSTED: written }));
    expect(problemOf(text)).toEqual({ line: firstBodyLine + 2, reason: "badDate", values: { value: written } });
  });

  it.each(["18991231", "00010215", "22000101120000[-3:BRT]"])(
    "refuses DTPOSTED %j, a day outside 1900–2199, on the line it is written",
    (written) => {
      const text = sgmlStatement(sgmlTransaction({ ...usualLeaves, DTPOSTED: written }));
      expect(problemOf(text)).toEqual({
        line: firstBodyLine + 2,
        reason: "dateOutOfRange",
        values: { value: written, first: "1900", last: "2199" },
      });
    },
  );
});

describe("reading descriptions and ids", () => {
  it("takes MEMO, else NAME, else the payee's NAME, tidied and with entities decoded", () => {
    const text = sgmlStatement([
      ...sgmlTransaction({ ...usualLeaves, NAME: "IGNORED", MEMO: "  PAGTO \t CONTA   LUZ  " }),
      ...sgmlTransaction({ ...usualLeaves, MEMO: "", NAME: "M&amp;M&#39;S &lt;LOJA&gt; &#xE7;&#231; &foo;" }),
      "<STMTTRN>",
      "<DTPOSTED>20240105",
      "<TRNAMT>-1,00",
      "<PAYEE>",
      "<NAME>POSTO IPIRANGA",
      "<ADDR1>AV BRASIL 100",
      "</PAYEE>",
      "</STMTTRN>",
      ...sgmlTransaction({ DTPOSTED: "20240105", TRNAMT: "-2,00" }),
      ...sgmlTransaction({ ...usualLeaves, MEMO: "PROMO 2 < 3 > 1" }),
    ]);
    expect(linesOf(text).map((found) => found.description)).toEqual([
      "PAGTO CONTA LUZ",
      "M&M'S <LOJA> çç &foo;",
      "POSTO IPIRANGA",
      "",
      "PROMO 2 < 3 > 1",
    ]);
  });

  it("keeps FITID trimmed as the imported id, and null when it is missing or empty", () => {
    const text = sgmlStatement([
      ...sgmlTransaction({ ...usualLeaves, FITID: "  ABC-123  " }),
      ...sgmlTransaction({ ...usualLeaves, FITID: "" }),
      ...sgmlTransaction({ DTPOSTED: "20240105", TRNAMT: "1" }),
    ]);
    expect(linesOf(text).map((found) => found.importedId)).toEqual(["ABC-123", null, null]);
  });
});

describe("the statement's account and currency", () => {
  it("are each statement's own, not a transfer's account inside a transaction, and a file's statements stay apart", () => {
    const text = [
      ...sgmlHeader,
      "<OFX>",
      "<BANKMSGSRSV1>",
      "<STMTTRNRS>",
      "<STMTRS>",
      "<CURDEF>brl",
      "<BANKACCTFROM>",
      "<BANKID>0341",
      "<ACCTID>11111-1",
      "<ACCTTYPE>CHECKING",
      "</BANKACCTFROM>",
      "<BANKTRANLIST>",
      "<STMTTRN>",
      "<DTPOSTED>20240105",
      "<TRNAMT>-50,00",
      "<MEMO>TED ENVIADA",
      "<BANKACCTTO>",
      "<BANKID>0237",
      "<ACCTID>99999-9",
      "<ACCTTYPE>SAVINGS",
      "</BANKACCTTO>",
      "</STMTTRN>",
      "</BANKTRANLIST>",
      "</STMTRS>",
      "</STMTTRNRS>",
      "<STMTTRNRS>",
      "<STMTRS>",
      "<CURDEF>USD",
      "<BANKACCTFROM>",
      "<BANKID>0341",
      "<ACCTID>22222-2",
      "</BANKACCTFROM>",
      "<BANKTRANLIST>",
      ...sgmlTransaction(usualLeaves),
      "</BANKTRANLIST>",
      "</STMTRS>",
      "</STMTTRNRS>",
      "</BANKMSGSRSV1>",
      "</OFX>",
    ].join("\n");
    expect(parseOfx(text)).toEqual([
      {
        kind: "bank",
        currency: "BRL",
        account: { bankId: "0341", accountId: "11111-1" },
        lines: [line(22, "2024-01-05", "TED ENVIADA", "-50.00", null)],
        skipped: noneSkipped,
      },
      {
        kind: "bank",
        currency: "USD",
        account: { bankId: "0341", accountId: "22222-2" },
        lines: [line(43, "2024-01-05", "PADARIA", "-10.00", "A1")],
        skipped: noneSkipped,
      },
    ]);
  });
});

describe("OFX 2.x", () => {
  it("reads a whole statement written on one line, with self-closed and empty leaves", () => {
    const text =
      '<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><CREDITCARDMSGSRSV1>' +
      "<CCSTMTTRNRS><CCSTMTRS><CURDEF>usd</CURDEF><CCACCTFROM><ACCTID>9876</ACCTID></CCACCTFROM><BANKTRANLIST>" +
      "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240301</DTPOSTED><TRNAMT>-3.50</TRNAMT><FITID>X1</FITID>" +
      "<NAME>COFFEE</NAME><MEMO/></STMTTRN>" +
      "<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240302</DTPOSTED><TRNAMT>10</TRNAMT><FITID></FITID>" +
      "<MEMO>REFUND &amp; CREDIT</MEMO><NAME>SHOP</NAME></STMTTRN>" +
      "</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>";
    expect(parseOfx(text)).toEqual([
      {
        currency: "USD",
        kind: "card",
        account: { bankId: null, accountId: "9876" },
        lines: [line(1, "2024-03-01", "COFFEE", "-3.50", "X1"), line(1, "2024-03-02", "REFUND & CREDIT", "10", null)],
        skipped: noneSkipped,
      },
    ]);
  });

  it("reads lower-case tags, comments and CDATA", () => {
    const text = [
      '<?OFX OFXHEADER="200"?>',
      "<!-- exported by a test -->",
      "<ofx><bankmsgsrsv1><stmttrnrs><stmtrs><curdef>BRL</curdef><banktranlist>",
      "<stmttrn><dtposted>20240110</dtposted><trnamt>-5.00</trnamt><memo><![CDATA[A & B <C>]]></memo></stmttrn>",
      "</banktranlist></stmtrs></stmttrnrs></bankmsgsrsv1></ofx>",
    ].join("\n");
    expect(linesOf(text)).toEqual([line(4, "2024-01-10", "A & B <C>", "-5.00", null)]);
  });
});

describe("line numbers", () => {
  it.each([
    ["\\n", "\n"],
    ["\\r\\n", "\r\n"],
    ["\\r", "\r"],
  ])("counts lines ended by %s", (_name, lineBreak) => {
    const text = sgmlStatement(
      [...sgmlTransaction(usualLeaves), ...sgmlTransaction({ ...usualLeaves, FITID: "A2" })],
      lineBreak,
    );
    expect(linesOf(text).map((found) => found.line)).toEqual([firstBodyLine, firstBodyLine + 7]);
  });
});

describe("refusing a malformed file", () => {
  it("names the transaction a truncated file cuts in half", () => {
    const whole = fixtureText("itau.ofx");
    const cutInThird = whole.slice(0, whole.indexOf("<TRNAMT>-152,37"));
    expect(problemOf(cutInThird)).toEqual({ line: 55, reason: "unclosedTransaction", values: {} });
    const cutInsideATag = whole.slice(0, whole.indexOf("<TRNAMT>-152,37") + 4);
    expect(problemOf(cutInsideATag)).toEqual({ line: 55, reason: "unclosedTransaction", values: {} });
  });

  it("refuses a file cut between two transactions at its last line", () => {
    const whole = fixtureText("itau.ofx");
    const cut = whole.slice(0, whole.indexOf("<STMTTRN>", whole.indexOf("<FITID>20240110001")));
    expect(problemOf(cut)).toEqual({ line: 70, reason: "truncated", values: {} });
  });

  it("names a transaction another one or the end of the list interrupts", () => {
    const interrupted = sgmlStatement([
      "<STMTTRN>",
      "<DTPOSTED>20240105",
      "<TRNAMT>-1,00",
      ...sgmlTransaction(usualLeaves),
    ]);
    expect(problemOf(interrupted)).toEqual({ line: firstBodyLine, reason: "unclosedTransaction", values: {} });
    const listEnds = sgmlStatement([...sgmlTransaction(usualLeaves), "<STMTTRN>", "<DTPOSTED>20240105", "<TRNAMT>1"]);
    expect(problemOf(listEnds)).toEqual({ line: firstBodyLine + 7, reason: "unclosedTransaction", values: {} });
  });

  it("names a transaction with no date or no amount by its first line", () => {
    const noDate = sgmlStatement([
      ...sgmlTransaction(usualLeaves),
      ...sgmlTransaction({ TRNTYPE: "DEBIT", TRNAMT: "-1,00", MEMO: "X" }),
    ]);
    expect(problemOf(noDate)).toEqual({ line: firstBodyLine + 7, reason: "missingDate", values: {} });
    const emptyDate = sgmlStatement(sgmlTransaction({ ...usualLeaves, DTPOSTED: "" }));
    expect(problemOf(emptyDate)).toEqual({ line: firstBodyLine, reason: "missingDate", values: {} });
    const noAmount = sgmlStatement(sgmlTransaction({ TRNTYPE: "DEBIT", DTPOSTED: "20240105", MEMO: "X" }));
    expect(problemOf(noAmount)).toEqual({ line: firstBodyLine, reason: "missingAmount", values: {} });
    const emptyAmount = sgmlStatement(sgmlTransaction({ ...usualLeaves, TRNAMT: " " }));
    expect(problemOf(emptyAmount)).toEqual({ line: firstBodyLine, reason: "missingAmount", values: {} });
  });

  it("takes a statement with no transactions as no lines", () => {
    expect(parseOfx(sgmlStatement([]))).toEqual([
      { currency: "BRL", kind: "bank", account: { bankId: null, accountId: null }, lines: [], skipped: noneSkipped },
    ]);
  });
});

describe("the limit on transactions", () => {
  const manyTransactions = (count: number) =>
    sgmlStatement(
      Array.from({ length: count }, (_, index) =>
        sgmlTransaction({ ...usualLeaves, FITID: `ID${index}`, TRNAMT: `-${index},00` }),
      ).flat(),
    );

  it(`reads ${maxStatementLines} transactions`, () => {
    const lines = linesOf(manyTransactions(maxStatementLines));
    expect(lines).toHaveLength(maxStatementLines);
    expect(lines.at(-1)).toEqual(
      line(
        firstBodyLine + (maxStatementLines - 1) * 7,
        "2024-01-05",
        "PADARIA",
        `-${maxStatementLines - 1}.00`,
        `ID${maxStatementLines - 1}`,
      ),
    );
  });

  it("refuses one more at the line where it starts", () => {
    expect(problemOf(manyTransactions(maxStatementLines + 1))).toEqual({
      line: firstBodyLine + maxStatementLines * 7,
      reason: "tooManyLines",
      values: { max: maxStatementLines },
    });
  });
});

describe("files with several statements, investments and balances", () => {
  it("reads a checking and a savings statement apart, each with its own account, leaving out the balance rows", () => {
    const [checking, savings, ...rest] = parseOfx(fixtureText("itau-checking-and-savings.ofx"));
    expect(rest).toEqual([]);
    expect(checking).toMatchObject({
      kind: "bank",
      currency: "BRL",
      account: { bankId: "0341", accountId: "4821073195" },
      skipped: { trades: 0, balanceRows: 2 },
    });
    expect(checking!.lines.map(({ description, amount }) => [description, amount])).toEqual([
      ["PAGTO CONTA LUZ", "-386.80"],
      ["SALÁRIO ACME LTDA", "6250.00"],
      ["PÃO DE AÇÚCAR 0123", "-152.37"],
      // Mentioning a balance is not being one.
      ["RESGATE SALDO POUPANÇA", "300.00"],
    ]);
    expect(savings).toMatchObject({
      kind: "bank",
      account: { bankId: "0341", accountId: "4821073195-500" },
      skipped: { trades: 0, balanceRows: 1 },
    });
    expect(savings!.lines.map(({ description, amount }) => [description, amount])).toEqual([
      ["RESGATE POUPANÇA", "-300.00"],
      ["REND POUPANÇA", "52.18"],
    ]);
  });

  it("reads an investment statement's cash lines and counts its trades, which it leaves out", () => {
    expect(parseOfx(fixtureText("brokerage.ofx"))).toEqual([
      {
        kind: "investment",
        currency: "USD",
        account: { bankId: "example-broker.com", accountId: "X7730021" },
        lines: [
          line(70, "2024-02-01", "ACH DEPOSIT", "3000.00", "C-2001"),
          line(80, "2024-02-29", "INTEREST ON CASH", "1.37", "C-2002"),
        ],
        skipped: { trades: 3, balanceRows: 0 },
      },
    ]);
  });

  it.each([
    ["SALDO ANTERIOR", true],
    ["Saldo do dia", true],
    ["SALDO FINAL", true],
    ["S A L D O", true],
    ["Saldo disponível", true],
    ["RESGATE SALDO POUPANCA", false],
    ["SALDOS E RETALHOS LTDA", false],
    ["PIX SALDO", false],
  ])("takes “%s” for a balance written as a transaction: %s", (description, isBalance) => {
    const text = sgmlStatement(sgmlTransaction({ ...usualLeaves, MEMO: description }));
    const [statement] = parseOfx(text);
    expect(statement!.skipped.balanceRows).toBe(isBalance ? 1 : 0);
    expect(statement!.lines).toHaveLength(isBalance ? 0 : 1);
  });
});
