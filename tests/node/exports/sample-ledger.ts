import { expect } from "vitest";
import type { HouseholdLedger } from "../transactions/ledger-fixture.ts";

/** Records a transaction through the API (it must be created) and answers its id. */
export async function recordedIn(h: HouseholdLedger, body: Record<string, unknown>) {
  const response = await h.record(body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).data as { uuid: string };
}

/**
 * The exports' sample ledger: a salary into the checking account (5 Nov), a card purchase with two
 * tags (10 Nov) whose description and amount each file's test chooses for what it checks, and a
 * transfer across currencies (8 Nov).
 */
export async function sampleLedgerIn(h: HouseholdLedger, purchase: { description: string; amount: string }) {
  const salary = await recordedIn(h, {
    type: "income",
    destination_id: `account:${h.checking.id}`,
    amount: "3000",
    description: "Salário",
    date: "2026-11-05",
  });
  const pizza = await recordedIn(h, {
    type: "expense",
    origin_id: `card:${h.credit.id}`,
    ...purchase,
    date: "2026-11-10",
    tag_ids: [h.food.id, h.home.id],
  });
  const dollars = await recordedIn(h, {
    type: "transfer",
    origin_id: `account:${h.checking.id}`,
    destination_id: `account:${h.dollars.id}`,
    amount: "550.00",
    currency_conversion: "0.18",
    description: "Para a viagem",
    date: "2026-11-08",
  });
  return { salary, pizza, dollars };
}

/**
 * A supermarket purchase from the checking account (12 Nov) split in two parts — R$ 80,00 under Food
 * with a note of its own, R$ 20,00 under Home — with a note on the whole.
 */
export function splitPurchaseIn(h: HouseholdLedger) {
  return recordedIn(h, {
    type: "expense",
    origin_id: `account:${h.checking.id}`,
    amount: "100.00",
    description: "Mercado",
    payee: "Supermercado Dia",
    date: "2026-11-12",
    note: "Compra do mês",
    parts: [
      { amount: "80.00", tag_ids: [h.food.id], note: "Pão e leite" },
      { amount: "20.00", tag_ids: [h.home.id] },
    ],
  });
}
