import { eq, or } from "drizzle-orm";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { insertAccount, insertCard } from "../../db/factories.ts";
import { accounts, cards, transactions } from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { startHoldingProxy } from "../support/holding-proxy.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";

/**
 * Two writes over the same rows, one landing between the other's read and write (the proxy holds
 * one request's write until the other has finished): a delete and a write that uses the same
 * account or card, and two edits of one transaction. The loser is answered 409 with a code that
 * says why and writes nothing — never the 500 a foreign key failure used to be.
 */
describe("writes racing over the same rows, in the built Worker", () => {
  let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  let worker: Miniflare;
  let owner: Awaited<ReturnType<typeof workspaceOwnerIn>>;
  const db = () => databaseAt(inject("databaseUrl"));

  beforeAll(async () => {
    proxy = await startHoldingProxy(inject("databaseUrl"));
    worker = startBuiltWorker({ databaseUrl: proxy.url });
    await worker.ready;
    owner = await workspaceOwnerIn(db());
  });
  afterAll(async () => {
    await worker?.dispose();
    await proxy?.stop();
  });

  async function send(method: string, rest: string, json?: unknown) {
    const init = { method, headers: owner.json, body: json === undefined ? undefined : JSON.stringify(json) };
    const response = await worker.dispatchFetch(
      `http://127.0.0.1/api/workspaces/${owner.workspace.id}${rest}`,
      init as never,
    );
    const body = (await response.json()) as { code?: string };
    return { status: response.status, code: body.code };
  }
  const expense = (accountId: string) => ({
    type: "expense",
    amount: "10.00",
    description: "Race",
    origin_id: `account:${accountId}`,
  });
  const newCard = (accountId: string) => ({
    name: "Race",
    type: "credit",
    account_uuid: accountId,
    credit_limit: "1000.00",
    billing_cycle_day: 10,
  });

  it("keeps an account a transaction was recorded in after the delete read it: 409 ACCOUNT_HAS_TRANSACTIONS", async () => {
    const account = await insertAccount(db(), { workspaceId: owner.workspace.id });
    const held = proxy.holdNext('delete from "accounts"');
    const removal = send("DELETE", `/accounts/${account.id}`);
    await held.reached;
    expect(await send("POST", "/transactions", expense(account.id))).toMatchObject({ status: 201 });
    held.release();
    expect(await removal).toEqual({ status: 409, code: "ACCOUNT_HAS_TRANSACTIONS" });
  });

  it("refuses a transaction whose account was deleted after it was read: 409 REFERENCED_ITEM_DELETED, nothing written", async () => {
    const account = await insertAccount(db(), { workspaceId: owner.workspace.id });
    const held = proxy.holdNext('insert into "transactions"');
    const recording = send("POST", "/transactions", expense(account.id));
    await held.reached;
    expect(await send("DELETE", `/accounts/${account.id}`)).toMatchObject({ status: 200 });
    held.release();
    expect(await recording).toEqual({ status: 409, code: "REFERENCED_ITEM_DELETED" });
    expect(await db().select().from(transactions).where(eq(transactions.originAccountId, account.id))).toEqual([]);
  });

  it("keeps an account a card was linked to after the delete read it, and refuses a card whose account went", async () => {
    const first = await insertAccount(db(), { workspaceId: owner.workspace.id });
    const heldDelete = proxy.holdNext('delete from "accounts"');
    const removal = send("DELETE", `/accounts/${first.id}`);
    await heldDelete.reached;
    expect(await send("POST", "/cards", newCard(first.id))).toMatchObject({ status: 201 });
    heldDelete.release();
    expect(await removal).toEqual({ status: 409, code: "ACCOUNT_HAS_CARDS" });

    const second = await insertAccount(db(), { workspaceId: owner.workspace.id });
    const heldInsert = proxy.holdNext('insert into "cards"');
    const creation = send("POST", "/cards", newCard(second.id));
    await heldInsert.reached;
    expect(await send("DELETE", `/accounts/${second.id}`)).toMatchObject({ status: 200 });
    heldInsert.release();
    expect(await creation).toEqual({ status: 409, code: "REFERENCED_ITEM_DELETED" });
    expect(await db().select().from(cards).where(eq(cards.accountId, second.id))).toEqual([]);
  });

  it("keeps a card a purchase was made with after the delete read it, and refuses a purchase whose card went", async () => {
    const first = await insertCard(db(), { workspaceId: owner.workspace.id, accountId: owner.account.id });
    const heldDelete = proxy.holdNext('delete from "cards"');
    const removal = send("DELETE", `/cards/${first.id}`);
    await heldDelete.reached;
    expect(await send("POST", `/cards/${first.id}/purchase`, { amount: "10.00", description: "Race" })).toMatchObject({
      status: 201,
    });
    heldDelete.release();
    expect(await removal).toEqual({ status: 409, code: "CARD_HAS_TRANSACTIONS" });

    const second = await insertCard(db(), { workspaceId: owner.workspace.id, accountId: owner.account.id });
    const heldInsert = proxy.holdNext('insert into "transactions"');
    const purchase = send("POST", `/cards/${second.id}/purchase`, { amount: "10.00", description: "Race" });
    await heldInsert.reached;
    expect(await send("DELETE", `/cards/${second.id}`)).toMatchObject({ status: 200 });
    heldInsert.release();
    expect(await purchase).toEqual({ status: 409, code: "REFERENCED_ITEM_DELETED" });
    const stored = await db()
      .select()
      .from(transactions)
      .where(or(eq(transactions.originCardId, second.id), eq(transactions.destinationCardId, second.id)));
    expect(stored).toEqual([]);
  });
  it("answers the slower of two edits of one transaction 409 TRANSACTION_CHANGED, and its balance change is not applied", async () => {
    const account = await insertAccount(db(), { workspaceId: owner.workspace.id, initialBalanceCents: 100_000 });
    const created = await worker.dispatchFetch(`http://127.0.0.1/api/workspaces/${owner.workspace.id}/transactions`, {
      method: "POST",
      headers: owner.json,
      body: JSON.stringify(expense(account.id)),
    } as never);
    const { data } = (await created.json()) as { data: { uuid: string } };
    const edit = (amount: string) => send("PUT", `/transactions/${data.uuid}`, { ...expense(account.id), amount });
    const held = proxy.holdNext('update "transactions"');
    const slower = edit("30.00");
    await held.reached;
    expect(await edit("20.00")).toMatchObject({ status: 200 });
    held.release();
    expect(await slower).toEqual({ status: 409, code: "TRANSACTION_CHANGED" });
    const [stored] = await db().select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored?.balanceCents).toBe(100_000 - 2_000);
  });
});
