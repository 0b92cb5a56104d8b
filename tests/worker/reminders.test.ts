import { and, eq, inArray, sql } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  freePort,
  migrateDatabase,
  newVapidKeyPair,
  type RunningProcess,
  startDatabase,
} from "../../scripts/local-stack.ts";
import { addMember, insertAccount, insertCard, insertUser, insertWorkspace } from "../../db/factories.ts";
import {
  botLinks,
  cards,
  notifications,
  pushSubscriptions,
  reminderSettings,
  transactions,
} from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startFakeGraphApi, type FakeGraphApi } from "../support/fake-graph-api.ts";
import { type FakePushService, startFakePushService } from "../support/fake-push-service.ts";
import { startFakeResend, type FakeResend } from "../support/fake-resend.ts";
import { databaseAt } from "../support/worker-session.ts";

/**
 * The reminders in workerd against sqld, as the cron runs them (README: "Reminders"), with Resend's and
 * the Graph API's stand-ins on 127.0.0.1. On a database of their own: their ticks, dated 2033, would
 * otherwise post the other worker tests' planned items before those tests' own ticks do.
 */
describe("the reminders in the built Worker", () => {
  let worker: Miniflare;
  let resend: FakeResend;
  let graph: FakeGraphApi;
  let push: FakePushService;
  let database: RunningProcess;
  const vapid = newVapidKeyPair();
  let databaseUrl: string;
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-reminders-"));
  const db = () => databaseAt(databaseUrl);
  const tick = async (iso: string, runs = 1) => {
    const handler = await worker.getWorker();
    const results = await Promise.all(
      Array.from({ length: runs }, () => handler.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date(iso) })),
    );
    expect(results.map((result) => result.outcome)).toEqual(Array(runs).fill("ok"));
  };

  beforeAll(async () => {
    database = await startDatabase({ dataDir, port: await freePort() });
    databaseUrl = database.url;
    await migrateDatabase(databaseUrl);
    resend = await startFakeResend();
    graph = await startFakeGraphApi();
    push = await startFakePushService();
    worker = startBuiltWorker({
      databaseUrl,
      vars: {
        RESEND_API_KEY: "re_worker_test",
        RESEND_BASE_URL: resend.url,
        WHATSAPP_ACCESS_TOKEN: "worker-test-token",
        WHATSAPP_PHONE_NUMBER_ID: "1000000001",
        WHATSAPP_GRAPH_API_URL: graph.url,
        WHATSAPP_REMINDER_TEMPLATES: JSON.stringify({ statement_due_3: "moneta_fatura_3_dias" }),
        ...vapid,
        VAPID_SUBJECT: "mailto:reminders@moneta.test",
      },
    });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.dispose();
    await resend?.close();
    await graph?.close();
    await push?.close();
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Workspaces whose card statement is due three days after `today`, each with an owner and a member. */
  async function householdsDueOn(today: string, count: number, timeZone: string) {
    const people: string[] = [];
    const workspaceIds: string[] = [];
    for (let index = 0; index < count; index++) {
      const owner = await insertUser(db(), { email: `owner-${crypto.randomUUID()}@example.com` });
      const member = await insertUser(db(), { email: `member-${crypto.randomUUID()}@example.com`, language: "pt-BR" });
      const workspace = await insertWorkspace(db(), { ownerId: owner.id, timeZone, currency: "BRL" });
      await addMember(db(), { workspaceId: workspace.id, userId: member.id, role: "member" });
      const account = await insertAccount(db(), { workspaceId: workspace.id, initialBalanceCents: 1_000_000 });
      const dueDay = Number(today.slice(8)) + 3;
      const card = await insertCard(db(), {
        workspaceId: workspace.id,
        accountId: account.id,
        name: "Nubank",
        billingCycleDay: dueDay - 10,
        dueDay,
      });
      // A purchase on the statement's closing day, as the ledger writes it (the rollups follow by trigger).
      await db()
        .insert(transactions)
        .values({
          workspaceId: workspace.id,
          kind: "expense",
          description: "Mercado",
          date: `${today.slice(0, 8)}${String(dueDay - 10).padStart(2, "0")}`,
          amountCents: 12_050,
          currency: "BRL",
          destinationAmountCents: 12_050,
          destinationCurrency: "BRL",
          originCardId: card.id,
          originCardMode: "credit",
        });
      await db().update(cards).set({ debtCents: 12_050 }).where(eq(cards.id, card.id));
      people.push(owner.email, member.email);
      workspaceIds.push(workspace.id);
    }
    return { people, workspaceIds };
  }

  /** The workspace's people get statements due by WhatsApp only, on a linked phone each. */
  async function byWhatsApp(workspaceIds: readonly string[]) {
    const members = await db()
      .select({ userId: sql<string>`user_id` })
      .from(sql`workspace_members`)
      .where(sql`workspace_id in ${workspaceIds}`);
    const phones: string[] = [];
    for (const { userId } of members) {
      const phone = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
      phones.push(phone);
      await db().insert(botLinks).values({ userId, phone, linkedAt: "2033-01-01T00:00:00.000Z" });
      await db()
        .insert(reminderSettings)
        .values({
          userId,
          choices: JSON.stringify({ statement_due: { email: false, whatsapp: true } }),
          updatedAt: "2033-01-01T00:00:00.000Z",
        });
    }
    return phones;
  }

  const mailsTo = (people: readonly string[]) => resend.sent.filter((mail) => people.includes(String(mail.to)));

  it("sends each reminder once under ten overlapping runs, with a slow provider", async () => {
    const { people } = await householdsDueOn("2033-05-14", 20, "America/Sao_Paulo");
    resend.delay(200);
    try {
      // 09:00 in São Paulo: decided and sent in the same tick.
      await tick("2033-05-14T12:00:00.000Z", 10);
      await tick("2033-05-14T12:05:00.000Z", 10);
    } finally {
      resend.delay(0);
    }
    const mails = mailsTo(people);
    expect(mails).toHaveLength(40);
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(40);
    expect(mails.filter((mail) => mail.subject === "Nubank: a fatura vence em 3 dias")).toHaveLength(20);
    expect(mails.filter((mail) => mail.subject === "Nubank: the statement is due in 3 days")).toHaveLength(20);
  });

  it("retries a failing provider with a growing wait and sends once it answers; never before the hour", async () => {
    const { people, workspaceIds } = await householdsDueOn("2033-06-14", 3, "America/Sao_Paulo");
    // 07:55 in São Paulo: decided, not sent.
    await tick("2033-06-14T10:55:00.000Z");
    expect(mailsTo(people)).toEqual([]);
    resend.failWith(500);
    try {
      await tick("2033-06-14T11:00:00.000Z", 3);
      expect(mailsTo(people)).toEqual([]);
      const waiting = await db()
        .select({ status: notifications.status, attempts: notifications.attempts })
        .from(notifications)
        .where(and(inArray(notifications.workspaceId, workspaceIds), eq(notifications.channel, "email")));
      expect(waiting).toEqual(Array.from({ length: 6 }, () => ({ status: "waiting", attempts: 1 })));
      // Within the minute's wait nothing is tried again.
      await tick("2033-06-14T11:00:30.000Z");
    } finally {
      resend.failWith(null);
    }
    await tick("2033-06-14T11:02:00.000Z", 3);
    expect(mailsTo(people)).toHaveLength(6);
    const sent = await db()
      .select({ status: notifications.status, attempts: notifications.attempts })
      .from(notifications)
      .where(and(inArray(notifications.workspaceId, workspaceIds), eq(notifications.channel, "email")));
    expect(sent).toEqual(Array.from({ length: 6 }, () => ({ status: "sent", attempts: 2 })));
  });

  it("sends at 08:00 on the day the clocks spring forward, an hour earlier in UTC than the day before", async () => {
    // New York moves to daylight time on Sunday 13 March 2033: 08:00 is 12:00 UTC that day, 13:00 the day before.
    const { people } = await householdsDueOn("2033-03-13", 1, "America/New_York");
    await tick("2033-03-13T11:59:00.000Z");
    expect(mailsTo(people)).toEqual([]);
    await tick("2033-03-13T12:00:00.000Z");
    expect(mailsTo(people)).toHaveLength(2);
    const rows = await db()
      .select({ sendAfter: notifications.sendAfter, n: sql<number>`count(*)` })
      .from(notifications)
      .where(and(eq(notifications.about, "2033-03-16"), eq(notifications.kind, "statement_due")))
      .groupBy(notifications.sendAfter);
    expect(rows.map((row) => row.sendAfter)).toEqual(["2033-03-13T12:00:00.000Z"]);
  });

  it("pushes a reminder once to each browser a person turned them on in, encrypted for it, and forgets one that is gone", async () => {
    const { people, workspaceIds } = await householdsDueOn("2033-08-14", 1, "America/Sao_Paulo");
    const [ownerEmail, memberEmail] = people as [string, string];
    const members = await db()
      .select({ userId: sql<string>`user_id`, email: sql<string>`(select email from users where id = user_id)` })
      .from(sql`workspace_members`)
      .where(sql`workspace_id in ${workspaceIds}`);
    const ownerId = members.find((member) => member.email === ownerEmail)!.userId;
    const memberId = members.find((member) => member.email === memberEmail)!.userId;
    // The owner on a phone and a laptop whose browser has since been reset; the member on one phone.
    const [phone, laptop, membersPhone] = [push.newBrowser(), push.newBrowser(), push.newBrowser()];
    push.forget(laptop.id);
    for (const [userId, browser] of [
      [ownerId, phone],
      [ownerId, laptop],
      [memberId, membersPhone],
    ] as const)
      await db()
        .insert(pushSubscriptions)
        .values({
          userId,
          endpoint: browser.subscription.endpoint,
          ...browser.subscription.keys,
          createdAt: "2033-08-01T00:00:00.000Z",
        });

    await tick("2033-08-14T12:00:00.000Z", 5);
    await tick("2033-08-14T12:05:00.000Z", 5);
    const pushed = push.received.filter((message) => [phone.id, membersPhone.id].includes(message.device));
    expect(push.refusals).toEqual([]);
    expect(pushed.map(({ device, payload }) => ({ device, payload }))).toEqual(
      expect.arrayContaining([
        {
          device: phone.id,
          payload: {
            title: "Nubank: the statement is due in 3 days",
            body: expect.stringContaining("R$120.50"),
            url: expect.stringMatching(new RegExp(`^/workspaces/${workspaceIds[0]}/cards\\?card=`)),
            tag: expect.any(String),
          },
        },
        {
          device: membersPhone.id,
          payload: {
            title: "Nubank: a fatura vence em 3 dias",
            body: "Faltam R$\u00a0120,50 para pagar até 17 de ago. de 2033.",
            url: expect.stringMatching(new RegExp(`^/workspaces/${workspaceIds[0]}/cards\\?card=`)),
            tag: expect.any(String),
          },
        },
      ]),
    );
    expect(pushed).toHaveLength(2);
    expect(new Set(pushed.map((message) => message.vapidKey))).toEqual(new Set([vapid.VAPID_PUBLIC_KEY]));
    const left = await db()
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, [ownerId, memberId]));
    expect(left.map((row) => row.endpoint).sort()).toEqual(
      [phone.subscription.endpoint, membersPhone.subscription.endpoint].sort(),
    );
    const rows = await db()
      .select({ status: notifications.status })
      .from(notifications)
      .where(and(inArray(notifications.workspaceId, workspaceIds), eq(notifications.channel, "push")));
    expect(rows).toEqual([{ status: "sent" }, { status: "sent" }]);
  });

  it("sends WhatsApp reminders as their approved templates, named parameters filled", async () => {
    const { workspaceIds } = await householdsDueOn("2033-07-14", 1, "America/Sao_Paulo");
    const phones = await byWhatsApp(workspaceIds);
    await tick("2033-07-14T12:00:00.000Z", 5);
    const sent = graph.sent.filter((message) => phones.includes(message.to));
    expect(sent.map((message) => message.template).sort((a, b) => a!.language.localeCompare(b!.language))).toEqual([
      {
        name: "moneta_fatura_3_dias",
        language: "en_US",
        parameters: { name: "Nubank", amount: "R$120.50", due: "Jul 17, 2033" },
      },
      {
        name: "moneta_fatura_3_dias",
        language: "pt_BR",
        parameters: { name: "Nubank", amount: "R$\u00a0120,50", due: "17 de jul. de 2033" },
      },
    ]);
  });

  it("sends a reminder by e-mail when Meta refuses its WhatsApp template", async () => {
    const { people, workspaceIds } = await householdsDueOn("2033-08-14", 1, "America/Sao_Paulo");
    const phones = await byWhatsApp(workspaceIds);
    graph.refuseTemplate("moneta_fatura_3_dias");
    try {
      await tick("2033-08-14T12:00:00.000Z");
      await tick("2033-08-14T12:05:00.000Z");
    } finally {
      graph.refuseTemplate(null);
    }
    expect(graph.sent.filter((message) => phones.includes(message.to))).toEqual([]);
    expect(
      mailsTo(people)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(["Nubank: a fatura vence em 3 dias", "Nubank: the statement is due in 3 days"]);
    const whatsapp = await db()
      .select({ status: notifications.status, attempts: notifications.attempts })
      .from(notifications)
      .where(and(inArray(notifications.workspaceId, workspaceIds), eq(notifications.channel, "whatsapp")));
    expect(whatsapp).toEqual([
      { status: "failed", attempts: 1 },
      { status: "failed", attempts: 1 },
    ]);
  });
});
