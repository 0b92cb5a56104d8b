import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { csvLine, numberCell, textCell } from "../../../worker/exports/csv.ts";
import { exportColumns } from "../../../worker/exports/transaction-rows.ts";
import { type CsvMapping, csvMappingSchema } from "../../../worker/imports/csv-mapping.schemas.ts";
import { csvRecords } from "../../../worker/imports/csv-records.ts";
import { csvPresets, inspectCsv, parseCsvStatement } from "../../../worker/imports/csv-statement.ts";
import { maxStatementLines, StatementProblem } from "../../../worker/imports/statement.ts";
import { decodeStatementBytes } from "../../../worker/imports/statement-text.ts";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "..", "..", "fixtures", "statements", name), "utf8");

/** The refusal a call throws, as plain data to compare. */
function refusalOf(read: () => unknown) {
  try {
    read();
  } catch (error) {
    if (error instanceof StatementProblem) return { line: error.line, reason: error.reason, values: error.values };
    throw error;
  }
  throw new Error("expected a StatementProblem, but the file was read");
}

const noColumns = { amount: null, debit: null, credit: null, identifier: null };

/** A mapping for the small files these tests write: date, description, amount, comma-separated. */
const simpleMapping: CsvMapping = {
  delimiter: ",",
  hasHeader: true,
  columns: { ...noColumns, date: 0, description: 1, amount: 2 },
  dateFormat: "ymd",
  decimalMark: ".",
  positiveMeans: "money_in",
};
const withMapping = (changes: Partial<CsvMapping>): CsvMapping => ({ ...simpleMapping, ...changes });
/** A row of our own export's type and sides, as the reader keeps them. */
const moved = (kind: "income" | "expense" | "transfer" | "pay_credit_card", from: string, to: string) => ({
  kind,
  from,
  to,
  converted: false,
});

