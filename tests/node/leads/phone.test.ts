import { describe, expect, it } from "vitest";
import { formatBrazilianPhone, phoneDigits } from "../../../worker/leads/leads.rules.ts";

describe("the Brazilian phone mask", () => {
  it("formats as the person types, up to 11 digits", () => {
    expect(["1", "11", "119", "1198765", "11987654", "11987654321", "119876543210"].map(formatBrazilianPhone)).toEqual([
      "(1",
      "(11",
      "(11) 9",
      "(11) 98765",
      "(11) 98765-4",
      "(11) 98765-4321",
      "(11) 98765-4321",
    ]);
  });

  it("drops anything that is not a digit", () => {
    expect(phoneDigits("+55 (21) 9.8765-4321")).toBe("55219876543");
    expect(formatBrazilianPhone("abc")).toBe("");
  });
});
