import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmountInput, formatMoney, formatRateInput } from "../../app/lib/format";
import { languages, type Language } from "../../app/lib/i18n";
import { parseTypedAmount, parseTypedRate, type TypedRefusal } from "../../app/lib/typed-amount";
import { maxAmountCents, maxAmountUnitsOf, maxRateMicros } from "../../worker/ledger/money";
import { currencies } from "../../db/enums";

const amountIn = (language: Language, typed: string, options?: Parameters<typeof parseTypedAmount>[2]) =>
  parseTypedAmount(typed, language, options);
const refusal = (reason: TypedRefusal) => ({ ok: false, reason });

describe("typed amounts on a Portuguese page", () => {
  it.each([
    ["49,90", "49.90", 4990],
    ["1.234,56", "1234.56", 123456],
    ["1234,5", "1234.50", 123450],
    ["1.500", "1500.00", 150000],
    ["1.234.567,89", "1234567.89", 123456789],
    ["R$ 12", "12.00", 1200],
    ["R$12,3", "12.30", 1230],
    [" 12 ", "12.00", 1200],
    ["\u00a0R$\u00a07,00\u00a0", "7.00", 700],
    [",50", "0.50", 50],
    ["0,01", "0.01", 1],
  ])("reads %j as %s", (typed, text, units) => {
    expect(amountIn("pt-BR", typed)).toEqual({ ok: true, text, units });
  });

  it.each<[string, TypedRefusal]>([
    ["1,234.56", "otherFormat"],
    ["12.34", "otherFormat"],
    ["1.5", "otherFormat"],
    ["12,345", "tooManyDecimals"],
    ["1.23.4", "misplacedSeparator"],
    ["1.2345", "misplacedSeparator"],
    ["0.500", "misplacedSeparator"],
    ["1,2,3", "misplacedSeparator"],
    ["12,", "malformed"],
    ["12 34", "malformed"],
    ["12a", "malformed"],
    ["abc", "malformed"],
    ["R$", "malformed"],
    ["12 R$", "malformed"],
    ["--12", "twoSigns"],
    ["-R$ -12", "twoSigns"],
    ["+-12", "twoSigns"],
    ["", "empty"],
    ["   ", "empty"],
    ["-12", "negative"],
    ["0", "notPositive"],
    ["0,00", "notPositive"],
    ["1.000.000.000.000,00", "tooLarge"],
  ])("refuses %j (%s)", (typed, reason) => {
    expect(amountIn("pt-BR", typed)).toEqual(refusal(reason));
  });

  it("takes a minus sign where a balance may be negative, before or after the symbol", () => {
    expect(amountIn("pt-BR", "-1.234,56", { sign: "any" })).toEqual({ ok: true, text: "-1234.56", units: -123456 });
    expect(amountIn("pt-BR", "R$ -12", { sign: "any" })).toEqual({ ok: true, text: "-12.00", units: -1200 });
    expect(amountIn("pt-BR", "\u22125", { sign: "any" })).toEqual({ ok: true, text: "-5.00", units: -500 });
    expect(amountIn("pt-BR", "-0", { sign: "any" })).toEqual({ ok: true, text: "0.00", units: 0 });
    expect(amountIn("pt-BR", "0", { sign: "nonNegative" })).toEqual({ ok: true, text: "0.00", units: 0 });
    expect(amountIn("pt-BR", "-1", { sign: "nonNegative" })).toEqual(refusal("negative"));
  });

  it("refuses the symbol of another currency when the field's currency is known", () => {
    expect(amountIn("pt-BR", "US$ 12", { currency: "BRL" })).toEqual(refusal("wrongCurrency"));
    expect(amountIn("pt-BR", "R$ 12", { currency: "USD" })).toEqual(refusal("wrongCurrency"));
    expect(amountIn("pt-BR", "$ 12", { currency: "EUR" })).toEqual(refusal("wrongCurrency"));
    expect(amountIn("pt-BR", "€ 1.234,56", { currency: "EUR" })).toMatchObject({ ok: true, units: 123_456 });
    expect(amountIn("pt-BR", "£ 12", { currency: "GBP" })).toMatchObject({ ok: true, units: 1_200 });
    expect(amountIn("pt-BR", "CHF 12,50", { currency: "CHF" })).toMatchObject({ ok: true, units: 1_250 });
    expect(amountIn("pt-BR", "US$ 12", { currency: "USD" })).toMatchObject({ ok: true, units: 1200 });
  });
});

describe("typed amounts on an English page", () => {
  it.each([
    ["1,234.56", "1234.56", 123456],
    ["1234.5", "1234.50", 123450],
    ["$ 12", "12.00", 1200],
    ["$12.30", "12.30", 1230],
    ["1,500", "1500.00", 150000],
    ["3000.00", "3000.00", 300000],
    [".5", "0.50", 50],
  ])("reads %j as %s", (typed, text, units) => {
    expect(amountIn("en", typed)).toEqual({ ok: true, text, units });
  });

  it.each<[string, TypedRefusal]>([
    ["49,90", "otherFormat"],
    ["1.234,56", "otherFormat"],
    ["12.345", "tooManyDecimals"],
    ["1.500", "tooManyDecimals"],
    ["1,23,4", "misplacedSeparator"],
    ["1e3", "malformed"],
    ["Infinity", "malformed"],
  ])("refuses %j (%s)", (typed, reason) => {
    expect(amountIn("en", typed)).toEqual(refusal(reason));
  });
});

