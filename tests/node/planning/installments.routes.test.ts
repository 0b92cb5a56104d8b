import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { transactions } from "../../../db/schema/index.ts";
import { openSession } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

/**
 * Installment plans: on a credit card (the card closes on the 5th, limit R$ 2.000,00) every
 * installment lands on its own statement and the remainder holds the limit; on an account the
 * executor posts each on its date, once.
 */
describe("installment plans", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    // 21 Nov 2026, 12:00 in São Paulo.
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  const notebook = (fields: Record<string, unknown> = {}) =>
    p.call("POST", "/installment-plans", {
      description: "Notebook",
      merchant: "Loja do Zé",
      purchase_date: "2026-11-21",
      total_amount: "1500.00",
      installments_count: 10,
      origin_id: `card:${p.credit.id}`,
      tag_ids: [p.home.id],
      ...fields,
    });
  const card = async () => (await p.call("GET", `/cards/${p.credit.id}`)).body.data;

  it("puts each installment of a card plan on its own statement, holding the whole remainder of the limit", async () => {
    const created = await notebook();
    expect(created.status).toBe(201);
    const plan = created.body.data;
    expect(plan).toMatchObject({
      status: "active",
      payment_method: "card",
      currency: "BRL",
      monthly_payment: "150.00",
      total_interest: "0.00",
      total_with_interest: "1500.00",
      installments_paid: 1,
      paid_amount: "150.00",
      remaining_amount: "1350.00",
      next_installment: { number: 2, date: "2026-12-21", amount: "150.00", state: "scheduled" },
      origin: { type: "card", uuid: p.credit.id, name: "Roxinho" },
      tags: [{ uuid: p.home.id, name: "Home" }],
    });
    expect(plan.schedule).toHaveLength(10);
    expect(plan.schedule[0]).toMatchObject({ number: 1, date: "2026-11-21", state: "charged" });
    expect(plan.schedule[0].statement.closing_date).toBe("2026-12-05");
    expect(plan.schedule[9]).toMatchObject({ number: 10, date: "2027-08-21", state: "scheduled" });
    expect(plan.schedule[9].statement.closing_date).toBe("2027-09-05");

    // Today's debt is this statement's installment; the other nine hold the limit.
    expect(await card()).toMatchObject({
      debt_amount: "150.00",
      held_amount: "1350.00",
      available_credit: "500.00",
      utilization: 75,
    });
    // Nothing more fits than what is left of the limit.
    const tooMuch = await p.call("POST", "/transactions", {
      type: "expense",
      origin_id: `card:${p.credit.id}`,
      amount: "500.01",
      description: "TV",
    });
    expect(tooMuch.status).toBe(422);

    const statements = (await p.call("GET", `/cards/${p.credit.id}/statements?count=2`)).body.data.statements;
    expect(statements.map((s: { closing_date: string; status: string }) => [s.closing_date, s.status])).toEqual([
      ["2027-09-05", "upcoming"],
      ["2027-08-05", "upcoming"],
      ["2027-07-05", "upcoming"],
      ["2027-06-05", "upcoming"],
      ["2027-05-05", "upcoming"],
      ["2027-04-05", "upcoming"],
      ["2027-03-05", "upcoming"],
      ["2027-02-05", "upcoming"],
      ["2027-01-05", "upcoming"],
      ["2026-12-05", "open"],
    ]);
    const third = (await p.call("GET", `/cards/${p.credit.id}/statements/2027-02-05`)).body.data.statement;
    expect(third).toMatchObject({ total: "150.00", remaining: "150.00", status: "upcoming" });
    expect(third.lines.map((line: { description: string; date: string }) => [line.description, line.date])).toEqual([
      ["Notebook (3/10)", "2027-01-21"],
    ]);

    // Paying this statement frees its installment's share.
    const paid = await p.call("POST", `/cards/${p.credit.id}/payment`, { amount: "150.00" });
    expect(paid.status).toBe(201);
    expect(await card()).toMatchObject({ debt_amount: "0.00", available_credit: "650.00" });
  });

  it("cancels a card plan: later installments are dropped and their limit freed; what is on a statement stays", async () => {
    const plan = (await notebook()).body.data;
    const cancelled = await p.call("POST", `/installment-plans/${plan.uuid}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", installments_paid: 1, remaining_amount: "0.00" });
    expect(cancelled.body.data.schedule.map((row: { state: string }) => row.state)).toEqual([
      "charged",
      ...Array(9).fill("dropped"),
    ]);
    expect(await card()).toMatchObject({ debt_amount: "150.00", held_amount: "0.00", available_credit: "1850.00" });
    const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, p.workspaceId));
    expect(rows.map((row) => row.description)).toEqual(["Notebook (1/10)"]);
    expect((await p.call("POST", `/installment-plans/${plan.uuid}/cancel`)).body.code).toBe(
      "INSTALLMENT_PLAN_CANCELLED",
    );
  });

  it("refuses a card plan past the limit, a debit card, a missing first date on an account, and a viewer — writing nothing", async () => {
    const before = await snapshotDatabase(t.db);
    const pastLimit = await notebook({ total_amount: "2000.01" });
    expect(pastLimit.status).toBe(422);
    expect(pastLimit.body.errors).toEqual({ amount: ["Insufficient available credit"] });
    const debit = await notebook({ origin_id: `card:${p.debit.id}` });
    expect(Object.keys(debit.body.errors)).toEqual(["origin"]);
    const noFirstDate = await notebook({ origin_id: `account:${p.checking.id}` });
    expect(Object.keys(noFirstDate.body.errors)).toEqual(["first_payment_date"]);
    const badCount = await notebook({ installments_count: 0, interest_rate: "-1" });
    expect(Object.keys(badCount.body.errors).sort()).toEqual(["installments_count", "interest_rate"]);
    const viewer = await p.call(
      "POST",
      "/installment-plans",
      {
        description: "X",
        purchase_date: "2026-11-21",
        total_amount: "10",
        installments_count: 2,
        origin_id: `card:${p.credit.id}`,
      },
      p.viewer.token,
    );
    expect(viewer.status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("works the Price table at a monthly rate, the parts summing exactly to what is paid", async () => {
    const plan = (await notebook({ total_amount: "1000.00", installments_count: 12, interest_rate: "1.99" })).body.data;
    const calculated = (
      await p.call("POST", "/installment-plans/calculate", { principal: "1000.00", interest_rate: "1.99", months: 12 })
    ).body.data;
    expect(plan.monthly_payment).toBe(calculated.payment);
    expect(plan.total_interest).toBe(calculated.total_interest);
    const cents = (text: string) => Math.round(Number(text) * 100);
    const sum = plan.schedule.reduce((total: number, row: { payment: string }) => total + cents(row.payment), 0);
    expect(sum).toBe(cents(plan.total_with_interest));
    expect((await card()).held_amount).toBe(((sum - cents(plan.schedule[0].payment)) / 100).toFixed(2));
  });

  it("posts an account plan's installments on their dates through the executor, exactly once, and completes it", async () => {
    const created = await p.call("POST", "/installment-plans", {
      description: "Geladeira",
      purchase_date: "2026-11-20",
      total_amount: "100.00",
      installments_count: 3,
      first_payment_date: "2026-11-25",
      origin_id: `account:${p.checking.id}`,
    });
    expect(created.status).toBe(201);
    const plan = created.body.data;
    expect(
      plan.schedule.map((row: { date: string; payment: string; state: string }) => [row.date, row.payment, row.state]),
    ).toEqual([
      ["2026-11-25", "33.34", "upcoming"],
      ["2026-12-25", "33.33", "upcoming"],
      ["2027-01-25", "33.33", "upcoming"],
    ]);
    // The projection counts what the plan will post by its end date.
    const projection = (await p.call("GET", "/dashboard/virtual-balance?end_date=2026-12-31")).body.data;
    expect(projection.upcoming).toEqual([
      expect.objectContaining({ date: "2026-11-25", description: "Geladeira (1/3)", amount: "33.34" }),
      expect.objectContaining({ date: "2026-12-25", description: "Geladeira (2/3)", amount: "33.33" }),
    ]);
    expect(projection.upcoming[0].source).toEqual({ type: "installment", uuid: plan.uuid, name: "Geladeira" });
    expect(projection.future_expenses).toBe("66.67");
    await p.runCron();
    expect(await p.postedRows()).toHaveLength(0);

    t.clock.set("2026-11-26T15:00:00.000Z");
    await Promise.all([p.runCron(), p.runCron()]);
    await p.runCron();
    expect((await p.postedRows()).map((row) => [row.description, row.date, row.amountCents])).toEqual([
      ["Geladeira (1/3)", "2026-11-25", 3334],
    ]);

    t.clock.set("2027-02-01T15:00:00.000Z");
    await p.runCron();
    // The member signs in again: the test's first session has long ended.
    const { token } = await openSession(t, p.member.user);
    const after = (await p.call("GET", `/installment-plans/${plan.uuid}`, undefined, token)).body.data;
    expect(after).toMatchObject({
      status: "completed",
      installments_paid: 3,
      remaining_amount: "0.00",
      paid_amount: "100.00",
    });
    expect((await p.postedRows()).map((row) => row.amountCents)).toEqual([3334, 3333, 3333]);
    const balance = (await p.call("GET", `/accounts/${p.checking.id}`, undefined, token)).body.data.balance;
    expect(balance).toBe("900.00");
    const listed = (await p.call("GET", "/transactions", undefined, token)).body.data;
    expect(listed[0].source).toEqual({ type: "installment", uuid: plan.uuid, name: "Geladeira" });
  });

  it("pauses an account plan (missed installments become overdue), resumes it, posts the next now and links one already recorded", async () => {
    const plan = (
      await p.call("POST", "/installment-plans", {
        description: "Curso",
        purchase_date: "2026-11-20",
        total_amount: "300.00",
        installments_count: 3,
        first_payment_date: "2026-11-25",
        origin_id: `account:${p.checking.id}`,
      })
    ).body.data;
    const paused = await p.call("POST", `/installment-plans/${plan.uuid}/pause`);
    expect(paused.body.data.status).toBe("paused");
    t.clock.set("2026-11-27T15:00:00.000Z");
    await p.runCron();
    expect(await p.postedRows()).toHaveLength(0);
    const overdue = (await p.call("GET", "/installment-plans-overdue")).body.data;
    expect(overdue).toMatchObject([{ plan_id: plan.uuid, number: 1, date: "2026-11-25", amount: "100.00" }]);
    expect((await p.call("GET", `/installment-plans/${plan.uuid}`)).body.data.status).toBe("overdue");
    expect((await p.call("POST", `/installment-plans/${plan.uuid}/execute-payment`)).body.code).toBe(
      "INSTALLMENT_PLAN_NOT_ACTIVE",
    );

    // The person paid the first one by hand: linking it posts nothing more.
    await p.call("POST", `/installment-plans/${plan.uuid}/resume`);
    const manual = (
      await p.call("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${p.checking.id}`,
        amount: "100.00",
        description: "Curso (boleto)",
        date: "2026-11-25",
      })
    ).body.data;
    const wrongAmount = (
      await p.call("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${p.checking.id}`,
        amount: "99.00",
        description: "Outro",
      })
    ).body.data;
    const refused = await p.call("POST", `/installment-plans/${plan.uuid}/record-payment`, {
      transaction_id: wrongAmount.uuid,
    });
    expect(Object.keys(refused.body.errors)).toEqual(["amount"]);
    const linked = await p.call("POST", `/installment-plans/${plan.uuid}/record-payment`, {
      transaction_id: manual.uuid,
      amount: "100.00",
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data).toMatchObject({ installments_paid: 1, next_installment: { number: 2 } });
    const again = await p.call("POST", `/installment-plans/${plan.uuid}/record-payment`, {
      transaction_id: manual.uuid,
    });
    expect(Object.keys(again.body.errors)).toEqual(["transaction_id"]);
    await p.runCron();
    expect(await p.postedRows()).toHaveLength(2);

    // Paid ahead: posted today, and the executor does not post it again on its date.
    const ahead = await p.call("POST", `/installment-plans/${plan.uuid}/execute-payment`);
    expect(ahead.body.data).toMatchObject({ installments_paid: 2, next_installment: { number: 3 } });
    t.clock.set("2026-12-26T15:00:00.000Z");
    await p.runCron();
    const { token } = await openSession(t, p.member.user);
    const descriptions = (await p.postedRows()).map((row) => [row.description, row.date]);
    expect(descriptions).toEqual([
      ["Curso (boleto)", "2026-11-25"],
      ["Outro", "2026-11-27"],
      ["Curso (2/3)", "2026-11-27"],
    ]);
    const statistics = (await p.call("GET", "/installment-plans-statistics", undefined, token)).body.data;
    expect(statistics).toMatchObject({
      active_plans: 1,
      by_currency: [{ currency: "BRL", monthly_commitment: "100.00", total_remaining: "100.00" }],
    });
    const upcoming = (await p.call("GET", "/installment-plans-upcoming?days=40", undefined, token)).body.data;
    expect(upcoming).toMatchObject([{ number: 3, date: "2027-01-25", state: "upcoming" }]);
  });

  it("records installments paid before the plan was entered as paid, without posting them", async () => {
    const plan = (await notebook({ purchase_date: "2026-08-21", installments_paid: 3 })).body.data;
    expect(plan.schedule.slice(0, 4).map((row: { state: string }) => row.state)).toEqual([
      "settled_before",
      "settled_before",
      "settled_before",
      "charged",
    ]);
    expect(plan).toMatchObject({ installments_paid: 4, remaining_amount: "900.00" });
    const rows = await p.postedRows();
    expect(rows.map((row) => row.description)[0]).toBe("Notebook (4/10)");
    expect(rows).toHaveLength(7);
  });

  it("edits a plan's words and tags only, and deletes it keeping what was already posted", async () => {
    const plan = (await notebook()).body.data;
    const edited = await p.call("PUT", `/installment-plans/${plan.uuid}`, {
      description: "Notebook Dell",
      merchant: null,
      tag_ids: [p.food.id],
    });
    expect(edited.body.data).toMatchObject({ description: "Notebook Dell", merchant: null, total_amount: "1500.00" });
    expect(edited.body.data.tags).toEqual([expect.objectContaining({ uuid: p.food.id })]);
    const listed = (await p.call("GET", "/installment-plans")).body;
    expect(listed.data.map((item: { uuid: string }) => item.uuid)).toEqual([plan.uuid]);
    expect(listed.meta.today).toBe("2026-11-21");
    expect((await p.call("DELETE", `/installment-plans/${plan.uuid}`)).status).toBe(200);
    expect((await p.call("GET", `/installment-plans/${plan.uuid}`)).status).toBe(404);
    expect((await p.postedRows()).map((row) => row.description)).toEqual(["Notebook (1/10)"]);
    expect(await card()).toMatchObject({ debt_amount: "150.00", available_credit: "1850.00" });
  });
});
