import { describe, expect, it } from "vitest";
import { cardInputFrom } from "../../app/components/cards/card-dialog";
import { typedWholeNumber } from "../../app/lib/typed-whole-number";
import { cardSchema } from "../../worker/cards/cards.schemas";
import { installmentPlanSchema } from "../../worker/planning/installments/installments.schemas";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

/** Forms post text; the shared schemas take JSON numbers only, so the pages read counts and days first. */
describe("whole numbers typed in a form", () => {
  it("reads a field's digits as that number, leaves anything else for the schema to refuse, and empty out", () => {
    expect(typedWholeNumber("12")).toBe(12);
    expect(typedWholeNumber(" 7 ")).toBe(7);
    expect(typedWholeNumber("1,5")).toBe("1,5");
    expect(typedWholeNumber("12abc")).toBe("12abc");
    expect(typedWholeNumber("")).toBeUndefined();
    expect(typedWholeNumber(null)).toBeUndefined();
  });

  it("saves a card typed in its form, and refuses a day that is no whole number at its field", () => {
    const card = { name: "Gold", account_uuid: "01900000-0000-7000-8000-000000000000", type: "credit" };
    const read = (days: Record<string, string>) =>
      cardSchema.safeParse(cardInputFrom(formOf({ ...card, credit_limit: "5,000.00", ...days }), "en").input);
    expect(read({ billing_cycle_day: "10", due_day: "" }).data).toMatchObject({
      billing_cycle_day: 10,
      due_day: 20,
    });
    expect(read({ billing_cycle_day: "10", due_day: "25" }).data).toMatchObject({ due_day: 25 });
    const refused = read({ billing_cycle_day: "1.5" });
    expect(refused.error?.issues.map((issue) => issue.path.join("."))).toEqual(["billing_cycle_day"]);
  });

  it("takes a plan's count once read from its text, and refuses the text itself", () => {
    const plan = {
      description: "Notebook",
      purchase_date: "2026-11-21",
      total_amount: "1500.00",
      origin: "account:01900000-0000-7000-8000-000000000000",
      first_payment_date: "2026-12-21",
    };
    const count = typedWholeNumber(formOf({ installments_count: "10" }).get("installments_count"));
    expect(installmentPlanSchema.safeParse({ ...plan, installments_count: count }).data?.installments_count).toBe(10);
    expect(installmentPlanSchema.safeParse({ ...plan, installments_count: "10" }).success).toBe(false);
  });
});