describe("the presets read their banks' files", () => {
  it("reads Nubank's card CSV: a purchase is money out, a payment or refund money in", () => {
    const text = fixture("nubank-card.csv");
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({ delimiter: ",", header: ["date", "title", "amount"], preset: "nubank_card" });
    expect(inspection.sampleRows).toHaveLength(5);
    expect(inspection.sampleRows[0]).toEqual(["2026-03-02", "Padaria Pão Dourado", "23.90"]);
    expect(inspection.mapping).toEqual({
      delimiter: ",",
      startLine: 1,
      hasHeader: true,
      columns: { ...noColumns, date: 0, description: 1, amount: 2 },
      dateFormat: "ymd",
      decimalMark: ".",
      positiveMeans: "money_out",
    });
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      { line: 2, date: "2026-03-02", description: "Padaria Pão Dourado", amount: "-23.90", importedId: null },
      { line: 3, date: "2026-03-03", description: "Uber *Trip", amount: "-18.45", importedId: null },
      {
        line: 4,
        date: "2026-03-05",
        description: "Mercado Bom Preço - Parcela 2/3",
        amount: "-142.10",
        importedId: null,
      },
      { line: 5, date: "2026-03-07", description: "Estorno de compra", amount: "18.45", importedId: null },
      { line: 6, date: "2026-03-10", description: "Pagamento recebido", amount: "1500.00", importedId: null },
      {
        line: 7,
        date: "2026-03-12",
        description: "Livraria Cultura, Av. Paulista",
        amount: "-89.00",
        importedId: null,
      },
      { line: 8, date: "2026-03-15", description: "iFood *Restaurante Sabor", amount: "-0.99", importedId: null },
    ]);
  });

  it("reads NuConta's CSV with its accents, day-first dates and identifiers", () => {
    const text = fixture("nuconta.csv");
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({
      delimiter: ",",
      header: ["Data", "Valor", "Identificador", "Descrição"],
      preset: "nuconta",
      mapping: {
        delimiter: ",",
        hasHeader: true,
        columns: { date: 0, amount: 1, identifier: 2, description: 3, debit: null, credit: null },
        dateFormat: "dmy",
        decimalMark: ".",
        positiveMeans: "money_in",
      },
    });
    const id = (last: number) => `6601a2b3-0c4d-4e5f-8a9b-1c2d3e4f5a0${last}`;
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      {
        line: 2,
        date: "2026-03-01",
        description:
          "Transferência recebida pelo Pix - EMPRESA EXEMPLO LTDA - 12.345.678/0001-90 - BANCO EXEMPLO S.A. (0123) Agência: 1 Conta: 12345-6",
        amount: "5000.00",
        importedId: id(1),
      },
      {
        line: 3,
        date: "2026-03-02",
        description: "Compra no débito - Padaria Pão Quente",
        amount: "-45.90",
        importedId: id(2),
      },
      {
        line: 4,
        date: "2026-03-05",
        description: "Pagamento de boleto efetuado - Condomínio Edifício Açaí",
        amount: "-1200.00",
        importedId: id(3),
      },
      {
        line: 5,
        date: "2026-03-10",
        description: "Transferência enviada pelo Pix - JOÃO DA SILVA, ME - •••.123.456-•• - BANCO EXEMPLO S.A. (0123)",
        amount: "-350.75",
        importedId: id(4),
      },
      { line: 6, date: "2026-03-15", description: "Rendimento da conta", amount: "12.34", importedId: id(5) },
      { line: 7, date: "2026-03-31", description: "Pagamento de fatura", amount: "-1500.00", importedId: id(6) },
    ]);
  });

  it("guesses a Brazilian bank's ';' file with debit and credit columns and comma decimals", () => {
    const text = fixture("generic-debit-credit.csv");
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({
      delimiter: ";",
      header: ["Data", "Histórico", "Documento", "Débito", "Crédito", "Saldo"],
      preset: "generic",
    });
    expect(inspection.mapping).toEqual({
      delimiter: ";",
      startLine: 1,
      hasHeader: true,
      columns: { date: 0, description: 1, amount: null, debit: 3, credit: 4, identifier: null },
      dateFormat: "dmy",
      decimalMark: ",",
      positiveMeans: "money_in",
    });
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      { line: 2, date: "2026-03-02", description: "Pix recebido - Maria Souza", amount: "1250.00", importedId: null },
      {
        line: 3,
        date: "2026-03-03",
        description: "Compra cartão débito - Farmácia São João",
        amount: "-87.45",
        importedId: null,
      },
      { line: 4, date: "2026-03-10", description: "Tarifa pacote de serviços", amount: "-32.90", importedId: null },
      { line: 5, date: "2026-03-15", description: "Salário", amount: "4800.00", importedId: null },
      {
        line: 6,
        date: "2026-03-20",
        description: "Pagamento boleto - Energia Elétrica",
        amount: "-215.33",
        importedId: null,
      },
      { line: 7, date: "2026-03-28", description: "Transferência; poupança", amount: "-2000.00", importedId: null },
    ]);
  });

  it("guesses a US bank's file: month-first dates, quoted amounts with grouping, a memo over two lines", () => {
    const text = fixture("us-bank.csv");
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({
      delimiter: ",",
      header: ["Date", "Description", "Amount", "Running Bal."],
      preset: "generic",
      mapping: {
        columns: { date: 0, description: 1, amount: 2, debit: null, credit: null, identifier: null },
        dateFormat: "mdy",
        decimalMark: ".",
      },
    });
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      { line: 2, date: "2026-01-03", description: "AMAZON.COM, INC. SEATTLE WA", amount: "-54.23", importedId: null },
      {
        line: 3,
        date: "2026-01-15",
        description: "PAYROLL ACME CORP, DIRECT DEP",
        amount: "2150.00",
        importedId: null,
      },
      { line: 4, date: "2026-01-20", description: 'CHECK #1043 "RENT"', amount: "-1200.00", importedId: null },
      {
        line: 5,
        date: "2026-01-28",
        description: "ZELLE TO JANE DOE memo: dinner, tips",
        amount: "-35.50",
        importedId: null,
      },
      { line: 7, date: "2026-01-31", description: "INTEREST EARNED", amount: "0.12", importedId: null },
    ]);
  });

  it("reads our own English export: ISO dates, expenses negative, the id kept, the formula apostrophe taken off", () => {
    const text = fixture("moneta-export-en.csv");
    const inspection = inspectCsv(text);
    expect(inspection.preset).toBe("moneta");
    expect(inspection.header?.[0]).toBe("Date");
    expect(inspection.mapping).toEqual({
      delimiter: ",",
      startLine: 1,
      hasHeader: true,
      columns: { date: 0, description: 2, amount: 3, debit: null, credit: null, identifier: 11 },
      dateFormat: "ymd",
      decimalMark: ".",
      positiveMeans: "money_in",
    });
    const id = (last: number) => `0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a0${last}`;
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      {
        line: 2,
        date: "2026-11-20",
        description: "Groceries at Pão de Açúcar",
        amount: "-152.30",
        importedId: id(1),
        moved: moved("expense", "Checking", ""),
      },
      {
        line: 3,
        date: "2026-11-19",
        description: "Salary",
        amount: "5000.00",
        importedId: id(2),
        moved: moved("income", "", "Checking"),
      },
      {
        line: 4,
        date: "2026-11-18",
        description: "To savings",
        amount: "1000.00",
        importedId: id(3),
        moved: moved("transfer", "Checking", "Savings"),
      },
      {
        line: 5,
        date: "2026-11-17",
        description: "-50% sale",
        amount: "-10.00",
        importedId: id(4),
        moved: moved("expense", "Visa Gold", ""),
      },
      {
        line: 6,
        date: "2026-11-16",
        description: "Hotel in Lisbon",
        amount: "-120.00",
        importedId: id(5),
        moved: moved("expense", "Travel card", ""),
      },
      {
        line: 7,
        date: "2026-11-15",
        description: "Euros for the trip",
        amount: "600.00",
        importedId: id(6),
        moved: { kind: "transfer", from: "Checking", to: "Travel card", converted: true },
      },
    ]);
  });

  it("reads our own Portuguese ';' export with comma decimals", () => {
    const text = fixture("moneta-export-pt-BR.csv");
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({ delimiter: ";", preset: "moneta" });
    expect(inspection.header?.slice(0, 4)).toEqual(["Data", "Tipo", "Descrição", "Valor"]);
    expect(inspection.mapping).toMatchObject({ decimalMark: ",", dateFormat: "ymd" });
    expect(
      parseCsvStatement(text, inspection.mapping!).map(({ description, amount }) => [description, amount]),
    ).toEqual([
      ["Compras no Pão de Açúcar", "-152.30"],
      ["Salário", "5000.00"],
      ["Para a poupança", "1000.00"],
      ['=Promoção; "leve 3"', "-10.00"],
    ]);
  });

  /**
   * A file as our CSV writer writes it, in `language` with `separator`, from rows given by column key;
   * `keys` leaves out the columns a file exported before them lacks.
   */
  function ourExport(
    language: "en" | "pt-BR",
    separator: "," | ";",
    rows: Array<Record<string, string>>,
    keys = exportColumns(language).map((column) => column.key as string),
  ) {
    const titles = exportColumns(language).filter((column) => keys.includes(column.key));
    const line = (cells: string[]) => csvLine(cells, separator);
    const cell = (key: string, value = "") =>
      key === "amount" ? numberCell(value, separator) : key === "date" ? value : textCell(value, separator);
    return `\uFEFF${line(titles.map((column) => textCell(column.title, separator)))}${rows
      .map((row) => line(titles.map((column) => cell(column.key, row[column.key]))))
      .join("")}`;
  }
  const exportedRow = (date: string, description: string, amount: string, id: string, extra = {}) => ({
    date,
    type: "Expense",
    description,
    amount,
    currency: "BRL",
    from: "Checking",
    tags: "Food, Home",
    createdBy: "Ana",
    id,
    ...extra,
  });

  it("reads back what our CSV writer writes, in each language and with each separator, before notes and after", () => {
    const rows = [
      exportedRow("2026-01-31", '+55 phone; "top-up"', "-1234.50", "a1", { note: "=Pix; da Ana\nobrigada" }),
      exportedRow("2026-02-01", "Refund", "20", "a2"),
    ];
    const beforeNotes = exportColumns("en")
      .map((column) => column.key as string)
      .filter((key) => key !== "note" && key !== "part");
    for (const language of ["en", "pt-BR"] as const) {
      for (const separator of [",", ";"] as const) {
        const text = ourExport(language, separator, rows);
        const inspection = inspectCsv(text);
        expect(inspection.preset, `${language} ${separator}`).toBe("moneta");
        expect(parseCsvStatement(text, inspection.mapping!), `${language} ${separator}`).toEqual([
          {
            line: 2,
            date: "2026-01-31",
            description: '+55 phone; "top-up"',
            amount: "-1234.50",
            importedId: "a1",
            note: "=Pix; da Ana\nobrigada",
            moved: moved("expense", "Checking", ""),
          },
          {
            line: 4,
            date: "2026-02-01",
            description: "Refund",
            amount: "20",
            importedId: "a2",
            moved: moved("expense", "Checking", ""),
          },
        ]);
        const older = ourExport(language, separator, rows, beforeNotes);
        expect(inspectCsv(older).preset, `${language} ${separator} before notes`).toBe("moneta");
        expect(parseCsvStatement(older, inspectCsv(older).mapping!)).toEqual([
          {
            line: 2,
            date: "2026-01-31",
            description: '+55 phone; "top-up"',
            amount: "-1234.50",
            importedId: "a1",
            moved: moved("expense", "Checking", ""),
          },
          {
            line: 3,
            date: "2026-02-01",
            description: "Refund",
            amount: "20",
            importedId: "a2",
            moved: moved("expense", "Checking", ""),
          },
        ]);
      }
    }
  });

  it("reads a split transaction of our export as one line, its whole, and counts its parts' rows", () => {
    const part = (amount: string, label: string, id = "a1") =>
      exportedRow("2026-01-31", "Mercado", amount, id, { tags: "Food", part: label });
    const text = ourExport("pt-BR", ";", [
      exportedRow("2026-01-31", "Mercado", "-100.00", "a1", { note: "Compra do mês" }),
      part("-80.00", "Parte 1 de 2"),
      part("-20.00", "Parte 2 de 2"),
      exportedRow("2026-01-30", "Padaria", "-12.00", "a2"),
      // A part whose transaction is not in the file (cut by hand) is read as a transaction.
      part("-5.00", "Parte 2 de 2", "a3"),
    ]);
    const inspection = inspectCsv(text);
    expect(parseCsvStatement(text, inspection.mapping!)).toEqual([
      {
        line: 2,
        date: "2026-01-31",
        description: "Mercado",
        amount: "-100.00",
        importedId: "a1",
        note: "Compra do mês",
        splitParts: 2,
        moved: moved("expense", "Checking", ""),
      },
      {
        line: 5,
        date: "2026-01-30",
        description: "Padaria",
        amount: "-12.00",
        importedId: "a2",
        moved: moved("expense", "Checking", ""),
      },
      {
        line: 6,
        date: "2026-01-31",
        description: "Mercado",
        amount: "-5.00",
        importedId: "a3",
        moved: moved("expense", "Checking", ""),
      },
    ]);
    // Whatever mapping the person chose (here without the id column), the parts are told by the header.
    const withoutId = { ...inspection.mapping!, columns: { ...inspection.mapping!.columns, identifier: null } };
    expect(parseCsvStatement(text, withoutId).map((line) => [line.amount, line.splitParts])).toEqual([
      ["-100.00", 2],
      ["-12.00", undefined],
      ["-5.00", undefined],
    ]);
  });

  it("lists every preset by its id", () => {
    expect(Object.entries(csvPresets).map(([key, preset]) => [key, preset.id])).toEqual([
      ["nubank_card", "nubank_card"],
      ["nuconta", "nuconta"],
      ["moneta", "moneta"],
      ["generic", "generic"],
    ]);
  });
});

