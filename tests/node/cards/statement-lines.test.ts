import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertTag } from "../../../db/factories.ts";
import type { accounts, cards } from "../../../db/schema/index.ts";
import { getCardsPage } from "../../../worker/pages/cards-page.service.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../../support/workspaces.ts";

/** Today is 2026-11-21 (the test clock); the card closes on the 10th and is due on the 17th. */
describe("one card statement with its lines", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let checking: typeof accounts.$inferSelect;
  let gold: typeof cards.$inferSelect;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
    checking = await insertAccount(t.db, { workspaceId: team.workspace.id, initialBalanceCents: 100_000 });
    gold = await insertCard(t.db, {
      workspaceId: team.workspace.id,
      accountId: checking.id,
      billingCycleDay: 10,
      dueDay: 17,
      createdAt: "2026-09-01T12:00:00.000Z",
    });
  });
  const path = (rest: string) => `/api/workspaces/${team.workspace.id}/cards${rest}`;
  const get = (rest: string, by: SignedIn = team.viewer) => t.request(path(rest), { token: by.token });
  const post = async (rest: string, json: Record<string, unknown>) => {
    const response = await t.request(path(rest), { method: "POST", token: team.member.token, json });
    expect(response.status, await response.clone().text()).toBe(201);
  };

  it("lists the period's purchases with date, description, amount and tags; payments count as paid, not as lines", async () => {
    const market = await insertTag(t.db, { workspaceId: team.workspace.id, name: "Market", color: "#4CAF50" });
    await post(`/${gold.id}/purchase`, { amount: "40.00", description: "Before the period", date: "2026-10-10" });
    await post(`/${gold.id}/purchase`, { amount: "12.50", description: "Bakery", date: "2026-10-11" });
    await post(`/${gold.id}/purchase`, {
      amount: "87.35",
      description: "Supermarket",
      date: "2026-11-10",
      tag_ids: [market.id],
    });
    await post(`/${gold.id}/purchase`, { amount: "9.00", description: "Next period", date: "2026-11-11" });
    await post(`/${gold.id}/payment`, { amount: "50.00", date: "2026-11-01" });

    const response = await get(`/${gold.id}/statements/2026-11-10`);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.card).toMatchObject({ uuid: gold.id, billing_cycle_day: 10, due_day: 17 });
    expect(data.statement).toEqual({
      period_start: "2026-10-11",
      closing_date: "2026-11-10",
      due_date: "2026-11-17",
      total: "99.85",
      paid: "10.00",
      remaining: "89.85",
      to_settle: "89.85",
      total_cents: 9_985,
      paid_cents: 1_000,
      remaining_cents: 8_985,
      to_settle_cents: 8_985,
      status: "overdue",
      lines: [
        {
          uuid: expect.any(String),
          date: "2026-10-11",
          description: "Bakery",
          type: "expense",
          amount: "12.50",
          amount_cents: 1_250,
          tags: [],
        },
        {
          uuid: expect.any(String),
          date: "2026-11-10",
          description: "Supermarket",
          type: "expense",
          amount: "87.35",
          amount_cents: 8_735,
          tags: [{ uuid: market.id, name: "Market", color: "#4CAF50" }],
        },
      ],
    });
    const open = (await (await get(`/${gold.id}/statements/2026-12-10`)).json()).data.statement;
    expect([open.status, open.due_date, open.lines.map((line: { description: string }) => line.description)]).toEqual([
      "open",
      "2026-12-17",
      ["Next period"],
    ]);
  });

  it("answers 404 for a date that is not one of the card's statements, and changes nothing", async () => {
    const before = await snapshotDatabase(t.db);
    for (const closing of ["2026-11-11", "2027-01-10", "2026-08-10", "2026-02-28"]) {
      const response = await get(`/${gold.id}/statements/${closing}`);
      expect([closing, response.status, (await response.json()).code]).toEqual([closing, 404, "NOT_FOUND"]);
    }
    const missing = await get(`/${gold.id}/statements/2026-08-10`);
    expect((await missing.json()).message).toBe(
      "Statement not found: this card has no statement closing on that date.",
    );
    const unknownCard = await get("/01900000-0000-7000-8000-000000000000/statements/2026-11-10");
    expect([unknownCard.status, (await unknownCard.json()).message]).toEqual([404, "Card not found."]);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("refuses a malformed closing date with 422 at closing_date", async () => {
    for (const closing of ["2026-11", "2026-13-10", "2026-02-30", "10-11-2026", "x"]) {
      const response = await get(`/${gold.id}/statements/${closing}`);
      const body = await response.json();
      expect([closing, response.status, body.code, body.errors]).toEqual([
        closing,
        422,
        "VALIDATION_FAILED",
        { closing_date: ["Enter a date as YYYY-MM-DD"] },
      ]);
    }
  });

  it("starts the statements at a purchase backdated before the card existed", async () => {
    const listed = async () =>
      (await (await get(`/${gold.id}/statements?count=12`)).json()).data.statements.map(
        (statement: { closing_date: string }) => statement.closing_date,
      );
    expect(await listed()).toEqual(["2026-12-10", "2026-11-10", "2026-10-10", "2026-09-10"]);
    await post(`/${gold.id}/purchase`, { amount: "5.00", description: "Backdated", date: "2026-07-20" });
    expect(await listed()).toEqual(["2026-12-10", "2026-11-10", "2026-10-10", "2026-09-10", "2026-08-10"]);
    const july = (await (await get(`/${gold.id}/statements/2026-08-10`)).json()).data.statement;
    expect([july.total, july.lines.length]).toEqual(["5.00", 1]);
  });

  it("gives a card acting as debit no statements", async () => {
    const debit = await insertCard(t.db, {
      workspaceId: team.workspace.id,
      accountId: checking.id,
      type: "debit",
      mode: "debit",
      creditLimitCents: null,
    });
    await post(`/${debit.id}/purchase`, { amount: "3.00", description: "Coffee", date: "2026-11-20" });
    expect((await (await get(`/${debit.id}/statements`)).json()).data.statements).toEqual([]);
    expect((await get(`/${debit.id}/statements/2026-11-10`)).status).toBe(404);
  });

  it("the cards page shows the chosen statement's lines, or a debit card's latest purchases", async () => {
    await post(`/${gold.id}/purchase`, { amount: "20.00", description: "Open period", date: "2026-11-15" });
    await post(`/${gold.id}/purchase`, { amount: "30.00", description: "Closed period", date: "2026-10-20" });
    const debit = await insertCard(t.db, {
      workspaceId: team.workspace.id,
      accountId: checking.id,
      type: "debit",
      mode: "debit",
      creditLimitCents: null,
    });
    for (let day = 1; day <= 12; day++) {
      await post(`/${debit.id}/purchase`, {
        amount: "1.00",
        description: `Coffee ${day}`,
        date: `2026-11-${String(day).padStart(2, "0")}`,
      });
    }
    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: team.viewer.user.id,
      sessionId: team.viewer.sessionId,
      via: "cookie",
    });
    const page = (selectedCardId: string, selectedClosing: string | null = null) =>
      getCardsPage({
        ctx,
        input: { workspaceId: team.workspace.id, selectedCardId, selectedClosing, statementCount: 6 },
      });
    const open = await page(gold.id);
    expect(open.statements?.selected).toMatchObject({ closing_date: "2026-12-10", total: "20.00" });
    expect(open.statements?.selected?.lines.map((line) => line.description)).toEqual(["Open period"]);
    const closed = await page(gold.id, "2026-11-10");
    expect(closed.statements?.selected?.lines.map((line) => line.description)).toEqual(["Closed period"]);
    expect(closed.isStatementMissing).toBe(false);
    expect((await page(gold.id, "2026-11-11")).isStatementMissing).toBe(true);
    const debitPage = await page(debit.id);
    expect(debitPage.statements?.statements).toEqual([]);
    expect(debitPage.statements?.recentPurchases.map((line) => line.description)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((day) => `Coffee ${day}`),
    );
  });
});
