import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { insertAccount } from "../../db/factories.ts";
import {
  recurringTransactions,
  scheduledTransactions,
  transactions,
  users,
  workspaces,
} from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { fixedClock } from "../support/service-context.ts";
import type { TestApp } from "../support/test-app.ts";
import { workspaceWithTeam } from "../support/workspaces.ts";

/** The key tests/support/built-worker.ts hands the Worker. */
const jwtSecret = "worker-test-secret-worker-test-secret";
const site = "http://127.0.0.1";

/**
 * The scheduled and recurring pages' form actions (what their dialogs and row menus post), in the
 * built Worker: amounts typed the Brazilian way are read as typed, and nobody reaches another
 * workspace's items through them.
 */
describe("scheduled and recurring page actions, in the built Worker", () => {
  let worker: Miniflare;
  let db: Database;
  let t: TestApp;

  beforeAll(async () => {
    worker = startBuiltWorker({ databaseUrl: inject("databaseUrl") });
    await worker.ready;
    db = drizzle(createClient({ url: inject("databaseUrl") })) as unknown as Database;
    t = { db, clock: fixedClock(new Date().toISOString()), env: { JWT_SECRET: jwtSecret } } as unknown as TestApp;
  });
  afterAll(async () => {
    await worker?.dispose();
  });

  /** A Brazilian household with beta features on, and a stranger with a workspace of their own. */
  async function households() {
    const team = await workspaceWithTeam(t, { workspace: { currency: "BRL", timeZone: "America/Sao_Paulo" } });
    await db.update(users).set({ hasBetaAccess: true }).where(eq(users.id, team.owner.user.id));
    await db.update(workspaces).set({ betaFeaturesEnabled: true }).where(eq(workspaces.id, team.workspace.id));
    const checking = await insertAccount(db, { workspaceId: team.workspace.id, name: "Nubank", currency: "BRL" });
    const stranger = await workspaceWithTeam(t);
    return { ...team, checking, stranger: stranger.owner };
  }

  const post = (path: string, cookie: string, form: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    return worker.dispatchFetch(`${site}${path}`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `lang=pt-BR; ${cookie}`, Origin: site },
      redirect: "manual",
    });
  };
  /** What the pages may change in a workspace (other test files share the database, so not all of it). */
  const plannedState = async (workspaceId: string) => ({
    scheduled: await db.select().from(scheduledTransactions).where(eq(scheduledTransactions.workspaceId, workspaceId)),
    recurring: await db.select().from(recurringTransactions).where(eq(recurringTransactions.workspaceId, workspaceId)),
    posted: await db.select().from(transactions).where(eq(transactions.workspaceId, workspaceId)),
    workspace: await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)),
  });
  /**
   * The items' dates: years ahead, past what the due-items tests run the executor up to (2031, 2032)
   * in the same database, so no run of theirs posts what these tests create.
   */
  const farAhead = () => "2035-06-10";

  it("saves a scheduled expense typed as 1.234,56 as R$ 1.234,56, and refuses an unclear amount with nothing saved", async () => {
    const h = await households();
    const page = `/workspaces/${h.workspace.id}/scheduled-transactions`;
    const form = {
      intent: "create",
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      description: "Condomínio",
      date: farAhead(),
      notes: "Boleto do síndico",
    };
    expect((await post(page, h.member.cookie, { ...form, amount: "1.234,56" })).status).toBe(200);
    const [saved] = await db
      .select()
      .from(scheduledTransactions)
      .where(eq(scheduledTransactions.workspaceId, h.workspace.id));
    expect(saved).toMatchObject({ amountCents: 123_456, scheduledDate: form.date, notes: "Boleto do síndico" });

    const before = await plannedState(h.workspace.id);
    for (const amount of ["1,234,56", "12,345", "abc"]) {
      expect((await post(page, h.member.cookie, { ...form, amount })).status).toBe(422);
    }
    expect((await post(page, h.member.cookie, { ...form, amount: "10,00", date: "2020-01-01" })).status).toBe(422);
    expect(await plannedState(h.workspace.id)).toEqual(before);
  });

  it("saves a monthly rule on day 31 from the recurrence step's fields, amount read the Brazilian way", async () => {
    const h = await households();
    const response = await post(`/workspaces/${h.workspace.id}/recurring-transactions`, h.member.cookie, {
      intent: "create",
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "1.500,00",
      description: "Aluguel",
      date: farAhead(),
      name: "Aluguel do apê",
      frequency: "monthly",
      interval: "1",
      day_of_month: "31",
      weekend_rule: "friday_before",
      max_executions: "12",
    });
    expect(response.status).toBe(200);
    const [rule] = await db
      .select()
      .from(recurringTransactions)
      .where(eq(recurringTransactions.workspaceId, h.workspace.id));
    expect(rule).toMatchObject({
      name: "Aluguel do apê",
      amountCents: 150_000,
      frequency: "monthly",
      dayOfMonth: 31,
      weekendRule: "friday_before",
      maxExecutions: 12,
      status: "active",
    });
  });

  it("gives a stranger none of another workspace's planned items: their pages send them to their own workspaces, their actions change nothing", async () => {
    const h = await households();
    const scheduledPage = `/workspaces/${h.workspace.id}/scheduled-transactions`;
    const recurringPage = `/workspaces/${h.workspace.id}/recurring-transactions`;
    const template = {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "99,90",
      description: "Internet",
      date: farAhead(),
    };
    await post(scheduledPage, h.member.cookie, { intent: "create", ...template });
    await post(recurringPage, h.member.cookie, {
      intent: "create",
      ...template,
      name: "Internet",
      frequency: "monthly",
      interval: "1",
    });
    const [scheduled] = await db
      .select()
      .from(scheduledTransactions)
      .where(eq(scheduledTransactions.workspaceId, h.workspace.id));
    const [recurring] = await db
      .select()
      .from(recurringTransactions)
      .where(eq(recurringTransactions.workspaceId, h.workspace.id));
    expect(scheduled && recurring).toBeTruthy();

    for (const page of [scheduledPage, recurringPage]) {
      const response = await worker.dispatchFetch(`${site}${page}`, {
        headers: { Cookie: h.stranger.cookie },
        redirect: "manual",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/workspaces");
      expect(await response.text()).not.toContain("Internet");
    }
    const before = await plannedState(h.workspace.id);
    for (const intent of ["update", "execute", "cancel", "delete"]) {
      const response = await post(scheduledPage, h.stranger.cookie, { intent, id: scheduled!.id, ...template });
      expect([302, 404], `scheduled ${intent}`).toContain(response.status);
    }
    for (const intent of ["update", "execute", "pause", "resume", "delete", "enable-beta"]) {
      const response = await post(recurringPage, h.stranger.cookie, {
        intent,
        id: recurring!.id,
        ...template,
        name: "Hijacked",
        frequency: "daily",
        interval: "1",
      });
      expect([302, 404], `recurring ${intent}`).toContain(response.status);
    }
    // A stranger's "create" in someone else's workspace is sent to their own workspaces.
    const created = await post(scheduledPage, h.stranger.cookie, { intent: "create", ...template });
    expect(created.status).toBe(302);
    expect(await plannedState(h.workspace.id)).toEqual(before);
  });
});