describe("inspecting a file", () => {
  it("finds the delimiter outside quotes: tab, and ';' over the commas of decimal amounts", () => {
    expect(inspectCsv("Data\tDescrição\tValor\n01/02/2026\tPão, leite\t-12,50\n").delimiter).toBe("\t");
    expect(inspectCsv("Data;Valor;Descrição\n13/02/2026;-12,50;Pão\n14/02/2026;-1.000,00;Aluguel\n").delimiter).toBe(
      ";",
    );
    expect(inspectCsv('date,memo,amount\n2026-02-13,"a;b;c;d",-12.50\n').delimiter).toBe(",");
  });

  it("tells a header from a first transaction", () => {
    const withoutHeader = inspectCsv("13/02/2026;Padaria;-12,50\n14/02/2026;Mercado;-80,00\n");
    expect(withoutHeader.header).toBeNull();
    expect(withoutHeader.sampleRows).toEqual([
      ["13/02/2026", "Padaria", "-12,50"],
      ["14/02/2026", "Mercado", "-80,00"],
    ]);
    expect(withoutHeader.preset).toBe("generic");
    expect(withoutHeader.mapping).toEqual({
      delimiter: ";",
      startLine: 1,
      hasHeader: false,
      columns: { date: 0, description: 1, amount: 2, debit: null, credit: null, identifier: null },
      dateFormat: "dmy",
      decimalMark: ",",
      positiveMeans: "money_in",
    });
  });

  it("leaves the date format and the decimal mark to the person when the sample could be read two ways", () => {
    const inspection = inspectCsv("Data,Descrição,Valor\n03/04/2026,Padaria,1.234\n05/04/2026,Feira,12\n");
    expect(inspection.preset).toBe("generic");
    expect(inspection.guess).toMatchObject({
      columns: { date: 0, description: 1, amount: 2 },
      dateFormat: null,
      decimalMark: null,
    });
    expect(inspection.mapping).toBeNull();
  });

  it("leaves the decimal mark open when the sampled amounts disagree", () => {
    const inspection = inspectCsv("Date;Description;Amount\n2026-04-03;A;1.234,56\n2026-04-04;B;12.50\n");
    expect(inspection.guess).toMatchObject({ dateFormat: "ymd", decimalMark: null });
  });

  it("leaves a column the header does not name for the person, rather than taking a number-like one", () => {
    const inspection = inspectCsv("Data;Histórico;Documento;Montante\n15/01/2026;Pix;000123;10,00\n");
    expect(inspection.guess.columns).toEqual({
      date: 0,
      description: 1,
      amount: null,
      debit: null,
      credit: null,
      identifier: null,
    });
    expect(inspection.preset).toBeNull();
    expect(inspection.mapping).toBeNull();
  });

  it("names no preset when nothing in the file names a date and an amount", () => {
    const inspection = inspectCsv("name,city\nAna,Recife\n");
    expect(inspection.preset).toBeNull();
    expect(inspection.mapping).toBeNull();
  });

  it("takes 'Valor Débito' and 'Valor Crédito' as the split amount, not 'Valor' as one", () => {
    const inspection = inspectCsv("Data;Lançamento;Valor Débito;Valor Crédito;Saldo\n15/01/2026;Pix;10,00;;90,00\n");
    expect(inspection.guess.columns).toEqual({
      date: 0,
      description: 1,
      amount: null,
      debit: 2,
      credit: 3,
      identifier: null,
    });
  });

  it("refuses an empty file", () => {
    expect(refusalOf(() => inspectCsv(""))).toEqual({ line: 1, reason: "empty", values: {} });
    expect(refusalOf(() => inspectCsv("\uFEFF\r\n\r\n"))).toMatchObject({ reason: "empty" });
  });
});

