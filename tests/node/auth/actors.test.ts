import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addMember, insertAccount, insertUser, insertWorkspace } from "../../../db/factories.ts";
import type { Database } from "../../../db/client.ts";
import { newId } from "../../../db/ids.ts";
import { accounts, sessions, transactions } from "../../../db/schema/index.ts";
import { actingAs, type Actor } from "../../../worker/access/actor.ts";
import { batchAsActor, readInWorkspace } from "../../../worker/access/actor-access.ts";
import { listTransactions } from "../../../worker/transactions/transaction-reads.service.ts";
import { transactionFiltersSchema, transactionSchema } from "../../../worker/transactions/transactions.schemas.ts";
import { toListedTransaction } from "../../../worker/transactions/transactions.mapper.ts";
import { createTransaction } from "../../../worker/transactions/transactions.service.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testServiceContext } from "../../support/service-context.ts";

/** A session row that is live at the test clock's now (2026-11-21T12:00Z). */
async function liveSession(db: Database, userId: string) {
  const id = newId();
  const now = "2026-11-21T12:00:00.000Z";
  await db
    .insert(sessions)
    .values({ id, userId, createdAt: now, lastSeenAt: now, expiresAt: "2026-12-21T12:00:00.000Z" });
  return id;
}

/**
 * The three kinds of actor a service verb may act for (worker/access/actor-access.ts): a person
 * needs a live session, the chat-bot needs its user's membership and role, a job needs only the
 * workspace it was handed an item of.
 */
describe("service verbs acting for a person, the chat-bot or a job", () => {
  async function household() {
    const db = await createTestDatabase();
    const owner = await insertUser(db);
    const workspace = await insertWorkspace(db, { ownerId: owner.id, currency: "BRL" });
    const account = await insertAccount(db, { workspaceId: workspace.id, initialBalanceCents: 100_000 });
    const ctx = (actor: Actor) => actingAs(testServiceContext(db), actor);
    const expense = (description: string) =>
      transactionSchema.parse({
        type: "expense",
        amount: "45.90",
        description,
        date: "2026-11-20",
        origin: `account:${account.id}`,
      });
    const balance = async () => (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.balanceCents;
    return { db, owner, workspace, account, ctx, expense, balance };
  }

  it("posts as a scheduled job without any session, recorded as the job's and nobody's", async () => {
    const { db, workspace, ctx, expense, balance } = await household();
    const job = ctx({ type: "system", job: "due-items" });

    const answer = await createTransaction({ ctx: job, input: { workspaceId: workspace.id, ...expense("Aluguel") } });

    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ created_by: null });
    expect(await balance()).toBe(100_000 - 4_590);
    const [row] = await db.select().from(transactions).where(eq(transactions.id, answer.body.data.uuid));
    expect(row).toMatchObject({ createdBy: null, createdVia: "system:due-items" });
    const listed = await listTransactions({
      ctx: job,
      input: { workspaceId: workspace.id, filters: transactionFiltersSchema.parse({}) },
    });
    expect(listed.data[0]).toMatchObject({ created_by: null, created_via: { type: "system", job: "due-items" } });
    expect(toListedTransaction(listed.data[0]!).automated).toBe("system");
  });

  it("records the bot's writes under its linked user, marked as the bot's", async () => {
    const { db, owner, workspace, ctx, expense } = await household();
    const bot = ctx({ type: "bot", userId: owner.id, channel: "whatsapp" });

    const answer = await createTransaction({ ctx: bot, input: { workspaceId: workspace.id, ...expense("Mercado") } });

    expect(answer.body.data).toMatchObject({
      created_by: { uuid: owner.id, name: owner.name },
      created_via: { type: "bot", channel: "whatsapp" },
    });
    const [row] = await db.select().from(transactions).where(eq(transactions.id, answer.body.data.uuid));
    expect(row).toMatchObject({ createdBy: owner.id, createdVia: "bot:whatsapp" });
    expect(toListedTransaction(answer.body.data).automated).toBe("bot");
    const byHand = await createTransaction({
      ctx: ctx({ type: "person", userId: owner.id, sessionId: await liveSession(db, owner.id), via: "bearer" }),
      input: { workspaceId: workspace.id, ...expense("Padaria") },
    });
    expect(byHand.body.data.created_via).toEqual({ type: "person" });
    expect(toListedTransaction(byHand.body.data).automated).toBeNull();
  });

  it("refuses the bot in a workspace its user is not a member of, as not found, and writes nothing", async () => {
    const { db, workspace, ctx, expense, balance } = await household();
    const stranger = await insertUser(db);
    const bot = ctx({ type: "bot", userId: stranger.id, channel: "whatsapp" });

    await expect(
      createTransaction({ ctx: bot, input: { workspaceId: workspace.id, ...expense("Intruso") } }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.select().from(transactions).where(eq(transactions.workspaceId, workspace.id))).toEqual([]);
    expect(await balance()).toBe(100_000);
  });

  it("refuses a viewer's bot a write, but lets it read", async () => {
    const { db, workspace, ctx, expense, balance } = await household();
    const viewer = await insertUser(db);
    await addMember(db, { workspaceId: workspace.id, userId: viewer.id, role: "viewer" });
    const bot = ctx({ type: "bot", userId: viewer.id, channel: "whatsapp" });

    await expect(
      createTransaction({ ctx: bot, input: { workspaceId: workspace.id, ...expense("Café") } }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await balance()).toBe(100_000);
    const listed = await listTransactions({
      ctx: bot,
      input: { workspaceId: workspace.id, filters: transactionFiltersSchema.parse({}) },
    });
    expect(listed.meta.total).toBe(0);
  });

  it("refuses a person whose session row does not exist, whatever the membership", async () => {
    const { owner, workspace, ctx, expense, balance } = await household();
    const person = ctx({ type: "person", userId: owner.id, sessionId: crypto.randomUUID(), via: "bearer" });

    await expect(
      createTransaction({ ctx: person, input: { workspaceId: workspace.id, ...expense("Sem sessão") } }),
    ).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    expect(await balance()).toBe(100_000);
  });

  it("answers a job handed a workspace that is gone as not found, and never lets a job read outside one", async () => {
    const { ctx } = await household();
    const job = ctx({ type: "system", job: "due-items" });

    await expect(readInWorkspace(job, crypto.randomUUID(), "finances.write", {})).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(batchAsActor(job as never, {})).rejects.toThrow(/only read inside the workspace/);
  });
});
