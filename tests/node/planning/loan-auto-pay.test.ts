import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { batchByName } from "../../../db/named-batch.ts";
import { accounts, loanPayments, loans, plannedOccurrences, transactions } from "../../../db/schema/index.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { loanKind } from "../../../worker/planning/loans/loans.kind.ts";
import { postNextNow } from "../../../worker/planning/planned-kind.ts";
import { referenceQueries, referencesIn } from "../../../worker/planning/planned-reads.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { openSession } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

/**
 * A loan that pays itself (README: "Loans"): R$ 24.000,00 at 1% a month over 24 months, Price,
 * from the checking account — 1.129,76 a month from 21 December. The cron executor records each
 * scheduled payment on its date, split as a person's payment is, exactly once.
 */
describe("a loan's auto-pay", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  const car = async (fields: Record<string, unknown> = {}) => {
    const created = await p.call("POST", "/loans", {
      name: "Carro",
      type: "auto",
      principal_amount: "24000.00",
      interest_rate: "12",
      term_months: 24,
      start_date: "2026-11-21",
      payment_account_id: p.checking.id,
      auto_pay: true,
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body.data as { uuid: string; auto_pay: boolean };
  };
  /** The member's call after the clock has moved on: the first session has ended by then. */
  const callLater = async (method: string, path: string, json?: unknown) =>
    p.call(method, path, json, (await openSession(t, p.member.user)).token);
  const postedRows = async () =>
    (await p.postedRows()).map((row) => [row.description, row.date, row.amountCents, row.originAccountId]);
  const claimsOf = (loanId: string) =>
    t.db
      .select()
      .from(plannedOccurrences)
      .where(and(eq(plannedOccurrences.sourceKind, "loan"), eq(plannedOccurrences.sourceId, loanId)));

  it("posts a due payment once under overlapping runs, split into interest and principal, with its claim", async () => {
    const loan = await car();
    expect((await p.runCron()).itemsDone).toBe(0);

    t.clock.set("2026-12-22T15:00:00.000Z");
    await Promise.all([p.runCron(), p.runCron(), p.runCron()]);
    expect((await p.runCron()).itemsDone).toBe(0);
    expect(await postedRows()).toEqual([["Carro (1/24)", "2026-12-21", 112_976, p.checking.id]]);

    const paid = (await callLater("GET", `/loans/${loan.uuid}`)).body.data;
    expect(paid).toMatchObject({
      auto_pay: true,
      failure: null,
      current_balance: "23110.24",
      payments_made: 1,
      remaining_payments: 23,
      next_payment_date: "2027-01-21",
    });
    expect(paid.payments).toEqual([
      expect.objectContaining({ date: "2026-12-21", amount: "1129.76", interest: "240.00", principal: "889.76" }),
    ]);
    const [claim] = await claimsOf(loan.uuid);
    expect(claim).toMatchObject({ occurrenceDate: "2026-12-21", sourceName: "Carro" });
    const [posted] = await p.postedRows();
    expect(posted!.plannedOccurrenceId).toBe(claim!.id);
    expect(paid.payments[0].transaction_id).toBe(posted!.id);
    const listed = (await callLater("GET", "/transactions")).body.data;
    expect(listed[0].source).toEqual({ type: "loan", uuid: loan.uuid, name: "Carro" });
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, p.checking.id));
    expect(account!.balanceCents).toBe(100_000 - 112_976);
  });

  it("catches up two missed payments in one run, in order, each with its own month's interest", async () => {
    const loan = await car();
    t.clock.set("2027-01-22T15:00:00.000Z");
    expect((await p.runCron()).itemsDone).toBe(2);
    expect(await postedRows()).toEqual([
      ["Carro (1/24)", "2026-12-21", 112_976, p.checking.id],
      ["Carro (2/24)", "2027-01-21", 112_976, p.checking.id],
    ]);
    const payments = await t.db
      .select()
      .from(loanPayments)
      .where(eq(loanPayments.loanId, loan.uuid))
      .orderBy(loanPayments.date);
    expect(payments.map((row) => [row.date, row.interestCents, row.principalCents, row.balanceAfterCents])).toEqual([
      ["2026-12-21", 24_000, 88_976, 2_311_024],
      ["2027-01-21", 23_110, 89_866, 2_221_158],
    ]);
    expect((await claimsOf(loan.uuid)).map((claim) => claim.occurrenceDate).sort()).toEqual([
      "2026-12-21",
      "2027-01-21",
    ]);
    expect((await callLater("GET", `/loans/${loan.uuid}`)).body.data).toMatchObject({
      payments_made: 2,
      next_payment_date: "2027-02-21",
    });
  });

  it("claims nothing for a loan edited, paid or already posted since it was read: the whole batch is refused", async () => {
    const loan = await car();
    t.clock.set("2026-12-22T15:00:00.000Z");
    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), { type: "system", job: "due-items" } as const);
    const read = async () => (await t.db.select().from(loans).where(eq(loans.id, loan.uuid)))[0]!;
    /** The loan's due payment posted as the executor posts it, from the row as it was read. */
    const post = async (row: Awaited<ReturnType<typeof read>>) => {
      const found = await batchByName(t.db, [], referenceQueries(ctx, loanKind.referencedIds([row])));
      return postNextNow(ctx, loanKind, row, referencesIn(p.workspaceId, found.rows), "2026-12-22").catch(
        (error: { code?: string }) => error.code,
      );
    };
    const untouched = await p.postedRows();

    const beforeEdit = await read();
    await callLater("PUT", `/loans/${loan.uuid}`, { name: "Carro", type: "auto", monthly_fee: "1.00" });
    expect(await post(beforeEdit)).toBe("PLANNED_ITEM_CHANGED");
    const beforePayment = await read();
    await callLater("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1130.76", date: "2026-12-21" });
    expect(await post(beforePayment)).toBe("PLANNED_ITEM_CHANGED");
    expect(await p.postedRows()).toHaveLength(untouched.length + 1);
    expect(await claimsOf(loan.uuid)).toEqual([]);

    // Its next payment, posted by one run, cannot be posted again by another that read the same loan.
    t.clock.set("2027-01-22T15:00:00.000Z");
    const both = await read();
    expect(await post(both)).toMatchObject({ transactionId: expect.any(String) });
    expect(await post(both)).toBe("PLANNED_ITEM_CHANGED");
    expect(await claimsOf(loan.uuid)).toHaveLength(1);
    expect(await t.db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.uuid))).toHaveLength(2);
  });

  it("leaves alone a loan with auto-pay off, one paid off and one defaulted", async () => {
    const manual = await car({ name: "Manual", auto_pay: undefined });
    expect(manual.auto_pay).toBe(false);
    const paidOff = await car({ name: "Quitado" });
    const defaulted = await car({ name: "Inadimplente" });
    expect((await p.call("POST", `/loans/${paidOff.uuid}/pay-off`, {})).status).toBe(201);
    expect(
      (await p.call("PUT", `/loans/${defaulted.uuid}`, { name: "Inadimplente", status: "defaulted" })).status,
    ).toBe(200);
    const before = await p.postedRows();
    const loansBefore = await t.db.select().from(loans);

    t.clock.set("2027-02-22T15:00:00.000Z");
    expect(await p.runCron()).toMatchObject({ itemsDone: 0, itemsFailed: 0 });
    expect(await p.postedRows()).toEqual(before);
    expect(await t.db.select().from(loans)).toEqual(loansBefore);
    expect(await t.db.select().from(plannedOccurrences).where(eq(plannedOccurrences.sourceKind, "loan"))).toEqual([]);
  });

  it("keeps why a payment could not be posted and tries again; a later success or a payment recorded clears it", async () => {
    const loan = await car();
    const archived = (isActive: boolean) =>
      t.db.update(accounts).set({ isActive: !isActive }).where(eq(accounts.id, p.checking.id));
    await archived(true);
    t.clock.set("2026-12-22T15:00:00.000Z");
    const run = await p.runCron();
    expect(run).toMatchObject({ itemsDone: 0, itemsFailed: 1 });
    expect(run.failures).toEqual([
      { kind: "loan", id: loan.uuid, workspaceId: p.workspaceId, reason: "errors:fields.legArchived" },
    ]);
    const waiting = (await callLater("GET", `/loans/${loan.uuid}`)).body.data;
    expect(waiting).toMatchObject({
      payments_made: 0,
      failure: { key: "errors:fields.legArchived", failed_at: "2026-12-22T15:00:00.000Z" },
    });
    expect((await p.runCron()).itemsFailed).toBe(1);
    expect(await p.postedRows()).toEqual([]);

    await archived(false);
    expect((await p.runCron()).itemsDone).toBe(1);
    expect((await callLater("GET", `/loans/${loan.uuid}`)).body.data).toMatchObject({
      payments_made: 1,
      failure: null,
    });

    // The next one fails too, and the person records it: the failure goes, and nothing is posted twice.
    await archived(true);
    t.clock.set("2027-01-22T15:00:00.000Z");
    expect((await p.runCron()).itemsFailed).toBe(1);
    await archived(false);
    const recorded = await callLater("POST", `/loans/${loan.uuid}/record-payment`, {
      amount: "1129.76",
      date: "2027-01-21",
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.data).toMatchObject({ payments_made: 2, failure: null, next_payment_date: "2027-02-21" });
    expect((await p.runCron()).itemsDone).toBe(0);
    expect(await t.db.select().from(transactions).where(eq(transactions.workspaceId, p.workspaceId))).toHaveLength(2);
  });

  it("forgets a failure when auto-pay is turned off, and never pays a loan switched off", async () => {
    const loan = await car();
    await t.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, p.checking.id));
    t.clock.set("2026-12-22T15:00:00.000Z");
    expect((await p.runCron()).itemsFailed).toBe(1);
    await t.db.update(accounts).set({ isActive: true }).where(eq(accounts.id, p.checking.id));
    const off = await callLater("PUT", `/loans/${loan.uuid}`, { name: "Carro", type: "auto", auto_pay: false });
    expect(off.body.data).toMatchObject({ auto_pay: false, failure: null });
    expect(await p.runCron()).toMatchObject({ itemsDone: 0, itemsFailed: 0 });
    expect(await p.postedRows()).toEqual([]);
  });
});