describe("reading CSV records", () => {
  const records = (text: string, delimiter: "," | ";" = ",") => [...csvRecords(text, delimiter)];

  it("keeps delimiters, doubled quotes and line breaks inside quotes, and the line each record starts on", () => {
    expect(records('a,"b,c","say ""hi"""\r\n"multi\r\nline\r\ncell",x,y\r\nlast,1,2')).toEqual([
      { line: 1, cells: ["a", "b,c", 'say "hi"'] },
      { line: 2, cells: ["multi\r\nline\r\ncell", "x", "y"] },
      { line: 5, cells: ["last", "1", "2"] },
    ]);
  });

  it("counts LF, CRLF and lone CR line ends alike, inside quotes too", () => {
    expect(records('a\nb\r\nc\rd\n"e\rf\ng\r\nh",i\nj').map(({ line, cells }) => [line, cells[0]])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
      [4, "d"],
      [5, "e\rf\ng\r\nh"],
      [9, "j"],
    ]);
  });

  it("ignores a byte order mark, blank lines and padding rows, and keeps an empty last cell", () => {
    expect(records("\uFEFFa;b\n\n;;\n   \nc;\n\n\n", ";")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 5, cells: ["c", ""] },
    ]);
  });

  it("keeps quotes that do not open a cell as text", () => {
    expect(records('12" pipe,"a"b,x""\n')).toEqual([{ line: 1, cells: ['12" pipe', "ab", 'x""'] }]);
  });

  it("refuses a quote that never closes, naming the line where it opens", () => {
    expect(refusalOf(() => records('a,b\n"c\nd,e\n'))).toEqual({ line: 2, reason: "unclosedQuote", values: {} });
  });
});

