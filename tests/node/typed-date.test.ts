import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths, clampDate, dateAfterKey, monthWeeks } from "../../app/lib/calendar-month";
import { formatDate } from "../../app/lib/format";
import { languages } from "../../app/lib/i18n";
import {
  formatTypedDate,
  isIsoDate,
  maskTypedDate,
  parseTypedDate,
  type TypedDateRefusal,
} from "../../app/lib/typed-date";
import { addDays, isIsoDate as isLedgerDate } from "../../worker/ledger/dates";

const refusal = (reason: TypedDateRefusal) => ({ ok: false, reason });

describe("dates typed on a Portuguese page (dd/mm/aaaa)", () => {
  it.each([
    ["15/06/2026", "2026-06-15"],
    ["1/6/2026", "2026-06-01"],
    [" 29/02/2028 ", "2028-02-29"],
    ["31/12/1999", "1999-12-31"],
  ])("reads %j as %s", (typed, iso) => {
    expect(parseTypedDate(typed, "pt-BR")).toEqual({ ok: true, iso });
  });

  it.each<[string, TypedDateRefusal]>([
    ["31/02/2026", "impossible"],
    ["29/02/2026", "impossible"],
    ["00/06/2026", "impossible"],
    ["15/13/2026", "impossible"],
    ["06/15/2026", "impossible"],
    ["15/06/0026", "impossible"],
    ["15/06/26", "malformed"],
    ["15/06", "malformed"],
    ["2026-06-15", "malformed"],
    ["15 de junho", "malformed"],
    ["", "malformed"],
  ])("refuses %j as %s, never a nearby date", (typed, reason) => {
    expect(parseTypedDate(typed, "pt-BR")).toEqual(refusal(reason));
  });
});

describe("dates typed on an English page (mm/dd/yyyy, as formatDate's short style prints them)", () => {
  it("reads the month first", () => {
    expect(parseTypedDate("06/15/2026", "en")).toEqual({ ok: true, iso: "2026-06-15" });
    expect(parseTypedDate("2/29/2028", "en")).toEqual({ ok: true, iso: "2028-02-29" });
  });

  it("refuses a Portuguese order it cannot read and a day the month lacks", () => {
    expect(parseTypedDate("15/06/2026", "en")).toEqual(refusal("impossible"));
    expect(parseTypedDate("04/31/2026", "en")).toEqual(refusal("impossible"));
  });

  it("prints what it reads in the same order as the app's short dates", () => {
    for (const language of languages) {
      expect(formatTypedDate("2025-03-05", language)).toBe(formatDate("2025-03-05", language, { style: "short" }));
    }
  });
});

describe("bounds", () => {
  const bounds = { min: "2026-06-10", max: "2026-06-20" };
  it("takes both ends and refuses what lies outside", () => {
    expect(parseTypedDate("10/06/2026", "pt-BR", bounds)).toEqual({ ok: true, iso: "2026-06-10" });
    expect(parseTypedDate("20/06/2026", "pt-BR", bounds)).toEqual({ ok: true, iso: "2026-06-20" });
    expect(parseTypedDate("09/06/2026", "pt-BR", bounds)).toEqual(refusal("beforeMin"));
    expect(parseTypedDate("06/21/2026", "en", bounds)).toEqual(refusal("afterMax"));
  });

  it("keeps to the dates Moneta keeps, 1900 to 2199, when none are given", () => {
    expect(parseTypedDate("01/01/1900", "pt-BR")).toEqual({ ok: true, iso: "1900-01-01" });
    expect(parseTypedDate("12/31/2199", "en")).toEqual({ ok: true, iso: "2199-12-31" });
    expect(parseTypedDate("31/12/1899", "pt-BR")).toEqual(refusal("beforeMin"));
    expect(parseTypedDate("01/01/2200", "pt-BR", { min: "2026-06-10" })).toEqual(refusal("afterMax"));
  });

  it("clamps the calendar's focus into them", () => {
    expect(clampDate("2026-06-01", bounds)).toBe("2026-06-10");
    expect(clampDate("2026-07-01", bounds)).toBe("2026-06-20");
    expect(clampDate("2026-06-15", bounds)).toBe("2026-06-15");
    expect(clampDate("2026-06-15", {})).toBe("2026-06-15");
  });
});

