import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertScheduled } from "../../../db/factories.ts";
import { bankConnections, notifications, reminderDays, reminderSettings, users } from "../../../db/schema/index.ts";
import { emptyOutcome } from "../../../worker/jobs/runner.ts";
import { decideReminders } from "../../../worker/reminders/reminder-decider.ts";
import { deliverReminders } from "../../../worker/reminders/reminder-delivery.ts";
import { startFakeResend, type FakeResend } from "../../support/fake-resend.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * A household in São Paulo on Friday 27 November 2026: a card statement due on Monday the 30th, rent of
 * R$ 2.000,00 posting tomorrow from an account holding R$ 1.000,00, and a bank asking for a new login.
 */
let resend: FakeResend;
beforeAll(async () => {
  resend = await startFakeResend();
});
afterAll(() => resend.close());

const justAfterMidnight = "2026-11-27T03:30:00.000Z";
const eightInTheMorning = "2026-11-27T11:00:00.000Z";

async function household() {
  const t = await createTestApp({
    now: justAfterMidnight,
    env: { RESEND_API_KEY: "re_test", RESEND_BASE_URL: resend.url },
  });
  const team = await workspaceWithTeam(t, {
    workspace: { name: "Casa", currency: "BRL", timeZone: "America/Sao_Paulo" },
  });
  const account = await insertAccount(t.db, {
    workspaceId: team.workspace.id,
    name: "Itaú",
    initialBalanceCents: 100_000,
  });
  const card = await insertCard(t.db, {
    workspaceId: team.workspace.id,
    accountId: account.id,
    name: "Nubank",
    billingCycleDay: 20,
    dueDay: 30,
  });
  const purchase = await t.request(`/api/workspaces/${team.workspace.id}/cards/${card.id}/purchase`, {
    method: "POST",
    token: team.owner.token,
    json: { amount: "500.00", description: "Mercado", date: "2026-11-15" },
  });
  expect(purchase.status).toBe(201);
  await insertScheduled(t.db, {
    workspaceId: team.workspace.id,
    accountId: account.id,
    scheduledDate: "2026-11-28",
    amountCents: 200_000,
    description: "Aluguel",
  });
  await t.db.insert(bankConnections).values({
    workspaceId: team.workspace.id,
    provider: "pluggy",
    institution: "Banco Sandbox",
    externalId: "item-1",
    status: "needs_login",
  });
  return { t, ...team, account, card };
}

async function runAt(t: TestApp, iso: string, parts: { decide?: boolean; deliver?: boolean } = {}) {
  t.clock.set(iso);
  const ctx = testServiceContext(t.db, { clock: t.clock, env: t.env });
  const outcome = emptyOutcome();
  const deadline = Date.now() + 60_000;
  if (parts.decide !== false) await decideReminders(ctx, outcome, deadline);
  if (parts.deliver !== false) await deliverReminders(ctx, outcome, deadline);
  return outcome;
}

const countsOf = async (t: TestApp) =>
  (
    await t.db
      .select({ kind: notifications.kind, channel: notifications.channel, n: sql<number>`count(*)` })
      .from(notifications)
      .groupBy(notifications.kind, notifications.channel)
  ).map((row) => `${row.kind}/${row.channel}: ${row.n}`);