describe("refusing a file that does not read", () => {
  const header = "date,description,amount\n";

  it.each([
    ["missingDate", `${header}2026-01-02,A,1.00\n ,B,2.00\n`, 3, {}],
    ["badDate", `${header}2026-01-02,A,1.00\n02/01/2026,B,2.00\n`, 3, { value: "02/01/2026" }],
    ["badDate", `${header}2026-02-29,A,1.00\n`, 2, { value: "2026-02-29" }],
    ["missingAmount", `${header}2026-01-02,A,\n`, 2, {}],
    ["badAmount", `${header}2026-01-02,A,"1.234,56"\n`, 2, { value: "1.234,56" }],
    ["badAmount", `${header}2026-01-02,A,12 EUR\n`, 2, { value: "12 EUR" }],
    ["columnCount", `${header}2026-01-02,A,1.00\n2026-01-03,B,C,2.00\n`, 3, { found: 4, expected: 3 }],
    ["columnCount", `${header}2026-01-02,A\n`, 2, { found: 2, expected: 3 }],
    ["unclosedQuote", `${header}2026-01-02,"A,1.00\n2026-01-03,B,2.00\n`, 2, {}],
    ["empty", header, 1, {}],
    ["empty", "\n\n", 1, {}],
    ["missingColumn", "date,description\n2026-01-02,A\n", 1, { column: 3, field: "amount", found: 2 }],
  ])("%s: %j", (reason, text, line, values) => {
    expect(refusalOf(() => parseCsvStatement(text, simpleMapping))).toEqual({ line, reason, values });
  });

  it("names the record's first line when a quoted cell spans lines before it", () => {
    const text = `${header}2026-01-02,"two\nlines",1.00\n2026-01-03,"three\r\nline\rcell",2.00\n2026-01-04,bad,1,5\n`;
    expect(refusalOf(() => parseCsvStatement(text, simpleMapping))).toMatchObject({ line: 7, reason: "columnCount" });
  });

  it("tolerates a trailing delimiter on the rows or on the header", () => {
    expect(parseCsvStatement(`${header}2026-01-02,A,1.00,\n`, simpleMapping)).toHaveLength(1);
    expect(parseCsvStatement("date,description,amount,\n2026-01-02,A,1.00\n", simpleMapping)).toHaveLength(1);
    expect(refusalOf(() => parseCsvStatement(`${header}2026-01-02,A,1.00,x\n`, simpleMapping))).toMatchObject({
      reason: "columnCount",
    });
  });

  it(`refuses more than ${maxStatementLines} transactions at the first one beyond`, () => {
    const rows = "2026-01-02,A,1.00\n".repeat(maxStatementLines);
    expect(parseCsvStatement(header + rows, simpleMapping)).toHaveLength(maxStatementLines);
    expect(refusalOf(() => parseCsvStatement(`${header + rows}2026-01-02,A,1.00\n`, simpleMapping))).toEqual({
      line: maxStatementLines + 2,
      reason: "tooManyLines",
      values: { max: maxStatementLines },
    });
  });

  it("refuses a mapping with neither an amount column nor both debit and credit", () => {
    const columns = { ...simpleMapping.columns, amount: null, debit: 2 };
    expect(() => parseCsvStatement(`${header}2026-01-02,A,1.00\n`, withMapping({ columns }))).toThrow(TypeError);
  });
});