describe("formatting and reading back", () => {
  it("gives back every calendar date it prints, in both languages", () => {
    // 1900-01-01 to 2199-12-31, the dates Moneta keeps.
    const day = fc.integer({ min: 0, max: 109_572 }).map((offset) => addDays("1900-01-01", offset));
    fc.assert(
      fc.property(day, fc.constantFrom(...languages), (iso, language) => {
        expect(parseTypedDate(formatTypedDate(iso, language), language)).toEqual({ ok: true, iso });
      }),
    );
  });

  it("knows a calendar date exactly as the ledger does", () => {
    const text = fc.oneof(
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(
          ([year, month, day]) =>
            `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
        ),
      fc.string(),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(isIsoDate(value)).toBe(isLedgerDate(value));
      }),
    );
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
  });

  it("prints nothing for what is not an ISO date", () => {
    expect(formatTypedDate("", "pt-BR")).toBe("");
    expect(formatTypedDate("2026-02-30", "en")).toBe("");
  });
});

describe("the slashes while typing", () => {
  it.each([
    ["1", "1"],
    ["15", "15"],
    ["150", "15/0"],
    ["1506", "15/06"],
    ["15062026", "15/06/2026"],
    ["150620261", "15/06/2026"],
    ["15/", "15/"],
    ["15//", "15/"],
    ["1/6/2026", "1/6/2026"],
    ["1/062026", "1/06/2026"],
    ["15-06-2026", "15/06/2026"],
    ["15.06.2026", "15/06/2026"],
    ["/15", "15"],
    ["ab", ""],
  ])("shows %j as %j", (typed, shown) => {
    expect(maskTypedDate(typed, "pt-BR")).toBe(shown);
  });

  it("turns a pasted ISO date into the page's order", () => {
    expect(maskTypedDate("2026-06-15", "pt-BR")).toBe("15/06/2026");
    expect(maskTypedDate("2026-06-15", "en")).toBe("06/15/2026");
  });

  it("leaves a date as the field shows it unchanged", () => {
    for (const language of languages) {
      const shown = formatTypedDate("2026-06-15", language);
      expect(maskTypedDate(shown, language)).toBe(shown);
    }
  });
});

describe("the calendar's month grid", () => {
  it("starts weeks on Sunday and leaves the other months' days blank", () => {
    // June 2026 begins on a Monday and ends on a Tuesday.
    const weeks = monthWeeks(2026, 6);
    expect(weeks[0]).toEqual([
      null,
      "2026-06-01",
      "2026-06-02",
      "2026-06-03",
      "2026-06-04",
      "2026-06-05",
      "2026-06-06",
    ]);
    expect(weeks.at(-1)).toEqual(["2026-06-28", "2026-06-29", "2026-06-30", null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it("fills exactly four weeks when February begins on a Sunday", () => {
    expect(monthWeeks(2026, 2)).toHaveLength(4);
  });

  it.each([
    ["ArrowLeft", false, "2026-06-14"],
    ["ArrowRight", false, "2026-06-16"],
    ["ArrowUp", false, "2026-06-08"],
    ["ArrowDown", false, "2026-06-22"],
    ["PageUp", false, "2026-05-15"],
    ["PageDown", false, "2026-07-15"],
    ["PageUp", true, "2025-06-15"],
    ["PageDown", true, "2027-06-15"],
    ["Home", false, "2026-06-14"],
    ["End", false, "2026-06-20"],
    ["a", false, null],
  ])("moves from Monday 15 June 2026 on %s (Shift: %s) to %s", (key, isShift, moved) => {
    expect(dateAfterKey("2026-06-15", key, isShift)).toBe(moved);
  });

  it("moves by a month to the last day of a shorter one", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-03-31", -1)).toBe("2026-02-28");
    expect(dateAfterKey("2026-12-31", "PageDown")).toBe("2027-01-31");
  });

  it("keeps Home and End in the week, across a month's edge", () => {
    expect(dateAfterKey("2026-07-01", "Home")).toBe("2026-06-28");
    expect(dateAfterKey("2026-06-28", "Home")).toBe("2026-06-28");
    expect(dateAfterKey("2026-06-27", "End")).toBe("2026-06-27");
  });
});
