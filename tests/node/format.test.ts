import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatMoneyCompact, formatPercent, formatRelativeTime } from "../../app/lib/format";

// Intl puts a no-break space between "R$" and the number in pt-BR.
const nbsp = "\u00a0";

describe("formatMoney", () => {
  it("prints integer minor units as dollars in English", () => {
    expect(formatMoney(12345, "USD", "en")).toBe("$123.45");
    expect(formatMoney(100, "USD", "en")).toBe("$1.00");
    expect(formatMoney(123456789, "USD", "en")).toBe("$1,234,567.89");
  });

  it("prints integer minor units as reais in Portuguese", () => {
    expect(formatMoney(12345, "BRL", "pt-BR")).toBe(`R$${nbsp}123,45`);
    expect(formatMoney(123456789, "BRL", "pt-BR")).toBe(`R$${nbsp}1.234.567,89`);
  });

  it("prints a bigint total past 2^53 minor units exactly", () => {
    expect(formatMoney(9_999_999_999_998_999n, "BRL", "pt-BR")).toBe(`R$${nbsp}99.999.999.999.989,99`);
    expect(formatMoney(-9_007_199_254_740_993n, "USD", "en")).toBe("-$90,071,992,547,409.93");
  });

  it("keeps the currency and the language independent", () => {
    expect(formatMoney(12345, "BRL", "en")).toBe("R$123.45");
    expect(formatMoney(12345, "USD", "pt-BR")).toBe(`US$${nbsp}123,45`);
    expect(formatMoney(12345, "brl", "en")).toBe("R$123.45");
  });

  it("always shows two decimals, including for cents and zero", () => {
    expect(formatMoney(5, "USD", "en")).toBe("$0.05");
    expect(formatMoney(0, "BRL", "pt-BR")).toBe(`R$${nbsp}0,00`);
    expect(formatMoney(-0, "USD", "en")).toBe("$0.00");
  });

  it("prints debits with a minus sign and credits with a plus when asked", () => {
    expect(formatMoney(-98765, "USD", "en")).toBe("-$987.65");
    expect(formatMoney(-98765, "BRL", "pt-BR")).toBe(`-R$${nbsp}987,65`);
    expect(formatMoney(4200, "BRL", "pt-BR", { sign: "exceptZero" })).toBe(`+R$${nbsp}42,00`);
    expect(formatMoney(0, "USD", "en", { sign: "exceptZero" })).toBe("$0.00");
  });

  it("stays exact on amounts too large for float cents to survive", () => {
    // 90071992547409.91 is not representable as a double; the string path keeps every digit.
    expect(formatMoney(9007199254740991, "USD", "en")).toBe("$90,071,992,547,409.91");
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => formatMoney(123.45, "USD", "en")).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, "USD", "en")).toThrow(RangeError);
  });
});

describe("formatMoneyCompact", () => {
  it("abbreviates large amounts in each language", () => {
    expect(formatMoneyCompact(1234567, "USD", "en")).toBe("$12.3K");
    expect(formatMoneyCompact(1234567, "BRL", "pt-BR")).toBe(`R$${nbsp}12,3${nbsp}mil`);
    expect(formatMoneyCompact(123456789, "BRL", "pt-BR")).toBe(`R$${nbsp}1,2${nbsp}mi`);
  });
});

describe("formatPercent", () => {
  it("prints a ratio as a percentage with one decimal by default", () => {
    expect(formatPercent(0.125, "en")).toBe("12.5%");
    expect(formatPercent(0.125, "pt-BR")).toBe("12,5%");
    expect(formatPercent(0.08, "en")).toBe("8.0%");
  });

  it("signs changes when asked and honours the number of decimals", () => {
    expect(formatPercent(0.125, "en", { isSigned: true })).toBe("+12.5%");
    expect(formatPercent(-0.032, "pt-BR", { isSigned: true })).toBe("-3,2%");
    expect(formatPercent(0, "en", { isSigned: true })).toBe("0.0%");
    expect(formatPercent(0.5, "pt-BR", { fractionDigits: 0 })).toBe("50%");
  });
});