describe("dates in the chosen format", () => {
  const dateOf = (cell: string, dateFormat: CsvMapping["dateFormat"]) =>
    parseCsvStatement(`d,x,a\n${cell},x,1\n`, withMapping({ dateFormat, delimiter: "," }))[0]!.date;
  const dateRefusal = (cell: string, dateFormat: CsvMapping["dateFormat"]) => refusalOf(() => dateOf(cell, dateFormat));

  it.each([
    ["31/12/2026", "dmy", "2026-12-31"],
    ["1/2/2026", "dmy", "2026-02-01"],
    ["01-02-2026", "dmy", "2026-02-01"],
    ["01.02.2026", "dmy", "2026-02-01"],
    ["29/02/2028", "dmy", "2028-02-29"],
    ["12/31/2026", "mdy", "2026-12-31"],
    ["2/1/2026", "mdy", "2026-02-01"],
    ["2026-12-31", "ymd", "2026-12-31"],
    ["2026/1/5", "ymd", "2026-01-05"],
    ["2026-12-31T23:59:00", "ymd", "2026-12-31"],
    ["31/12/2026 14:05", "dmy", "2026-12-31"],
  ] as const)("reads %s as %s", (cell, format, expected) => {
    expect(dateOf(cell, format)).toBe(expected);
  });

  it.each([
    ["31/12/26", "dmy"],
    ["12/31/2026", "dmy"],
    ["31/12/2026", "mdy"],
    ["31/12/2026", "ymd"],
    ["2026-12-31", "dmy"],
    ["29/02/2026", "dmy"],
    ["31/04/2026", "dmy"],
    ["00/01/2026", "dmy"],
    ["01/13/2026", "dmy"],
    ["01/02-2026", "dmy"],
    ["2026-1-5x", "ymd"],
    ["today", "ymd"],
  ] as const)("refuses %s as %s", (cell, format) => {
    expect(dateRefusal(cell, format)).toEqual({ line: 2, reason: "badDate", values: { value: cell } });
  });

  it.each([
    ["31/12/1899", "dmy"],
    ["01/01/2200", "dmy"],
    ["0001-02-15", "ymd"],
    ["9999-12-31", "ymd"],
  ] as const)("refuses the file at %s (%s), a day outside 1900–2199, saying so", (cell, format) => {
    expect(dateRefusal(cell, format)).toEqual({
      line: 2,
      reason: "dateOutOfRange",
      values: { value: cell, first: "1900", last: "2199" },
    });
  });
});

describe("amounts in the chosen number format", () => {
  const amountOf = (cell: string, decimalMark: CsvMapping["decimalMark"]) =>
    parseCsvStatement(`d;x;a\n2026-01-02;x;${cell}\n`, withMapping({ delimiter: ";", decimalMark }))[0]!.amount;

  it.each([
    ["1.234,56", ",", "1234.56"],
    ["-1.234,56", ",", "-1234.56"],
    ["R$ 1.234,56", ",", "1234.56"],
    ["-R$ 1.234,56", ",", "-1234.56"],
    ["R$ -12,00", ",", "-12.00"],
    ["R$\u00a01.234.567,89", ",", "1234567.89"],
    ["1234,5", ",", "1234.5"],
    ["12", ",", "12"],
    ["1.234", ",", "1234"],
    ["12,50-", ",", "-12.50"],
    ["(12,50)", ",", "-12.50"],
    ["+7,00", ",", "7.00"],
    ["-0,00", ",", "0.00"],
    ["007,50", ",", "7.50"],
    ["1,234.56", ".", "1234.56"],
    ["-1,234.56", ".", "-1234.56"],
    ["$1,234.56", ".", "1234.56"],
    ["(12.50)", ".", "-12.50"],
    ["€ 12.5", ".", "12.5"],
    ["12.50 £", ".", "12.50"],
    ["1,234", ".", "1234"],
    ["  20  ", ".", "20"],
  ] as const)("reads %s with %s as %s", (cell, mark, expected) => {
    expect(amountOf(cell, mark)).toBe(expected);
  });

  it.each([
    ["1.234,56", "."],
    ["1,234.56", ","],
    ["12,34,56", ","],
    ["1 234,56", ","],
    ["12,", ","],
    [",50", ","],
    ["--12,00", ","],
    ["(-12,00)", ","],
    ["-12,00-", ","],
    ["(12,00", ","],
    ["12,00 D", ","],
    ["1.2345.678,00", ","],
    ["abc", "."],
    ["1234567890123456", "."],
  ] as const)("refuses %s with %s, never guessing", (cell, mark) => {
    expect(refusalOf(() => amountOf(cell, mark))).toEqual({ line: 2, reason: "badAmount", values: { value: cell } });
  });

  it("refuses a long hostile cell without stalling (a backtracking pattern would never finish)", () => {
    for (const cell of [`1${" ".repeat(20_000)}x`, `-${" ".repeat(20_000)}x`])
      expect(refusalOf(() => amountOf(cell, ","))).toMatchObject({ line: 2, reason: "badAmount" });
  });
});

