import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import { accounts, cards, transactions } from "../../../db/schema/index.ts";
import { hundredthsToDecimal, maxAmountCents, maxBalanceCents, unitsToDecimal } from "../../../worker/ledger/money.ts";
import { createTestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * Random creates, edits and deletes with amounts at and around the largest one, on two accounts
 * that start one amount from either bound and a card without a limit half an amount from its own.
 * After every step: the API accepted exactly what keeps every balance and debt within the bound
 * (else 422 BALANCE_OUT_OF_RANGE, or VALIDATION_FAILED for an amount past the largest), the
 * stored figures equal an exact BigInt model and the BigInt sums of the rows, and reads answer.
 */
type Leg = "high" | "low" | "card";
type Spec = { kind: "income" | "expense" | "transfer"; origin: Leg; destination: Leg; cents: number };
type Step = { op: "create"; spec: Spec } | { op: "edit"; pick: number; spec: Spec } | { op: "delete"; pick: number };

const bound = BigInt(maxBalanceCents);
const legArbitrary = fc.constantFrom<Leg>("high", "low", "card");
const centsArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: maxAmountCents - 1_000, max: maxAmountCents }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 1_000 }) },
  { weight: 1, arbitrary: fc.constant(maxAmountCents + 1) },
);
const specArbitrary: fc.Arbitrary<Spec> = fc
  .record({
    kind: fc.constantFrom("income", "expense", "transfer"),
    origin: legArbitrary,
    destination: legArbitrary,
    cents: centsArbitrary,
  })
  .filter((spec) => spec.kind !== "transfer" || spec.origin !== spec.destination) as fc.Arbitrary<Spec>;
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: specArbitrary.map((spec) => ({ op: "create" as const, spec })) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), pick: fc.nat(), spec: specArbitrary }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }) },
);

type State = Record<Leg, bigint>;

/** What one transaction does: accounts gain what arrives and lose what leaves; the card's debt the other way. */
function apply(state: State, spec: Spec, sign: 1n | -1n): State {
  const next = { ...state };
  const cents = BigInt(spec.cents) * sign;
  const move = (leg: Leg, arriving: boolean) => (next[leg] += (leg === "card") === arriving ? -cents : cents);
  if (spec.kind !== "income") move(spec.origin, false);
  if (spec.kind !== "expense") move(spec.destination, true);
  return next;
}

const withinBound = (state: State) => Object.values(state).every((cents) => cents >= -bound && cents <= bound);

describe("money bounds hold through any sequence of writes near them", () => {
  it("accepts exactly what stays in range and keeps every figure exact", async () => {
    const outcomes = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        const t = await createTestApp();
        const team = await workspaceWithTeam(t, { workspace: { currency: "BRL" } });
        const workspaceId = team.workspace.id;
        const opening = { high: bound - BigInt(maxAmountCents), low: -bound + BigInt(maxAmountCents) };
        const high = await insertAccount(t.db, { workspaceId, initialBalanceCents: Number(opening.high) });
        const low = await insertAccount(t.db, { workspaceId, initialBalanceCents: Number(opening.low) });
        const card = await insertCard(t.db, { workspaceId, accountId: high.id, creditLimitCents: null });
        const openingDebt = maxBalanceCents - Math.floor(maxAmountCents / 2);
        await t.db.update(cards).set({ debtCents: openingDebt }).where(eq(cards.id, card.id));
        const ids: Record<Leg, string> = { high: high.id, low: low.id, card: card.id };
        const ref = (leg: Leg) => `${leg === "card" ? "card" : "account"}:${ids[leg]}`;
        const body = (spec: Spec) => ({
          type: spec.kind,
          origin_id: spec.kind === "income" ? undefined : ref(spec.origin),
          destination_id: spec.kind === "expense" ? undefined : ref(spec.destination),
          amount: hundredthsToDecimal(spec.cents),
          description: "near the bound",
        });
        const send = (method: string, rest: string, json?: unknown) =>
          t.request(`/api/workspaces/${workspaceId}${rest}`, { method, token: team.member.token, json });

        let model: State = { ...opening, card: BigInt(openingDebt) };
        const live = new Map<string, Spec>();
        for (const step of steps) {
          const picked = step.op === "create" ? undefined : [...live.keys()][step.pick % Math.max(1, live.size)];
          if (step.op !== "create" && !picked) continue;
          let candidate = picked ? apply(model, live.get(picked)!, -1n) : model;
          if (step.op !== "delete") candidate = apply(candidate, step.spec, 1n);
          const response =
            step.op === "create"
              ? await send("POST", "/transactions", body(step.spec))
              : step.op === "edit"
                ? await send("PUT", `/transactions/${picked}`, body(step.spec))
                : await send("DELETE", `/transactions/${picked}`);
          if (step.op !== "delete" && step.spec.cents > maxAmountCents) {
            expect(response.status).toBe(422);
            expect(await response.json()).toMatchObject({
              code: "VALIDATION_FAILED",
              errors: { amount: ["Amount is too large (the maximum is 999,999,999.99)"] },
            });
          } else if (withinBound(candidate)) {
            expect(response.status).toBe(step.op === "create" ? 201 : 200);
            outcomes.accepted += 1;
            model = candidate;
            if (step.op === "create") live.set((await response.json()).data.uuid, step.spec);
            else if (step.op === "edit") live.set(picked!, step.spec);
            else live.delete(picked!);
          } else {
            expect(response.status).toBe(422);
            expect((await response.json()).code).toBe("BALANCE_OUT_OF_RANGE");
            outcomes.refused += 1;
          }

          const [storedHigh, storedLow] = await Promise.all(
            [high.id, low.id].map(
              async (id) => (await t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents,
            ),
          );
          const storedDebt = (await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.debtCents;
          expect({ high: storedHigh, low: storedLow, card: storedDebt }).toEqual({
            high: Number(model.high),
            low: Number(model.low),
            card: Number(model.card),
          });
          const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, workspaceId));
          const fromRows = (id: string, initial: bigint) =>
            rows.reduce(
              (sum, row) =>
                sum +
                (row.destinationAccountId === id ? BigInt(row.destinationAmountCents) : 0n) -
                (row.originAccountId === id ? BigInt(row.amountCents) : 0n),
              initial,
            );
          expect([fromRows(high.id, opening.high), fromRows(low.id, opening.low)]).toEqual([model.high, model.low]);

          for (const rest of ["/accounts", "/cards", "/transactions", "/dashboard/virtual-balance"])
            expect((await send("GET", rest)).status, rest).toBe(200);
          const stats = await send("GET", "/dashboard/stats");
          expect(stats.status).toBe(200);
          expect((await stats.json()).data.total_balance).toBe(unitsToDecimal(model.high + model.low, "BRL"));
        }
      }),
      { numRuns: 20 },
    );
    // The runs must have met the bound, not only stayed clear of it.
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  }, 120_000);
});
