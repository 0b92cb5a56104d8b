import { describe, expect, it } from "vitest";
import { translate } from "../../../worker/http/error-body.ts";
import { fieldErrorsFrom } from "../../../worker/http/validation.ts";
import {
  amountSchema,
  decimalToExactUnits,
  decimalToUnits,
  hundredthsToDecimal,
  hundredthsToUnits,
  maxAmountUnitsOf,
  microsToRate,
  minorUnitOf,
  positiveAmountSchema,
  rateSchema,
  signedAmountSchema,
  unitsToDecimal,
  unitsToHundredths,
} from "../../../worker/ledger/money.ts";

describe("money at the API's edge", () => {
  it("reads decimals with up to 2 places from strings and numbers into exact cents", () => {
    expect(amountSchema.parse("1234.5")).toBe(123_450);
    expect(amountSchema.parse(0.1)).toBe(10);
    expect(amountSchema.parse(19.9)).toBe(1_990);
    expect(amountSchema.parse("999999999.99")).toBe(99_999_999_999);
    expect(positiveAmountSchema.parse(" 7 ")).toBe(700);
  });

  it("refuses what is not a plain 2-decimal amount instead of rounding it", () => {
    for (const value of [
      "12.345",
      12.345,
      "1e3",
      1e21,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      "-1",
      "1,50",
      "",
      true,
      null,
      {},
      0.30000000000000004,
    ]) {
      expect(amountSchema.safeParse(value).success, String(value)).toBe(false);
    }
    expect(positiveAmountSchema.safeParse("0.00").success).toBe(false);
    for (const refused of [amountSchema.safeParse("1000000000.00"), signedAmountSchema.safeParse("-1000000000")]) {
      const [message] = fieldErrorsFrom(refused.error!)._!;
      expect(message).toEqual({ key: "errors:fields.amountTooLarge", values: { max: 999_999_999.99 } });
      // The bound is written the way each language writes numbers.
      expect(translate(message!, "en")).toBe("Amount is too large (the maximum is 999,999,999.99)");
      expect(translate(message!, "pt-BR")).toBe("O valor é grande demais (o máximo é 999.999.999,99)");
    }
  });

  it("allows an opening balance below zero", () => {
    expect(signedAmountSchema.parse("-250.10")).toBe(-25_010);
    expect(signedAmountSchema.parse(-3)).toBe(-300);
    expect(signedAmountSchema.safeParse("--3").success).toBe(false);
  });

  it("reads rates with up to 6 decimals into micro-units and refuses zero", () => {
    expect(rateSchema.parse("5.123456")).toBe(5_123_456);
    expect(rateSchema.parse(0.19)).toBe(190_000);
    expect(rateSchema.safeParse("0").success).toBe(false);
    expect(rateSchema.safeParse("1.0000001").success).toBe(false);
  });

  it("writes minor units and rates back as decimal text with the currency's places", () => {
    expect(unitsToDecimal(5, "BRL")).toBe("0.05");
    expect(unitsToDecimal(-123_456, "USD")).toBe("-1234.56");
    expect(unitsToDecimal(-(2n ** 64n) - 5n, "EUR")).toBe("-184467440737095516.21");
    expect(unitsToDecimal(5, "JPY")).toBe("5");
    expect(unitsToDecimal(-123_456, "JPY")).toBe("-123456");
    expect(hundredthsToDecimal(5)).toBe("0.05");
    expect(microsToRate(5_123_457)).toBe("5.123457");
    expect(microsToRate(190_000)).toBe("0.190000");
    expect(decimalToUnits("3.1", 6)).toBe(3_100_000);
  });
});

describe("the API's amount text back to minor units", () => {
  it("reads signed decimal strings exactly, with exactly the currency's places", () => {
    expect(decimalToExactUnits("-1234.56", "BRL")).toBe(-123_456n);
    expect(decimalToExactUnits("99999999999989.99", "USD")).toBe(9_999_999_999_998_999n);
    expect(decimalToExactUnits("-0.07", "EUR")).toBe(-7n);
    expect(decimalToExactUnits("1234", "JPY")).toBe(1234n);
    expect(decimalToExactUnits("-7", "JPY")).toBe(-7n);
    for (const [text, currency] of [
      ["12.3", "BRL"],
      ["1e3", "BRL"],
      ["12", "USD"],
      ["12.00", "JPY"],
      ["", "JPY"],
    ])
      expect(() => decimalToExactUnits(text!, currency!)).toThrow(RangeError);
  });
});

describe("currencies' minor units (ISO 4217)", () => {
  it("gives the yen none and every other currency two", () => {
    expect(minorUnitOf("JPY")).toBe(0);
    expect(minorUnitOf("jpy")).toBe(0);
    expect(["BRL", "USD", "EUR", "GBP", "CNY", "XYZ"].map(minorUnitOf)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("turns an amount read with up to 2 places into the currency's units, refusing decimals the yen lacks", () => {
    expect(hundredthsToUnits(123_450, "BRL")).toBe(123_450);
    expect(hundredthsToUnits(123_400, "JPY")).toBe(1_234);
    expect(hundredthsToUnits(-500, "JPY")).toBe(-5);
    expect(hundredthsToUnits(123_450, "JPY")).toBeNull();
    expect(hundredthsToUnits(1, "JPY")).toBeNull();
    expect(unitsToHundredths(1_234, "JPY")).toBe(123_400);
    expect(unitsToHundredths(1_234, "BRL")).toBe(1_234);
  });

  it("bounds one amount at 999 999 999.99, in yen 999 999 999", () => {
    expect(maxAmountUnitsOf("BRL")).toBe(99_999_999_999);
    expect(maxAmountUnitsOf("JPY")).toBe(999_999_999);
  });
});