describe("debit and credit columns, and what a positive amount means", () => {
  const splitMapping = withMapping({
    delimiter: ";",
    decimalMark: ",",
    dateFormat: "dmy",
    columns: { date: 0, description: 1, amount: null, debit: 2, credit: 3, identifier: null },
  });
  const read = (rows: string) => parseCsvStatement(`Data;Histórico;Débito;Crédito\n${rows}`, splitMapping);

  it("makes a debit money out and a credit money in, whichever sign the bank wrote", () => {
    expect(read("02/01/2026;A;50,00;\n03/01/2026;B;;75,10\n04/01/2026;C;-12,00;\n05/01/2026;D;0,00;3,00\n")).toEqual([
      { line: 2, date: "2026-01-02", description: "A", amount: "-50.00", importedId: null },
      { line: 3, date: "2026-01-03", description: "B", amount: "75.10", importedId: null },
      { line: 4, date: "2026-01-04", description: "C", amount: "-12.00", importedId: null },
      { line: 5, date: "2026-01-05", description: "D", amount: "3.00", importedId: null },
    ]);
  });

  it("refuses a row with neither, and a row with both", () => {
    expect(refusalOf(() => read("02/01/2026;A;;\n"))).toEqual({ line: 2, reason: "missingAmount", values: {} });
    expect(refusalOf(() => read("02/01/2026;A;1,00;2,00\n"))).toEqual({
      line: 2,
      reason: "badAmount",
      values: { value: "1,00 / 2,00" },
    });
  });

  it("passes over a bank's balance lines, which have no amount, and still refuses any other line without one", () => {
    expect(read("01/01/2026;SALDO ANTERIOR;;\n02/01/2026;A;50,00;\n02/01/2026;Saldo do dia;;\n")).toEqual([
      { line: 3, date: "2026-01-02", description: "A", amount: "-50.00", importedId: null },
    ]);
    expect(
      parseCsvStatement("date,description,amount\n2026-01-01,Opening balance,\n2026-01-02,B,1.00\n", simpleMapping),
    ).toEqual([{ line: 3, date: "2026-01-02", description: "B", amount: "1.00", importedId: null }]);
    expect(refusalOf(() => read("02/01/2026;Saldos de férias;1,00;\n03/01/2026;Padaria;;\n"))).toEqual({
      line: 3,
      reason: "missingAmount",
      values: {},
    });
  });

  it("turns the sign of an amount column when a positive amount is money out", () => {
    const text = "date,description,amount\n2026-01-02,Purchase,10.00\n2026-01-03,Payment,-5.50\n2026-01-04,Zero,0\n";
    expect(parseCsvStatement(text, withMapping({ positiveMeans: "money_out" })).map((line) => line.amount)).toEqual([
      "-10.00",
      "5.50",
      "0",
    ]);
    expect(parseCsvStatement(text, simpleMapping).map((line) => line.amount)).toEqual(["10.00", "-5.50", "0"]);
  });

  it("reads a file without a header from its first line, and an empty identifier as none", () => {
    const mapping = withMapping({ hasHeader: false, columns: { ...simpleMapping.columns, identifier: 3 } });
    expect(parseCsvStatement("2026-01-02,  Pão \t de  queijo ,1.00,X1\n2026-01-03,,2.00, \n", mapping)).toEqual([
      { line: 1, date: "2026-01-02", description: "Pão de queijo", amount: "1.00", importedId: "X1" },
      { line: 2, date: "2026-01-03", description: "", amount: "2.00", importedId: null },
    ]);
  });
});

