import { describe, expect, it } from "vitest";
import { translate } from "../../../worker/http/error-body.ts";
import { fieldErrorsFrom } from "../../../worker/http/validation.ts";
import {
  amountSchema,
  centsToDecimal,
  convertCents,
  decimalToUnits,
  microsToRate,
  positiveAmountSchema,
  rateSchema,
  signedAmountSchema,
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

  it("converts in integer arithmetic, rounding half up", () => {
    expect(convertCents(10_000, 5_123_457)).toBe(51_235);
    expect(convertCents(1, 500_000)).toBe(1);
    expect(convertCents(1, 499_999)).toBe(0);
    expect(convertCents(99_999_999_999, 1_000_000)).toBe(99_999_999_999);
  });

  it("writes cents and rates back as decimal text", () => {
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-123_456)).toBe("-1234.56");
    expect(centsToDecimal(-(2n ** 64n) - 5n)).toBe("-184467440737095516.21");
    expect(microsToRate(5_123_457)).toBe("5.123457");
    expect(microsToRate(190_000)).toBe("0.190000");
    expect(decimalToUnits("3.1", 6)).toBe(3_100_000);
  });
});

describe("the API's amount text back to cents", () => {
  it("reads signed decimal strings exactly", async () => {
    const { decimalToCents } = await import("../../../worker/ledger/money.ts");
    expect(decimalToCents("-1234.56")).toBe(-123_456);
    expect(decimalToCents("0.07")).toBe(7);
    expect(() => decimalToCents("1e3")).toThrow(RangeError);
    const { decimalToExactCents } = await import("../../../worker/ledger/money.ts");
    expect(decimalToExactCents("99999999999989.99")).toBe(9_999_999_999_998_999n);
    expect(decimalToExactCents("-0.07")).toBe(-7n);
    expect(() => decimalToExactCents("12.3")).toThrow(RangeError);
  });
});
