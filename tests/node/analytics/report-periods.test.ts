import { describe, expect, it } from "vitest";
import {
  bucketIndexOf,
  bucketsOf,
  dayCount,
  lastTwelveMonths,
  previousRange,
} from "../../../worker/analytics/report-periods.ts";

describe("the reports' periods", () => {
  it("compares whole months with as many months before, anything else with as many days before", () => {
    expect(previousRange({ from: "2026-01-01", to: "2026-12-31" })).toEqual({ from: "2025-01-01", to: "2025-12-31" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previousRange({ from: "2026-11-10", to: "2026-11-16" })).toEqual({ from: "2026-11-03", to: "2026-11-09" });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-15" })).toEqual({ from: "2026-02-14", to: "2026-02-28" });
  });

  it("cuts a range into days, weeks from its first day, or calendar months clipped to it", () => {
    expect(bucketsOf({ from: "2026-11-29", to: "2026-12-01" }, "day").map((bucket) => bucket.start)).toEqual([
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
    ]);
    expect(bucketsOf({ from: "2026-11-01", to: "2026-11-16" }, "week")).toEqual([
      { start: "2026-11-01", end: "2026-11-07" },
      { start: "2026-11-08", end: "2026-11-14" },
      { start: "2026-11-15", end: "2026-11-16" },
    ]);
    expect(bucketsOf({ from: "2026-01-15", to: "2026-03-10" }, "month")).toEqual([
      { start: "2026-01-15", end: "2026-01-31" },
      { start: "2026-02-01", end: "2026-02-28" },
      { start: "2026-03-01", end: "2026-03-10" },
    ]);
  });

  it("finds a day's bucket, or none outside the range", () => {
    const months = bucketsOf({ from: "2026-01-01", to: "2026-12-31" }, "month");
    expect(bucketIndexOf(months, "2026-01-01")).toBe(0);
    expect(bucketIndexOf(months, "2026-07-31")).toBe(6);
    expect(bucketIndexOf(months, "2026-12-31")).toBe(11);
    expect(bucketIndexOf(months, "2025-12-31")).toBe(-1);
    expect(bucketIndexOf(months, "2027-01-01")).toBe(-1);
  });

  it("counts days across a leap year and defaults to twelve calendar months", () => {
    expect(dayCount({ from: "2028-02-01", to: "2028-03-01" })).toBe(30);
    expect(lastTwelveMonths("2026-11-21")).toEqual({ from: "2025-12-01", to: "2026-11-21" });
  });
});
