import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CsvMapping } from "../../../worker/imports/csv-mapping.schemas.ts";
import { StatementProblem } from "../../../worker/imports/statement.ts";
import { readStatementFile } from "../../../worker/imports/statement-file.ts";

/**
 * Anyone who may import can send any 5 MB, so reading a statement must take time in proportion to
 * the file's size whatever is in it. A shape is a few runs of text, each repeated in proportion to a
 * scale (a plain string is written once): at 8 times the scale the file is about 8 times the size,
 * with the same structure. Linear reading then takes about 8 times as long, quadratic 64 times.
 */
type Shape = Array<string | [run: string, weight: number]>;

const textOf = (shape: Shape, scale: number) =>
  shape.map((part) => (typeof part === "string" ? part : part[0].repeat(part[1] * scale))).join("");

const scaledBytes = (shape: Shape) =>
  shape.reduce((sum, part) => sum + (typeof part === "string" ? 0 : part[0].length * part[1]), 0);

/** The smaller file's size: large enough that a run takes milliseconds, not timer noise. */
const smallFileBytes = 32 * 1024;
const growth = 8;
/** Linear reading grows about 8 times and quadratic 64; the room between absorbs a busy machine. */
const maxGrowth = 24;
/** A larger file read faster than this is fast, whatever the ratio of two tiny times says. */
const fastEnoughMs = 25;

/**
 * The processor time, in ms, of reading the file as the preview does (to lines, or to the
 * StatementProblem that refuses it). Processor time rather than the clock's: on a shared machine a
 * longer run is interrupted more often, which would pass for growth.
 */
