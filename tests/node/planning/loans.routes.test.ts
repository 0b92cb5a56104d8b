import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { loanPayments, loans, transactions } from "../../../db/schema/index.ts";
import { openSession } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { plannedLedger, type PlannedLedger } from "./planning-fixture.ts";

/**
 * Loans: R$ 24.000,00 at 12% a year (nominal: 1% a month) over 24 months, Price, paid from the
 * checking account (R$ 1.000,00). The payment is 1.129,76 (PMT); paid on its date, the interest is
 * exactly one month's.
 */
describe("loans", () => {
  let t: TestApp;
  let p: PlannedLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    p = await plannedLedger(t);
  });

  const car = (fields: Record<string, unknown> = {}) =>
    p.call("POST", "/loans", {
      name: "Carro",
      type: "auto",
      lender: "Banco do Brasil",
      principal_amount: "24000.00",
      interest_rate: "12",
      term_months: 24,
      start_date: "2026-11-21",
      payment_account_id: p.checking.id,
      ...fields,
    });
  const balance = async (token = p.member.token) =>
    (await p.call("GET", `/accounts/${p.checking.id}`, undefined, token)).body.data.balance;

  it("opens a loan with its Price schedule, records a payment on its date (fees, interest, principal) and posts it", async () => {
    const created = await car({ monthly_fee: "10.00" });
    expect(created.status).toBe(201);
    const loan = created.body.data;
    expect(loan).toMatchObject({
      status: "active",
      currency: "BRL",
      current_balance: "24000.00",
      payment_amount: "1139.76",
      remaining_payments: 24,
      first_payment_date: "2026-12-21",
      next_payment_date: "2026-12-21",
      maturity_date: "2028-11-21",
      payment_account: { uuid: p.checking.id, name: "Nubank" },
      payoff_today: { amount: "24010.00", interest: "0.00" },
    });
    const principalSum = loan.schedule.reduce(
      (total: number, row: { principal: string }) => total + Math.round(Number(row.principal) * 100),
      0,
    );
    expect(principalSum).toBe(2_400_000);
    expect(loan.schedule[0]).toMatchObject({
      payment: "1139.76",
      interest: "240.00",
      principal: "889.76",
      fees: "10.00",
    });

    const paid = await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1139.76", date: "2026-12-21" });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      current_balance: "23110.24",
      remaining_payments: 23,
      payments_made: 1,
      next_payment_date: "2027-01-21",
      interest_paid: "240.00",
    });
    expect(paid.body.data.payments).toEqual([
      expect.objectContaining({ amount: "1139.76", fee: "10.00", interest: "240.00", principal: "889.76" }),
    ]);
    const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, p.workspaceId));
    expect(rows.map((row) => [row.description, row.date, row.amountCents, row.originAccountId])).toEqual([
      ["Carro (1/24)", "2026-12-21", 113_976, p.checking.id],
    ]);
    // Dated next month: today's balance leaves it out until then (decision 30); the kept one has it.
    expect(await balance()).toBe("1000.00");
    t.clock.set("2026-12-22T15:00:00.000Z");
    expect(await balance((await openSession(t, p.member.user)).token)).toBe("-139.76");
  });

  it("pays principal ahead: shortens the term keeping the payment, or lowers it keeping the term", async () => {
    const loan = (await car()).body.data;
    await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    // Half a period later: 15 of the 31 days' interest on 23.110,24 is 111,82.
    const extra = await p.call("POST", `/loans/${loan.uuid}/record-payment`, {
      amount: "5000.00",
      date: "2027-01-05",
      kind: "extra",
    });
    expect(extra.status).toBe(201);
    expect(extra.body.data.payments[1]).toMatchObject({ interest: "111.82", principal: "4888.18", fee: "0.00" });
    expect(extra.body.data).toMatchObject({
      current_balance: "18222.06",
      payment_amount: expect.any(String),
      next_payment_date: "2027-01-21",
    });
    expect(extra.body.data.remaining_payments).toBeLessThan(23);
    const shortened = extra.body.data.remaining_payments;

    const other = (await car({ name: "Moto", extra_payment_mode: "lower_payment" })).body.data;
    await p.call("POST", `/loans/${other.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    const lowered = await p.call("POST", `/loans/${other.uuid}/record-payment`, {
      amount: "5000.00",
      date: "2027-01-05",
      kind: "extra",
    });
    expect(lowered.body.data.remaining_payments).toBe(23);
    expect(Number(lowered.body.data.payment_amount)).toBeLessThan(1129.76);
    expect(shortened).toBeLessThan(23);
  });

  it("refuses a payment below the interest due, above the payoff, before the last one — writing nothing", async () => {
    const loan = (await car()).body.data;
    await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    const before = await snapshotDatabase(t.db);
    const below = await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "100.00", date: "2027-01-21" });
    expect(below.status).toBe(422);
    expect(below.body.errors.amount[0]).toMatch(/doesn't cover the interest and fees due \(231\.10\)/);
    const above = await p.call("POST", `/loans/${loan.uuid}/record-payment`, {
      amount: "90000.00",
      date: "2027-01-21",
    });
    expect(above.body.errors.amount[0]).toMatch(/more than it takes to pay the loan off \(23341\.34\)/);
    const earlier = await p.call("POST", `/loans/${loan.uuid}/record-payment`, {
      amount: "1129.76",
      date: "2026-12-01",
    });
    expect(Object.keys(earlier.body.errors)).toEqual(["date"]);
    const viewer = await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76" }, p.viewer.token);
    expect(viewer.status).toBe(403);
    const badLoan = await car({ term_months: 0, payment_account_id: "nope", principal_amount: "-1" });
    expect(Object.keys(badLoan.body.errors).sort()).toEqual(["payment_account_id", "principal_amount", "term_months"]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("records a payment once under one Idempotency-Key, even sent twice at once", async () => {
    const loan = (await car()).body.data;
    const send = () =>
      t.request(`${p.base}/loans/${loan.uuid}/record-payment`, {
        method: "POST",
        token: p.member.token,
        headers: { "Idempotency-Key": "loan-payment-1" },
        json: { amount: "1129.76", date: "2026-12-21" },
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201]);
    const again = await send();
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const payments = await t.db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.uuid));
    expect(payments).toHaveLength(1);
    const posted = await t.db.select().from(transactions).where(eq(transactions.workspaceId, p.workspaceId));
    expect(posted).toHaveLength(1);
  });

  it("answers a pay-off sent again under its Idempotency-Key with the first answer, paying once", async () => {
    const loan = (await car()).body.data;
    const send = () =>
      t.request(`${p.base}/loans/${loan.uuid}/pay-off`, {
        method: "POST",
        token: p.member.token,
        headers: { "Idempotency-Key": "loan-payoff-1" },
        json: { date: "2026-12-01" },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await t.db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.uuid))).toHaveLength(1);
  });

  it("quotes and pays off the loan (balance, interest accrued, fee), then takes no more payments", async () => {
    const loan = (await car()).body.data;
    await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    const quote = (await p.call("GET", `/loans/${loan.uuid}/payoff?date=2027-01-05`)).body.data;
    expect(quote).toEqual({
      date: "2027-01-05",
      balance: "23110.24",
      interest: "111.82",
      fees: "0.00",
      amount: "23222.06",
    });
    const paidOff = await p.call("POST", `/loans/${loan.uuid}/pay-off`, { date: "2027-01-05" });
    expect(paidOff.status).toBe(201);
    expect(paidOff.body.data).toMatchObject({
      status: "paid_off",
      current_balance: "0.00",
      next_payment_date: null,
      remaining_payments: 0,
      progress: 100,
    });
    expect(paidOff.body.data.payments.at(-1)).toMatchObject({ amount: "23222.06", is_payoff: true });
    expect((await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "10.00" })).body.code).toBe(
      "LOAN_NOT_ACTIVE",
    );
  });

  it("refinances what is owed into a new loan linked to the old one, both kept", async () => {
    const loan = (await car()).body.data;
    const refinanced = await p.call("POST", `/loans/${loan.uuid}/refinance`, {
      interest_rate: "1.5",
      interest_rate_period: "month",
      term_months: 36,
      amortization_system: "sac",
    });
    expect(refinanced.status).toBe(201);
    expect(refinanced.body.data).toMatchObject({
      name: "Carro",
      principal_amount: "24000.00",
      start_date: "2026-11-21",
      amortization_system: "sac",
      remaining_payments: 36,
      refinanced_from_id: loan.uuid,
    });
    const old = (await p.call("GET", `/loans/${loan.uuid}`)).body.data;
    expect(old).toMatchObject({ status: "refinanced", refinanced_to_id: refinanced.body.data.uuid, schedule: [] });
    const listed = (await p.call("GET", "/loans")).body.data;
    expect(listed).toHaveLength(2);
    const statistics = (await p.call("GET", "/loans-statistics")).body.data;
    expect(statistics).toMatchObject({
      active_loans: 1,
      by_currency: [{ currency: "BRL", total_balance: "24000.00" }],
    });
    const upcoming = (await p.call("GET", "/loans-upcoming?days=40")).body;
    expect(upcoming.data).toEqual([
      expect.objectContaining({ loan_id: refinanced.body.data.uuid, number: 1, date: "2026-12-21", is_overdue: false }),
    ]);
  });

  it("saves and answers auto-pay, off unless asked, kept by an edit that does not send it; a bad value changes nothing", async () => {
    const plain = (await car()).body.data;
    expect(plain).toMatchObject({ auto_pay: false, failure: null });
    const auto = await car({ name: "Moto", auto_pay: true });
    expect(auto.body.data).toMatchObject({ auto_pay: true, failure: null });
    expect((await p.call("GET", `/loans/${auto.body.data.uuid}`)).body.data.auto_pay).toBe(true);
    const listed = (await p.call("GET", "/loans")).body.data;
    expect(listed.map((loan: { name: string; auto_pay: boolean }) => [loan.name, loan.auto_pay]).sort()).toEqual([
      ["Carro", false],
      ["Moto", true],
    ]);
    const edited = await p.call("PUT", `/loans/${auto.body.data.uuid}`, { name: "Moto nova", type: "auto" });
    expect(edited.body.data).toMatchObject({ name: "Moto nova", auto_pay: true });
    const on = await p.call("PUT", `/loans/${plain.uuid}`, { name: "Carro", type: "auto", auto_pay: true });
    expect(on.body.data.auto_pay).toBe(true);

    const before = await snapshotDatabase(t.db);
    const badNew = await car({ name: "Bicicleta", auto_pay: "yes" });
    expect(badNew.status).toBe(422);
    expect(badNew.body).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: { auto_pay: ["Send true or false: whether the loan pays itself on each due date"] },
    });
    const badEdit = await p.call("PUT", `/loans/${plain.uuid}`, { name: "Carro", auto_pay: "sometimes" });
    expect(badEdit.status).toBe(422);
    expect(Object.keys(badEdit.body.errors)).toEqual(["auto_pay"]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("edits a loan's words and fee, and deletes it keeping the expenses it posted", async () => {
    const loan = (await car()).body.data;
    await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    const edited = await p.call("PUT", `/loans/${loan.uuid}`, { name: "Carro novo", type: "auto", monthly_fee: "5" });
    expect(edited.body.data).toMatchObject({ name: "Carro novo", monthly_fee: "5.00", current_balance: "23110.24" });
    expect((await p.call("DELETE", `/loans/${loan.uuid}`)).status).toBe(200);
    expect((await p.call("GET", `/loans/${loan.uuid}`)).status).toBe(404);
    expect(await t.db.select().from(loanPayments)).toHaveLength(0);
    expect(await p.postedRows()).toHaveLength(1);
  });

  it("counts the payments ahead in the projected balance and its upcoming list, until they are recorded", async () => {
    const loan = (await car()).body.data;
    const projection = async () => (await p.call("GET", "/dashboard/virtual-balance?end_date=2027-01-31")).body.data;
    const before = await projection();
    expect(before.upcoming).toEqual([
      expect.objectContaining({ date: "2026-12-21", description: "Carro (1/24)", amount: "1129.76" }),
      expect.objectContaining({ date: "2027-01-21", description: "Carro (2/24)", amount: "1129.76" }),
    ]);
    expect(before.upcoming[0].source).toEqual({ type: "loan", uuid: loan.uuid, name: "Carro" });
    expect(before.future_expenses).toBe("2259.52");
    await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "1129.76", date: "2026-12-21" });
    const after = await projection();
    // The first is recorded (a transaction dated 21 Dec now): counted once, as that transaction.
    expect(after.upcoming.map((item: { date: string }) => item.date)).toEqual(["2027-01-21"]);
    expect(after.future_expenses).toBe("2259.52");
  });

  it("shows what active loans owe on the dashboard, and the balance net of cards and loans", async () => {
    await car();
    await p.call("POST", `/cards/${p.credit.id}/purchase`, { amount: "100.00", description: "Mercado" });
    const stats = (await p.call("GET", "/dashboard/stats")).body.data;
    expect(stats).toMatchObject({ total_balance: "1000.00", loans_owed: "24000.00", net_worth: "-23100.00" });
  });

  it("marks a loan defaulted (nothing projected, still owed) and active again; a paid-off loan keeps its status", async () => {
    const loan = (await car()).body.data;
    const edit = (status: string) => p.call("PUT", `/loans/${loan.uuid}`, { name: "Carro", type: "auto", status });
    const defaulted = await edit("defaulted");
    expect(defaulted.body.data).toMatchObject({ status: "defaulted", remaining_payments: 0, next_payment_date: null });
    expect((await p.call("GET", "/dashboard/virtual-balance?end_date=2027-01-31")).body.data.upcoming).toEqual([]);
    expect((await p.call("GET", "/dashboard/stats")).body.data.loans_owed).toBe("24000.00");
    expect((await p.call("POST", `/loans/${loan.uuid}/record-payment`, { amount: "100.00" })).body.code).toBe(
      "LOAN_NOT_ACTIVE",
    );
    expect((await edit("active")).body.data).toMatchObject({ status: "active", remaining_payments: 24 });
    await p.call("POST", `/loans/${loan.uuid}/pay-off`, {});
    expect((await edit("defaulted")).body.code).toBe("LOAN_NOT_ACTIVE");
    expect((await edit("bogus")).status).toBe(422);
  });

  it("opens a SAC loan as the banks print it, and reads one kept before the same way", async () => {
    const house = {
      name: "Casa",
      principal_amount: "300000.00",
      interest_rate: "1",
      interest_rate_period: "month",
      term_months: 360,
      amortization_system: "sac",
    };
    const created = (await car(house)).body.data;
    const table = (loan: { schedule: Array<{ payment: string; principal: string }> }) => [
      loan.schedule[0]!.payment,
      loan.schedule[1]!.payment,
      loan.schedule[0]!.principal,
      loan.schedule.at(-1)!.principal,
    ];
    expect(created.payment_amount).toBe("3833.33");
    expect(table(created)).toEqual(["3833.33", "3825.00", "833.33", "834.53"]);
    const calculated = await p.call("POST", "/loans/amortization", { ...house, start_date: "2026-12-21" });
    expect(table(calculated.body.data)).toEqual(table(created));
    // A loan saved when SAC's first part carried the leftover cents (834,53) keeps 833,33 a month from now on.
    await t.db.update(loans).set({ regularCents: 83_453 }).where(eq(loans.id, created.uuid));
    expect(table((await p.call("GET", `/loans/${created.uuid}`)).body.data)).toEqual(table(created));
  });

  it("refuses a loan, a refinance or a payment that would leave a payment larger than a transaction may hold", async () => {
    const before = await snapshotDatabase(t.db);
    const tooLarge = await car({
      principal_amount: "999999999.99",
      interest_rate: "1",
      interest_rate_period: "month",
      term_months: 1,
    });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors).toEqual({
      principal_amount: [
        "A payment of this loan would be 1,009,999,999.99, more than one transaction can hold (999,999,999.99): borrow less or spread it over more months",
      ],
    });
    expect(await snapshotDatabase(t.db)).toEqual(before);

    const big = (
      await car({
        principal_amount: "999999999.00",
        interest_rate: "0.5",
        interest_rate_period: "month",
        term_months: 2,
        amortization_system: "sac",
      })
    ).body.data;
    expect(big.schedule.map((row: { payment: string }) => row.payment)).toEqual(["504999999.50", "502499999.50"]);
    const withBig = await snapshotDatabase(t.db);
    const refinanced = await p.call("POST", `/loans/${big.uuid}/refinance`, {
      interest_rate: "10",
      interest_rate_period: "month",
      term_months: 1,
    });
    expect(refinanced.status).toBe(422);
    expect(Object.keys(refinanced.body.errors)).toEqual(["term_months"]);
    // Only the interest and a cent: the one payment left would be the whole balance and its interest.
    const short = await p.call("POST", `/loans/${big.uuid}/record-payment`, {
      amount: "5000000.01",
      date: "2026-12-21",
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.amount[0]).toMatch(
      /^After this payment, a payment of this loan would be 1,004,999,998\.98/,
    );
    expect(await snapshotDatabase(t.db)).toEqual(withBig);
    const onSchedule = await p.call("POST", `/loans/${big.uuid}/record-payment`, {
      amount: "504999999.50",
      date: "2026-12-21",
    });
    expect(onSchedule.status).toBe(201);
  });
});