describe("the mapping schema", () => {
  it("accepts a mapping the presets produce", () => {
    expect(csvMappingSchema.parse(inspectCsv(fixture("generic-debit-credit.csv")).mapping)).toMatchObject({
      columns: { debit: 3, credit: 4 },
    });
  });

  it("asks for an amount column or both debit and credit, each column once", () => {
    const issues = (columns: Partial<CsvMapping["columns"]>) =>
      csvMappingSchema
        .safeParse({ ...simpleMapping, columns: { ...simpleMapping.columns, ...columns } })
        .error?.issues.map((issue) => issue.message);
    expect(issues({ amount: null, debit: 2 })).toEqual(["errors:fields.csvAmountColumns"]);
    expect(issues({ debit: 3, credit: 4 })).toEqual(["errors:fields.csvAmountColumns"]);
    expect(issues({ amount: 0 })).toEqual(["errors:fields.csvColumnsDistinct"]);
    expect(issues({ date: -1 })).toEqual(["errors:fields.invalid"]);
    expect(issues({})).toBeUndefined();
  });
});

describe("lines above the table", () => {
  const cp1252Fixture = (name: string) =>
    decodeStatementBytes(
      new Uint8Array(readFileSync(join(import.meta.dirname, "..", "..", "fixtures", "statements", name))),
    );

  it.each([
    // ING (Germany): 14 lines of account details and notes, some of them as wide as the table's first cells.
    ["ing-de.csv", cp1252Fixture("ing-de.csv"), ";", 15, "Buchung"],
    // Schwab: one title line above the header.
    ["schwab-checking.csv", fixture("schwab-checking.csv"), ",", 2, "Date"],
    // Banco Inter: the account, the period and the balance above the header.
    ["inter.csv", fixture("inter.csv"), ";", 6, "Data Lançamento"],
  ])("finds where %s's table starts", (_name, text, delimiter, startLine, firstHeaderCell) => {
    const inspection = inspectCsv(text);
    expect(inspection).toMatchObject({ delimiter, startLine });
    expect(inspection.header?.[0]).toBe(firstHeaderCell);
    expect(inspection.guess.startLine).toBe(startLine);
  });

  it("reads the transactions below the account details, with the start line kept in the mapping", () => {
    const inter = inspectCsv(fixture("inter.csv"));
    expect(inter.preset).toBe("generic");
    expect(inter.mapping).toMatchObject({ startLine: 6, hasHeader: true, dateFormat: "dmy", decimalMark: "," });
    expect(
      parseCsvStatement(fixture("inter.csv"), inter.mapping!).map(({ line, date, amount }) => [line, date, amount]),
    ).toEqual([
      [7, "2024-01-31", "9.12"],
      [8, "2024-01-15", "-780.00"],
      [9, "2024-01-05", "4200.00"],
      [10, "2024-01-04", "-35.00"],
    ]);
    const schwab = inspectCsv(fixture("schwab-checking.csv"));
    expect(schwab.mapping).toMatchObject({ startLine: 2, columns: { debit: 5, credit: 6 }, dateFormat: "mdy" });
    expect(parseCsvStatement(fixture("schwab-checking.csv"), schwab.mapping!).map(({ amount }) => amount)).toEqual([
      "-60.00",
      "2850.00",
      "-54.23",
    ]);
  });

  it("reads the table from the line the person gives, and says where it read a too-narrow first line", () => {
    const text = cp1252Fixture("ing-de.csv");
    const mapping: CsvMapping = {
      delimiter: ";",
      startLine: 15,
      hasHeader: true,
      columns: { ...noColumns, date: 0, description: 2, amount: 7 },
      dateFormat: "dmy",
      decimalMark: ",",
      positiveMeans: "money_in",
    };
    expect(parseCsvStatement(text, mapping).map(({ description, amount }) => [description, amount])).toEqual([
      ["REWE Markt GmbH", "-54.23"],
      ["Stadtwerke Beispiel", "-92.00"],
      ["Beispiel AG", "3150.00"],
    ]);
    // The same mapping from the top of the file: the refusal names the line and what it found there.
    expect(refusalOf(() => parseCsvStatement(text, { ...mapping, startLine: 1 }))).toEqual({
      line: 1,
      reason: "missingColumn",
      values: { column: 8, field: "amount", found: 2 },
    });
    // Inspected from a line the person chose, the table is taken to start there.
    expect(inspectCsv(text, 15)).toMatchObject({ startLine: 15, delimiter: ";" });
    expect(inspectCsv(text, 15).header?.[0]).toBe("Buchung");
  });

  it("keeps a mapping without a start line (remembered before it was asked) reading from the top", () => {
    const { startLine: _none, ...old } = { ...simpleMapping, startLine: undefined };
    expect(csvMappingSchema.parse(old).startLine).toBeUndefined();
    expect(parseCsvStatement("date,description,amount\n2026-01-02,A,1.00\n", old)).toHaveLength(1);
    expect(csvMappingSchema.safeParse({ ...simpleMapping, startLine: 0 }).success).toBe(false);
  });
});