describe("the reminders of a day", () => {
  it("are decided once per person and channel, by ten overlapping runs, and sent once at 08:00 local", async () => {
    const h = await household();
    await Promise.all(Array.from({ length: 10 }, () => runAt(h.t, justAfterMidnight)));
    const expected = [
      "balance_negative/in_app: 4",
      "bank_attention/in_app: 2",
      "planned_due/in_app: 4",
      "statement_due/email: 4",
      "statement_due/in_app: 4",
    ];
    expect((await countsOf(h.t)).sort()).toEqual(expected);
    // The next tick reads this workspace again only when its next day begins: midnight in São Paulo.
    const [day] = await h.t.db.select().from(reminderDays);
    expect(day).toMatchObject({ decidedOn: "2026-11-27", nextDayAt: "2026-11-28T03:00:00.000Z" });
    // Forgetting that the day was decided decides it again: the occurrence keys hold.
    await h.t.db.delete(reminderDays);
    await Promise.all(Array.from({ length: 10 }, () => runAt(h.t, justAfterMidnight)));
    expect((await countsOf(h.t)).sort()).toEqual(expected);

    // Nothing leaves before the person's hour; at 08:00 in São Paulo, ten runs send each e-mail once.
    expect(resend.sent.filter((mail) => String(mail.subject).startsWith("Nubank"))).toEqual([]);
    await Promise.all(Array.from({ length: 10 }, () => runAt(h.t, eightInTheMorning)));
    const mails = resend.sent.filter((mail) =>
      [h.owner, h.admin, h.member, h.viewer].some((p) => p.user.email === mail.to),
    );
    expect(mails).toHaveLength(4);
    expect(mails[0]).toMatchObject({ subject: "Nubank: the statement is due in 3 days" });
    expect(mails[0]!.text).toContain("R$500.00 still to pay by Nov 30, 2026.");
    expect(mails[0]!.headers).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/127\.0\.0\.1:8080\/api\/reminders\/unsubscribe\?u=/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const statuses = await h.t.db
      .select({ status: notifications.status, n: sql<number>`count(*)` })
      .from(notifications)
      .where(eq(notifications.channel, "email"))
      .groupBy(notifications.status);
    expect(statuses).toEqual([{ status: "sent", n: 4 }]);
  });

  it("speaks each person's language and leaves out the kinds they turned off", async () => {
    const h = await household();
    await h.t.db.update(users).set({ language: "pt-BR" }).where(eq(users.id, h.member.user.id));
    await h.t.db.insert(reminderSettings).values({
      userId: h.viewer.user.id,
      choices: JSON.stringify({ statement_due: { email: false } }),
      updatedAt: justAfterMidnight,
    });
    await runAt(h.t, justAfterMidnight);
    await runAt(h.t, eightInTheMorning);
    const to = (email: string) => resend.sent.filter((mail) => mail.to === email);
    expect(to(h.viewer.user.email)).toEqual([]);
    expect(to(h.member.user.email).map((mail) => mail.subject)).toEqual(["Nubank: a fatura vence em 3 dias"]);
    expect(to(h.member.user.email)[0]!.text).toContain("Faltam R$\u00a0500,00 para pagar até 30 de nov. de 2026.");
  });

  it("retries a provider that fails, then marks it failed; a day the cron missed says nothing stale", async () => {
    const h = await household();
    await runAt(h.t, justAfterMidnight);
    resend.failWith(500);
    try {
      await runAt(h.t, eightInTheMorning);
      const waiting = await h.t.db
        .select({ attempts: notifications.attempts, status: notifications.status })
        .from(notifications)
        .where(eq(notifications.channel, "email"));
      expect(waiting.every((row) => row.status === "waiting" && row.attempts === 1)).toBe(true);
      // The next tries wait 1, then 5, then 30 minutes; after the fourth it failed.
      await runAt(h.t, "2026-11-27T11:01:30.000Z");
      await runAt(h.t, "2026-11-27T11:07:00.000Z");
      await runAt(h.t, "2026-11-27T11:38:00.000Z");
    } finally {
      resend.failWith(null);
    }
    const failed = await h.t.db
      .select({ status: notifications.status, attempts: notifications.attempts })
      .from(notifications)
      .where(eq(notifications.channel, "email"));
    expect(failed).toEqual(Array.from({ length: 4 }, () => ({ status: "failed", attempts: 4 })));

    // Two days later (the 28th never ran): nothing is "due tomorrow" about the 28th.
    await runAt(h.t, "2026-11-29T12:00:00.000Z");
    const later = await h.t.db
      .select({ kind: notifications.kind, about: notifications.about })
      .from(notifications)
      .where(and(eq(notifications.channel, "in_app"), sql`${notifications.createdAt} >= '2026-11-29'`));
    expect(later.map((row) => row.kind)).not.toContain("planned_due");
    expect(later.map((row) => row.kind)).not.toContain("statement_due");
  });
});
