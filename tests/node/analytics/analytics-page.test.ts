import { describe, expect, it } from "vitest";
import { loadAnalyticsPage, readAnalyticsQuery } from "../../../app/components/analytics/analytics-page.server.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { countingBatches } from "../../support/counting-batches.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp } from "../../support/test-app.ts";
import { reportLedger } from "./report-ledger.ts";

describe("the analytics page's loader", () => {
  it("reads every report, the budgets, the goals and its options in ONE database round trip", async () => {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const { h } = await reportLedger(t);
    const { database, counted } = countingBatches(t.db);
    const ctx = actingAs(testServiceContext(database, { clock: t.clock }), {
      type: "person",
      userId: h.member.user.id,
      sessionId: h.member.sessionId,
      via: "cookie",
    });
    const query = readAnalyticsQuery(new URLSearchParams("from=2026-10-01&to=2026-11-30"));
    const page = await loadAnalyticsPage(ctx, h.workspaceId, query);
    expect(counted.batches).toBe(1);
    expect(counted.statements).toBeGreaterThan(30);
    // Each report reads what its own API answers.
    expect(page.reports.trends).toMatchObject({ state: "ready", data: { total: "540.00" } });
    expect(page.reports.breakdown).toMatchObject({ state: "ready", data: { total: "540.00" } });
    expect(page.reports.incomeExpenses).toMatchObject({ state: "ready", data: { totals: { net: "3010.00" } } });
    expect(page.reports.balance).toMatchObject({ state: "ready" });
    expect(page.reports.cashFlow).toMatchObject({
      state: "ready",
      data: { totals: { income: "3550.00", expenses: "540.00", net: "3010.00" } },
    });
    expect(page.today).toBe("2026-11-21");
  });
});