describe("typed rates", () => {
  it("reads up to 6 decimals with the page's decimal separator", () => {
    expect(parseTypedRate("0,18", "pt-BR")).toEqual({ ok: true, text: "0.180000", units: 180_000 });
    expect(parseTypedRate("5,123456", "pt-BR")).toEqual({ ok: true, text: "5.123456", units: 5_123_456 });
    expect(parseTypedRate("0.18", "en")).toEqual({ ok: true, text: "0.180000", units: 180_000 });
    expect(parseTypedRate(" 1500 ", "en")).toEqual({ ok: true, text: "1500.000000", units: 1_500_000_000 });
  });

  it("refuses thousands separators, the other language's decimals, symbols, signs and zero", () => {
    expect(parseTypedRate("0.18", "pt-BR")).toEqual(refusal("otherFormat"));
    expect(parseTypedRate("1.500", "pt-BR")).toEqual(refusal("otherFormat"));
    expect(parseTypedRate("0,18", "en")).toEqual(refusal("otherFormat"));
    expect(parseTypedRate("1.500,25", "pt-BR")).toEqual(refusal("groupedRate"));
    expect(parseTypedRate("0,1234567", "pt-BR")).toEqual(refusal("tooManyDecimals"));
    expect(parseTypedRate("R$ 5", "pt-BR")).toEqual(refusal("malformed"));
    expect(parseTypedRate("-5", "en")).toEqual(refusal("negative"));
    expect(parseTypedRate("0", "en")).toEqual(refusal("notPositive"));
    expect(parseTypedRate("1000000,000001", "pt-BR")).toEqual(refusal("tooLarge"));
  });
});

const cents = fc.integer({ min: 1, max: maxAmountCents });
const language = fc.constantFrom<Language>(...languages);

describe("format → parse round trips", () => {
  it("fills fields the way each language writes amounts and rates", () => {
    expect(formatAmountInput(123_456, "BRL", "pt-BR")).toBe("1.234,56");
    expect(formatAmountInput(-150_000, "USD", "en")).toBe("-1,500.00");
    expect(formatAmountInput(123_456, "JPY", "pt-BR")).toBe("123.456");
    expect(formatAmountInput(-1_500, "JPY", "en")).toBe("-1,500");
    expect(formatRateInput(180_000, "pt-BR")).toBe("0,18");
    expect(formatRateInput(1_500_250_000, "en")).toBe("1500.25");
  });

  it("reads back every amount the app prints with its currency, in both languages", () => {
    fc.assert(
      fc.property(cents, language, fc.constantFrom(...currencies), (anyAmount, lang, currency) => {
        const amount = anyAmount % maxAmountUnitsOf(currency) || 1;
        const parsed = parseTypedAmount(formatMoney(amount, currency, lang), lang, { currency });
        expect(parsed).toEqual({ ok: true, text: expect.any(String), units: amount });
      }),
      { numRuns: 2000 },
    );
  });

  it("reads back signed amounts and the amounts fields are filled with", () => {
    fc.assert(
      fc.property(fc.integer({ min: -maxAmountCents, max: maxAmountCents }), language, (amount, lang) => {
        expect(
          parseTypedAmount(formatMoney(amount, "BRL", lang, { sign: "exceptZero" }), lang, { sign: "any" }),
        ).toMatchObject({ ok: true, units: amount });
        expect(parseTypedAmount(formatAmountInput(amount, "BRL", lang), lang, { sign: "any" })).toMatchObject({
          ok: true,
          units: amount,
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("reads back every rate a field is filled with", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxRateMicros }), language, (micros, lang) => {
        expect(parseTypedRate(formatRateInput(micros, lang), lang)).toMatchObject({ ok: true, units: micros });
      }),
      { numRuns: 2000 },
    );
  });
});

describe("yen amounts (no decimals)", () => {
  it.each<[Language, string, string, number]>([
    ["pt-BR", "1.234", "1234", 1234],
    ["pt-BR", "JP¥ 1.234", "1234", 1234],
    ["en", "¥1,234", "1234", 1234],
    ["en", "1234", "1234", 1234],
  ])("reads %s %j as %s", (lang, typed, text, units) => {
    expect(amountIn(lang, typed, { currency: "JPY" })).toEqual({ ok: true, text, units });
  });

  it("refuses decimals, never rounding them away, and yuan symbols", () => {
    expect(amountIn("pt-BR", "1.234,5", { currency: "JPY" })).toEqual(refusal("wholeOnly"));
    expect(amountIn("en", "12.50", { currency: "JPY" })).toEqual(refusal("wholeOnly"));
    expect(amountIn("en", "CN¥12", { currency: "JPY" })).toEqual(refusal("wrongCurrency"));
    expect(amountIn("en", "1,000,000,000", { currency: "JPY" })).toEqual(refusal("tooLarge"));
  });

  it("prints the yen without decimals in both languages", () => {
    expect(formatMoney(1_234_567, "JPY", "en")).toBe("¥1,234,567");
    expect(formatMoney(1_234_567, "JPY", "pt-BR")).toBe("JP¥\u00a01.234.567");
  });
});

describe("the two languages never read one text as two different numbers", () => {
  const typed = fc.stringMatching(/^-?(R\$ ?)?[0-9.,]{1,9}$/);
  it("a text both languages accept means the same in both", () => {
    fc.assert(
      fc.property(typed, (text) => {
        for (const parse of [
          (l: Language) => parseTypedAmount(text, l, { sign: "any" }),
          (l: Language) => parseTypedRate(text, l),
        ]) {
          const [en, pt] = [parse("en"), parse("pt-BR")];
          if (en.ok && pt.ok) expect(en.units).toBe(pt.units);
        }
      }),
      { numRuns: 5000 },
    );
  });
});