describe("formatDate", () => {
  it("prints a calendar date as that same day, whatever the zone", () => {
    expect(formatDate("2025-03-05", "en")).toBe("Mar 5, 2025");
    expect(formatDate("2025-03-05", "pt-BR")).toBe("5 de mar. de 2025");
    // A zone far west of UTC would shift a naive midnight-UTC date back to March 4.
    expect(formatDate("2025-03-05", "en", { timeZone: "America/Los_Angeles" })).toBe("Mar 5, 2025");
    expect(formatDate("2025-01-01", "pt-BR", { timeZone: "Pacific/Honolulu" })).toBe("1 de jan. de 2025");
  });

  it("offers short, long and month styles in both languages", () => {
    expect(formatDate("2025-03-05", "en", { style: "short" })).toBe("03/05/2025");
    expect(formatDate("2025-03-05", "pt-BR", { style: "short" })).toBe("05/03/2025");
    expect(formatDate("2025-03-05", "en", { style: "long" })).toBe("March 5, 2025");
    expect(formatDate("2025-03-05", "pt-BR", { style: "long" })).toBe("5 de março de 2025");
    expect(formatDate("2025-03-05", "en", { style: "dayMonth" })).toBe("Mar 5");
    expect(formatDate("2025-03", "en", { style: "month" })).toBe("Mar");
    expect(formatDate("2025-03", "pt-BR", { style: "monthYear" })).toBe("mar. de 2025");
  });

  it("prints timestamps in the given time zone", () => {
    const lateEvening = "2025-03-06T02:30:00Z";
    expect(formatDate(lateEvening, "en")).toBe("Mar 6, 2025");
    expect(formatDate(lateEvening, "pt-BR", { timeZone: "America/Sao_Paulo" })).toBe("5 de mar. de 2025");
    expect(formatDate(new Date(lateEvening), "en", { timeZone: "America/Sao_Paulo" })).toBe("Mar 5, 2025");
  });

  it("refuses days that do not exist and text that is not a date", () => {
    expect(() => formatDate("2025-02-30", "en")).toThrow(RangeError);
    expect(() => formatDate("yesterday", "en")).toThrow(RangeError);
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2025-06-15T12:00:00Z");
  const secondsBefore = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it("uses seconds under a minute", () => {
    expect(formatRelativeTime(secondsBefore(45), now, "en")).toBe("45 seconds ago");
    expect(formatRelativeTime(secondsBefore(45), now, "pt-BR")).toBe("há 45 segundos");
    expect(formatRelativeTime(now, now, "en")).toBe("now");
    expect(formatRelativeTime(now, now, "pt-BR")).toBe("agora");
  });

  it("switches to minutes at 60 seconds and to hours at 60 minutes", () => {
    expect(formatRelativeTime(secondsBefore(59), now, "en")).toBe("59 seconds ago");
    expect(formatRelativeTime(secondsBefore(60), now, "en")).toBe("1 minute ago");
    expect(formatRelativeTime(secondsBefore(59 * 60 + 59), now, "pt-BR")).toBe("há 59 minutos");
    expect(formatRelativeTime(secondsBefore(60 * 60), now, "pt-BR")).toBe("há 1 hora");
  });

  it("switches to days at 24 hours and counts whole units", () => {
    expect(formatRelativeTime(secondsBefore(23 * 3600 + 59 * 60), now, "en")).toBe("23 hours ago");
    expect(formatRelativeTime(secondsBefore(24 * 3600), now, "en")).toBe("1 day ago");
    expect(formatRelativeTime(secondsBefore(3 * 86400 + 5 * 3600), now, "pt-BR")).toBe("há 3 dias");
  });

  it("describes future moments too, from strings or epoch milliseconds", () => {
    expect(formatRelativeTime("2025-06-17T12:00:00Z", now, "en")).toBe("in 2 days");
    expect(formatRelativeTime(now.getTime() + 5 * 60_000, now.getTime(), "pt-BR")).toBe("em 5 minutos");
  });
});
