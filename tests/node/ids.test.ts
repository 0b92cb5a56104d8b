import { describe, expect, it } from "vitest";
import { isUuid, newId } from "../../db/ids.ts";

describe("newId", () => {
  it("is a UUID v7 whose first 48 bits are the given time", () => {
    const at = Date.UTC(2026, 10, 23, 7, 40, 12, 345);
    const id = newId(at);
    expect(isUuid(id)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it("sorts by creation time and does not repeat", () => {
    const ids = Array.from({ length: 2000 }, (_, index) => newId(1_700_000_000_000 + Math.floor(index / 4)));
    expect(new Set(ids).size).toBe(ids.length);
    const byTime = ids.map((id) => id.slice(0, 13));
    expect([...byTime].sort()).toEqual(byTime);
  });
});