function readingTime(bytes: Uint8Array, csvMapping: CsvMapping | null): number {
  const started = process.cpuUsage();
  try {
    readStatementFile(bytes, { csvMapping });
  } catch (error) {
    if (!(error instanceof StatementProblem)) throw error;
  }
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/**
 * The best of a few interleaved runs of each size, so a burst of other work on a shared machine
 * slows both or neither; the best run is the one that measures the code. A ratio over the limit
 * is measured once more before it counts.
 */
function expectLinear(shape: Shape, csvMapping: CsvMapping | null = null) {
  const scale = Math.max(1, Math.ceil(smallFileBytes / Math.max(1, scaledBytes(shape))));
  const small = new TextEncoder().encode(textOf(shape, scale));
  const large = new TextEncoder().encode(textOf(shape, scale * growth));
  readingTime(small, csvMapping);
  const best = { small: Number.POSITIVE_INFINITY, large: Number.POSITIVE_INFINITY };
  const isLinear = () => best.large < Math.max(best.small * maxGrowth, fastEnoughMs);
  for (let attempt = 0; attempt < 2 && (attempt === 0 || !isLinear()); attempt++) {
    for (let run = 0; run < 3; run++) {
      best.small = Math.min(best.small, readingTime(small, csvMapping));
      best.large = Math.min(best.large, readingTime(large, csvMapping));
    }
  }
  expect(
    { bytes: [small.length, large.length], ms: [best.small, best.large], isLinear: isLinear() },
    `${JSON.stringify(shape).slice(0, 300)} read in ${best.small.toFixed(1)} ms, then ${best.large.toFixed(1)} ms at ${growth}x the size`,
  ).toMatchObject({ isLinear: true });
}

/** The audit's file: 25,000 unknown empty tags left open, then 25,000 end tags that close none. */
const auditOfx = (count: number) => `<OFX>${"<A>".repeat(count)}${"</B>".repeat(count)}</OFX>`;

const transaction = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261105<TRNAMT>-1,00<FITID>1<MEMO>PADARIA &amp; CIA</STMTTRN>\n";
const statementStart = "OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKTRANLIST>";

const ofxTagNames = ["OFX", "STMTRS", "BANKTRANLIST", "STMTTRN", "PAYEE", "NAME", "MEMO", "TRNAMT", "A", "B", "X"];
const ofxValues = ["", " ", "x", "-1,00", "20261105", "A &amp; B", "5 < 6"];
const ofxToken = fc.oneof(
  fc.constantFrom(...ofxTagNames).map((name) => `<${name}>`),
  fc.constantFrom(...ofxTagNames).map((name) => `</${name}>`),
  fc.constantFrom(...ofxTagNames).map((name) => `<${name}/>`),
  fc.tuple(fc.constantFrom(...ofxTagNames), fc.constantFrom(...ofxValues)).map(([name, value]) => `<${name}>${value}`),
  fc.constantFrom("\n", "\r\n", "<", "&lt;", "&#x41;", "<!-- c -->", "<![CDATA[<A>]]>", "<?xml?>", transaction),
);

const csvToken = fc.constantFrom(
  '"',
  '""',
  ",",
  ";",
  "\t",
  "\n",
  "\r\n",
  "\r",
  " ",
  "2026-01-05",
  "05/01/2026",
  "-1.234,56",
  "R$ 12,50",
  "(12.50)",
  "1111",
  "Data",
  "Valor",
  "Descrição",
  "date,title,amount\n",
  "Padaria",
);

/** Runs of random tokens, each repeated 1 to 4 times per unit of scale, after a fixed start. */
const shapeOf = (token: fc.Arbitrary<string>, start: fc.Arbitrary<string>) =>
  fc
    .tuple(
      start,
      fc.array(
        fc.tuple(
          fc.array(token, { minLength: 1, maxLength: 8 }).map((tokens) => tokens.join("")),
          fc.integer({ min: 1, max: 4 }),
        ),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([first, runs]): Shape => [first, ...runs]);

const csvMapping: CsvMapping = {
  delimiter: ";",
  hasHeader: false,
  columns: { date: 0, amount: 1, description: 2, debit: null, credit: null, identifier: null },
  dateFormat: "dmy",
  decimalMark: ",",
  positiveMeans: "money_in",
};

/** Generous: a busy machine stretches the clock, and the limits above are on processor time. */
const slowMachine = { timeout: 60_000 };

describe("reading a hostile OFX file", slowMachine, () => {
  it("reads the audit's 171 KB file and a 600 KB one at once", () => {
    const audited = new TextEncoder().encode(auditOfx(25_000));
    const larger = new TextEncoder().encode(auditOfx(87_000));
    expect([audited.length, larger.length]).toEqual([175_011, 609_011]);
    // Before reading was linear, these took some 2 s and 40 s.
    expect(readingTime(audited, null)).toBeLessThan(1_000);
    expect(readingTime(larger, null)).toBeLessThan(3_000);
  });

  it.each<[string, Shape]>([
    ["unmatched end tags under unknown empty tags", ["<OFX>", ["<A>", 1], ["</B>", 1], "</OFX>"]],
    ["deep nesting closed tag by tag", ["<OFX>", ["<A>", 1], ["</A>", 1]]],
    ["deep nesting of aggregates closed at once", ["<OFX>", ["<BAL><PAYEE><A>", 1], "</OFX>"]],
    ["unknown empty tags mixed with end tags that close nothing", ["<OFX>", ["<A><B></C><D/>", 1]]],
    ["a statement of transactions between unmatched tags", [statementStart, ["<X></Y>", 4], [transaction, 1]]],
    ["stray brackets, entities and unclosed markup", ["<OFX><MEMO>", ["a < b &amp; &lt;", 1], "<!-- never closed"]],
  ])("reads %s in linear time", (_, shape) => {
    expectLinear(shape);
  });

  it("reads any tag soup in linear time, or refuses it as a statement problem", () => {
    fc.assert(
      fc.property(shapeOf(ofxToken, fc.constantFrom("<OFX>", statementStart)), (shape) => expectLinear(shape)),
      { numRuns: 12 },
    );
  });
});

describe("reading a hostile CSV file", slowMachine, () => {
  it("inspects a 2 MB row of empty columns at once", () => {
    const bytes = new TextEncoder().encode(`2026-01-01,1${",".repeat(2_000_000)}\n${"a\n".repeat(99)}`);
    // Guessing went over every column of each sampled row: some 10 s before it looked at 100 of them.
    expect(readingTime(bytes, null)).toBeLessThan(2_000);
  });

  it.each<[string, Shape, CsvMapping | null]>([
    ["a first row of endless columns", ["2026-01-01,1", [",", 1], "\n", ["a\n", 1]], null],
    ["a header of endless columns", ["date,amount", [",x", 1], "\n", ["2026-01-01,1\n", 1]], null],
    ["a quoted cell of endless doubled quotes", ['"', ['""', 1], '"'], null],
    ["an unquoted cell of endless quotes", [['a"', 1]], null],
    ["a would-be amount of endless spaces", ["1", [" ", 1], "x;2"], null],
    ["many rows, with the person's mapping", [["05/01/2026;-1,50;Padaria\n", 1]], csvMapping],
  ])("reads %s in linear time", (_, shape, mapping) => {
    expectLinear(shape, mapping);
  });

  it("reads any cell soup in linear time, or refuses it as a statement problem", () => {
    fc.assert(
      fc.property(shapeOf(csvToken, fc.constantFrom("", "Data;Valor;Descrição\n")), fc.boolean(), (shape, isMapped) =>
        expectLinear(shape, isMapped ? csvMapping : null),
      ),
      { numRuns: 12 },
    );
  });
});
