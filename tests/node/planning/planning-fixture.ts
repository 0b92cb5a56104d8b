import { eq } from "drizzle-orm";
import { transactions, users, workspaces } from "../../../db/schema/index.ts";
import { dueItemExecutors } from "../../../worker/planning/due-item-executors.ts";
import { runDueItems } from "../../../worker/jobs/runner.ts";
import { testServiceContext } from "../../support/service-context.ts";
import type { TestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * The household ledger (São Paulo, BRL) with beta features on, and the calls the planning tests
 * make: schedule, recur, act on an item, and run the cron executor at the test clock's time.
 */
export async function plannedLedger(t: TestApp) {
  const h = await householdLedger(t);
  await t.db.update(users).set({ hasBetaAccess: true }).where(eq(users.id, h.owner.user.id));
  await t.db.update(workspaces).set({ betaFeaturesEnabled: true }).where(eq(workspaces.id, h.workspaceId));
  const base = `/api/workspaces/${h.workspaceId}`;

  const call = async (method: string, path: string, json?: unknown, token = h.member.token) => {
    const response = await t.request(`${base}${path}`, { method, token, json });
    return { status: response.status, body: await response.json() };
  };
  const rent = (fields: Record<string, unknown> = {}) => ({
    type: "expense",
    origin_id: `account:${h.checking.id}`,
    amount: "1500.00",
    description: "Aluguel",
    tag_ids: [h.home.id],
    ...fields,
  });
  const schedule = (fields: Record<string, unknown> = {}) =>
    call("POST", "/scheduled-transactions", rent({ scheduled_date: "2026-11-25", ...fields }));
  const recur = (fields: Record<string, unknown> = {}) =>
    call(
      "POST",
      "/recurring-transactions",
      rent({ name: "Aluguel", frequency: "monthly", day_of_month: 31, start_date: "2026-11-30", ...fields }),
    );
  /** One cron run at the test clock's time, as the Worker's scheduled() runs it. */
  const runCron = () => runDueItems(testServiceContext(t.db, { clock: t.clock }), "*/5 * * * *", dueItemExecutors);
  const postedRows = () =>
    t.db.select().from(transactions).where(eq(transactions.workspaceId, h.workspaceId)).orderBy(transactions.date);

  return { ...h, base, call, rent, schedule, recur, runCron, postedRows };
}

export type PlannedLedger = Awaited<ReturnType<typeof plannedLedger>>;
