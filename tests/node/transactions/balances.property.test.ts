import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactionKinds } from "../../../db/enums.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

/**
 * Random sequences of creates, edits and deletes of every kind, some of them refused (a leg
 * the kind does not allow, a purchase past the limit). After every step, each account balance
 * and card debt must equal (a) what an independent model of the accepted requests says and
 * (b) what the stored rows imply, available credit must be the limit minus the debt, and the
 * workspace's kept transaction count must match its rows.
 */
type Leg = { type: "account" | "card"; name: "checking" | "dollars" | "credit" | "debit" };
type Spec = {
  kind: "income" | "expense" | "transfer" | "pay_credit_card";
  origin?: Leg;
  destination?: Leg;
  cents: number;
  rateMicros?: number;
};
type Step = { op: "create"; spec: Spec } | { op: "edit"; pick: number; spec: Spec } | { op: "delete"; pick: number };

const legs: Leg[] = [
  { type: "account", name: "checking" },
  { type: "account", name: "dollars" },
  { type: "card", name: "credit" },
  { type: "card", name: "debit" },
];
const legArbitrary = fc.option(fc.constantFrom(...legs), { nil: undefined });
const specArbitrary: fc.Arbitrary<Spec> = fc.record({
  kind: fc.constantFrom(...transactionKinds),
  origin: legArbitrary,
  destination: legArbitrary,
  cents: fc.integer({ min: 1, max: 90_000 }),
  rateMicros: fc.option(fc.integer({ min: 1, max: 9_000_000 }), { nil: undefined }),
});
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: specArbitrary.map((spec) => ({ op: "create" as const, spec })) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), pick: fc.nat(), spec: specArbitrary }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }) },
);

const currencyOf = { checking: "BRL", dollars: "USD", credit: "BRL", debit: "BRL" } as const;

function body(h: HouseholdLedger, spec: Spec) {
  const ref = (leg?: Leg) => (leg ? `${leg.type}:${h[leg.name].id}` : undefined);
  return {
    type: spec.kind,
    origin_id: ref(spec.origin),
    destination_id: ref(spec.destination),
    amount: (spec.cents / 100).toFixed(2),
    description: "random",
    currency_conversion: spec.rateMicros === undefined ? undefined : (spec.rateMicros / 1e6).toFixed(6),
  };
}

/** The model: what accepted transactions must have done, written independently of the service. */
function expectedBalances(live: Spec[]) {
  const totals = { checking: 100_000, dollars: 50_000, creditDebt: 0 };
  for (const spec of live) {
    const crossCurrency =
      spec.origin && spec.destination && currencyOf[spec.origin.name] !== currencyOf[spec.destination.name];
    const arrived = crossCurrency
      ? Number((BigInt(spec.cents) * BigInt(spec.rateMicros!) + 500_000n) / 1_000_000n)
      : spec.cents;
    const origin = spec.kind === "income" ? undefined : spec.origin;
    const destination = spec.kind === "expense" ? undefined : spec.destination;
    const cardsAccountPays = spec.kind === "pay_credit_card" && !origin;
    if (origin?.name === "credit") totals.creditDebt += spec.cents;
    else if (origin?.name === "debit" || origin?.name === "checking" || cardsAccountPays) totals.checking -= spec.cents;
    else if (origin?.name === "dollars") totals.dollars -= spec.cents;
    if (destination?.name === "credit") totals.creditDebt -= arrived;
    else if (destination?.name === "debit" || destination?.name === "checking") totals.checking += arrived;
    else if (destination?.name === "dollars") totals.dollars += arrived;
  }
  return totals;
}

async function balancesImpliedByRows(t: TestApp, h: HouseholdLedger) {
  const [row] = await t.db.all<{ checking: number; dollars: number; credit: number }>(sql`select
    (select initial_balance_cents from accounts where id = ${h.checking.id})
      + (select coalesce(sum(destination_amount_cents), 0) from transactions where destination_account_id = ${h.checking.id})
      - (select coalesce(sum(amount_cents), 0) from transactions where origin_account_id = ${h.checking.id}) as checking,
    (select initial_balance_cents from accounts where id = ${h.dollars.id})
      + (select coalesce(sum(destination_amount_cents), 0) from transactions where destination_account_id = ${h.dollars.id})
      - (select coalesce(sum(amount_cents), 0) from transactions where origin_account_id = ${h.dollars.id}) as dollars,
    (select coalesce(sum(amount_cents), 0) from transactions where origin_card_id = ${h.credit.id})
      - (select coalesce(sum(destination_amount_cents), 0) from transactions where destination_card_id = ${h.credit.id}) as credit`);
  return { checking: row!.checking, dollars: row!.dollars, creditDebt: row!.credit };
}

describe("balances stay right through any sequence of writes", () => {
  it("matches the model and the rows after every create, edit and delete", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }), async (steps) => {
        const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
        const h = await householdLedger(t);
        const live = new Map<string, Spec>();
        for (const step of steps) {
          const ids = [...live.keys()];
          if (step.op === "create") {
            const response = await h.record(body(h, step.spec));
            if (response.status === 201) live.set((await response.json()).data.uuid, step.spec);
            else expect([422]).toContain(response.status);
          } else if (ids.length > 0) {
            const id = ids[step.pick % ids.length]!;
            const isEdit = step.op === "edit";
            const response = await t.request(h.path(`/${id}`), {
              method: isEdit ? "PUT" : "DELETE",
              token: h.member.token,
              json: isEdit ? body(h, step.spec) : undefined,
            });
            if (response.status === 200) isEdit ? live.set(id, step.spec) : live.delete(id);
            else expect([422]).toContain(response.status);
          }
          const stored = await h.balances();
          const expected = expectedBalances([...live.values()]);
          expect({ checking: stored.checking, dollars: stored.dollars, creditDebt: stored.creditDebt }).toEqual(
            expected,
          );
          expect(await balancesImpliedByRows(t, h)).toEqual(expected);
          const [counted] = await t.db.all<{ kept: number; rows: number }>(
            sql`select transaction_count as kept, (select count(*) from transactions where workspace_id = ${h.workspaceId}) as rows from workspaces where id = ${h.workspaceId}`,
          );
          expect(counted).toEqual({ kept: live.size, rows: live.size });
          const card = (
            await (
              await t.request(`/api/workspaces/${h.workspaceId}/cards/${h.credit.id}`, { token: h.viewer.token })
            ).json()
          ).data;
          expect(card.available_credit).toBe((Math.max(0, 200_000 - expected.creditDebt) / 100).toFixed(2));
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
