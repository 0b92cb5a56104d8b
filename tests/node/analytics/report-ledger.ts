import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { exchangeRates, users } from "../../../db/schema/index.ts";
import type { TestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * The reports against figures worked out by hand on a small ledger: reais and dollars (and euros
 * with no rate), several tags, a card purchase and its payment, transfers. The household starts
 * with R$ 1.000,00 in checking and US$ 500,00; the dollar is 5.0 from 15 October, 5.5 from 10 November.
 *
 *   Oct 05  income    checking   R$ 3.000,00
 *   Oct 10  expense   checking   R$   100,00  Food
 *   Oct 20  expense   card       R$   200,00  Food, Home   (counted when bought)
 *   Oct 25  expense   dollars    US$   10,00  Food         (× 5.0 = R$ 50,00)
 *   Nov 03  expense   euros      €      5,00  Food         (no rate: left out, named)
 *   Nov 05  card payment from checking R$ 200,00            (not spending again)
 *   Nov 06  transfer  checking → dollars R$ 550,00 at 0.2 = US$ 110,00 (not spending)
 *   Nov 12  expense   dollars    US$   20,00  Home         (× 5.5 = R$ 110,00)
 *   Nov 15  expense   checking   R$    80,00  no tag
 *   Nov 20  income    dollars    US$  100,00               (× 5.5 = R$ 550,00)
 */
export async function reportLedger(t: TestApp) {
  const h = await householdLedger(t);
  await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
  const euros = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Nomad EUR", currency: "EUR" });
  for (const [rateDate, rateMicros] of [
    ["2026-10-15", 5_000_000],
    ["2026-11-10", 5_500_000],
  ] as const)
    await t.db.insert(exchangeRates).values({
      base: "USD",
      quote: "BRL",
      rateDate,
      rateMicros,
      source: "frankfurter",
      fetchedAt: `${rateDate}T16:00:00.000Z`,
    });
  const account = (id: string) => `account:${id}`;
  const entries = [
    { type: "income", destination_id: account(h.checking.id), amount: "3000.00", date: "2026-10-05" },
    {
      type: "expense",
      origin_id: account(h.checking.id),
      amount: "100.00",
      date: "2026-10-10",
      tag_ids: [h.food.id],
    },
    {
      type: "expense",
      origin_id: `card:${h.credit.id}`,
      amount: "200.00",
      date: "2026-10-20",
      tag_ids: [h.food.id, h.home.id],
    },
    { type: "expense", origin_id: account(h.dollars.id), amount: "10.00", date: "2026-10-25", tag_ids: [h.food.id] },
    { type: "expense", origin_id: account(euros.id), amount: "5.00", date: "2026-11-03", tag_ids: [h.food.id] },
    {
      type: "pay_credit_card",
      destination_id: `card:${h.credit.id}`,
      origin_id: account(h.checking.id),
      amount: "200.00",
      date: "2026-11-05",
    },
    {
      type: "transfer",
      origin_id: account(h.checking.id),
      destination_id: account(h.dollars.id),
      amount: "550.00",
      currency_conversion: "0.2",
      date: "2026-11-06",
    },
    { type: "expense", origin_id: account(h.dollars.id), amount: "20.00", date: "2026-11-12", tag_ids: [h.home.id] },
    { type: "expense", origin_id: account(h.checking.id), amount: "80.00", date: "2026-11-15" },
    { type: "income", destination_id: account(h.dollars.id), amount: "100.00", date: "2026-11-20" },
  ];
  for (const entry of entries) {
    const response = await h.record({ description: "entry", ...entry });
    expect(response.status, await response.clone().text()).toBe(201);
  }
  return { h, euros };
}
