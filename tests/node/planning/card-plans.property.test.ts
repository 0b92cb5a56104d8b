import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../../db/schema/index.ts";
import { addDays } from "../../../worker/ledger/dates.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * The card's figures against its lines, through any sequence of purchases, installment plans,
 * statement payments and cancellations (the card closes on the 5th, limit R$ 2.000,00, today
 * 21 Nov 2026 in São Paulo). After every step:
 *  - today's debt = charges dated today or before − payments;
 *  - available credit = limit − max(today's debt, every charge − payments), never below 0;
 *  - every listed statement's total = the charges dated in its period, and its lines say so;
 *  - each live plan has one line per installment not paid before, on consecutive statements,
 *    summing to the plan's total with interest (exactly the total when there is no rate).
 */
type Step =
  | { op: "purchase"; cents: number; daysAgo: number }
  | { op: "plan"; cents: number; count: number; rate: "0" | "1.99"; daysAgo: number; paidBefore: number }
  | { op: "pay"; cents: number }
  | { op: "cancel"; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("purchase" as const),
    cents: fc.integer({ min: 1, max: 60_000 }),
    daysAgo: fc.integer({ min: 0, max: 60 }),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("plan" as const),
      cents: fc.integer({ min: 100, max: 150_000 }),
      count: fc.integer({ min: 1, max: 12 }),
      rate: fc.constantFrom("0" as const, "1.99" as const),
      daysAgo: fc.integer({ min: 0, max: 90 }),
      paidBefore: fc.integer({ min: 0, max: 3 }),
    }),
  },
  fc.record({ op: fc.constant("pay" as const), cents: fc.integer({ min: 1, max: 80_000 }) }),
  fc.record({ op: fc.constant("cancel" as const), pick: fc.nat() }),
);

const today = "2026-11-21";
const cents = (text: string) => Math.round(Number(text) * 100);

describe("a card's debt, limit and statements with installment plans", () => {
  it("equal what its lines imply after every purchase, plan, payment and cancel", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 8 }), async (steps) => {
        const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
        const h = await householdLedger(t);
        const base = `/api/workspaces/${h.workspaceId}`;
        const call = async (method: string, path: string, json?: unknown) => {
          const response = await t.request(`${base}${path}`, { method, token: h.member.token, json });
          return { status: response.status, body: await response.json() };
        };
        const plans: string[] = [];
        for (const step of steps) {
          if (step.op === "purchase") {
            const made = await call("POST", `/cards/${h.credit.id}/purchase`, {
              amount: (step.cents / 100).toFixed(2),
              description: "Compra",
              date: addDays(today, -step.daysAgo),
            });
            expect([201, 422]).toContain(made.status);
          } else if (step.op === "plan") {
            const made = await call("POST", "/installment-plans", {
              description: "Plano",
              purchase_date: addDays(today, -step.daysAgo),
              total_amount: (step.cents / 100).toFixed(2),
              installments_count: step.count,
              interest_rate: step.rate,
              installments_paid: Math.min(step.paidBefore, step.count - 1),
              origin_id: `card:${h.credit.id}`,
            });
            expect([201, 422]).toContain(made.status);
            if (made.status === 201) plans.push(made.body.data.uuid);
          } else if (step.op === "pay") {
            const paid = await call("POST", `/cards/${h.credit.id}/payment`, { amount: (step.cents / 100).toFixed(2) });
            expect(paid.status).toBe(201);
          } else if (plans.length > 0) {
            const id = plans[step.pick % plans.length]!;
            const cancelled = await call("POST", `/installment-plans/${id}/cancel`);
            expect([200, 409]).toContain(cancelled.status);
          }

          const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, h.workspaceId));
          const charges = rows.filter((row) => row.originCardId === h.credit.id);
          const payments = rows.filter((row) => row.destinationCardId === h.credit.id);
          const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amountCents, 0);
          const paidIn = sum(payments);
          const debtToday = sum(charges.filter((row) => row.date <= today)) - paidIn;
          const committed = sum(charges) - paidIn;
          const card = (await call("GET", `/cards/${h.credit.id}`)).body.data;
          expect(cents(card.debt_amount)).toBe(debtToday);
          expect(cents(card.available_credit)).toBe(Math.max(0, 200_000 - Math.max(debtToday, committed)));

          const listed = (await call("GET", `/cards/${h.credit.id}/statements?count=6`)).body.data.statements;
          for (const statement of listed) {
            const inPeriod = charges.filter(
              (row) => row.date >= statement.period_start && row.date <= statement.closing_date,
            );
            expect(statement.total_cents).toBe(sum(inPeriod));
          }
          const latest = [today, ...charges.map((row) => row.date)].sort().at(-1)!;
          expect(
            listed[0].closing_date >= latest ||
              listed.filter((s: { status: string }) => s.status === "upcoming").length === 24,
          ).toBe(true);

          for (const id of plans) {
            const plan = (await call("GET", `/installment-plans/${id}`)).body.data;
            const live = plan.schedule.filter((row: { state: string }) => ["charged", "scheduled"].includes(row.state));
            const lines = charges.filter((row) => row.description.startsWith("Plano ("));
            const closings = live.map((row: { statement: { closing_date: string } }) => row.statement.closing_date);
            expect(new Set(closings).size).toBe(closings.length);
            if (plan.status !== "cancelled") {
              expect(live).toHaveLength(plan.installments_count - plan.installments_settled_before);
              const paymentsOfPlan = plan.schedule.reduce(
                (total: number, row: { payment: string }) => total + cents(row.payment),
                0,
              );
              expect(paymentsOfPlan).toBe(cents(plan.total_with_interest));
              if (plan.interest_rate === "0") expect(paymentsOfPlan).toBe(cents(plan.total_amount));
              // Consecutive statements: each closing a month after the one before.
              for (let i = 1; i < closings.length; i++) {
                const [y0, m0] = closings[i - 1].split("-").map(Number);
                const [y1, m1] = closings[i].split("-").map(Number);
                expect(y1 * 12 + m1 - (y0 * 12 + m0)).toBe(1);
              }
            }
            expect(lines.length).toBeGreaterThanOrEqual(live.length);
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 180_000);
});
