import { describe, expect, it } from "vitest";
import { modeOfCard } from "../../../worker/ledger/rules/card-rules.ts";

describe("a card's mode", () => {
  it.each([
    ["a credit card is in credit mode, whatever is asked", "credit", "debit", "credit"],
    ["a debit card is in debit mode, whatever is asked", "debit", "credit", "debit"],
    ["a debit card with no mode asked", "debit", undefined, "debit"],
    ["a hybrid card takes the mode it asks for", "hybrid", "debit", "debit"],
    ["a hybrid card asking nothing acts as credit", "hybrid", null, "credit"],
  ] as const)("%s", (_description, type, chosenMode, mode) => {
    expect(modeOfCard(type, chosenMode)).toBe(mode);
  });
});
