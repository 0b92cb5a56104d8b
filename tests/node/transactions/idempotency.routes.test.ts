import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { idempotencyKeys, transactions } from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, type SignedIn } from "../../support/workspaces.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

/** docs/api.md, "Retries": Idempotency-Key on the POSTs that move money. */
describe("Idempotency-Key on money writes", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });

  const expense = (amount = "12.50") => ({
    type: "expense",
    origin_id: `account:${h.checking.id}`,
    amount,
    description: "Padaria",
  });
  const post = (path: string, body: unknown, key: string | null, who: SignedIn = h.member) =>
    t.request(path, {
      method: "POST",
      token: who.token,
      json: body,
      headers: key === null ? {} : { "Idempotency-Key": key },
    });
  const record = (body: unknown, key: string | null, who?: SignedIn) => post(h.path(), body, key, who);
  const rowsOfWorkspace = async () =>
    (await t.db.select().from(transactions).where(eq(transactions.workspaceId, h.workspaceId))).length;

  it("answers a retry with the first status and body, marked as replayed, writing nothing again", async () => {
    const first = await record(expense(), "retry-1");
    const retry = await record(expense(), "retry-1");
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await retry.text()).toBe(await first.text());
    expect(await rowsOfWorkspace()).toBe(1);
    expect(await h.balances()).toMatchObject({ checking: 100_000 - 1_250 });
  });

  it("recognises the same request in the other payload form, whatever the key order", async () => {
    const first = await record(
      { description: "Padaria", amount: 12.5, origin_id: `account:${h.checking.id}`, type: "expense" },
      "forms",
    );
    const retry = await record(
      { type: "expense", value: "12.50", description: "Padaria", origin_account_uuid: h.checking.id },
      "forms",
    );
    expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await retry.json()).data.uuid).toBe((await first.json()).data.uuid);
    expect(await rowsOfWorkspace()).toBe(1);
  });

  it("refuses the same key with a different body (422 IDEMPOTENCY_KEY_REUSED), changing nothing", async () => {
    await record(expense("12.50"), "reused");
    const before = await snapshotDatabase(t.db);
    const other = await record(expense("99.00"), "reused");
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", request_id: expect.any(String) });
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("keeps each user's keys apart: another member's same key is a request of its own", async () => {
    const mine = await record(expense(), "shared-key");
    const theirs = await record(expense(), "shared-key", h.admin);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await theirs.json()).data.uuid).not.toBe((await mine.json()).data.uuid);
    expect(await rowsOfWorkspace()).toBe(2);
  });

  it("forgets a key after 24 hours: the same request writes again, and expired keys are cleared", async () => {
    await record(expense(), "day-old");
    await record(expense("1.00"), "other-day-old");
    t.clock.set("2026-11-22T14:59:59.999Z");
    expect((await record(expense(), "day-old")).headers.get("Idempotent-Replayed")).toBe("true");
    t.clock.set("2026-11-22T15:00:00.000Z");
    const again = await record(expense(), "day-old");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await rowsOfWorkspace()).toBe(3);
    expect(await h.balances()).toMatchObject({ checking: 100_000 - 2 * 1_250 - 100 });
    // The expired row made way for the new one, and the keyed write cleared the other expired key.
    expect((await t.db.select().from(idempotencyKeys)).map((row) => row.key)).toEqual(["day-old"]);
  });

  it("lets exactly one of many concurrent requests with one key write, and answers all with its answer", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => record(expense(), "burst")));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(bodies).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("Idempotent-Replayed") === "true")).toHaveLength(7);
    expect(await rowsOfWorkspace()).toBe(1);
    expect(await h.balances()).toMatchObject({ checking: 100_000 - 1_250 });
  });

  it("refuses a malformed key with 400 IDEMPOTENCY_KEY_INVALID before writing anything", async () => {
    const before = await snapshotDatabase(t.db);
    for (const key of ["", "x".repeat(256), "café"]) {
      const answer = await record(expense(), key);
      expect(answer.status, JSON.stringify(key)).toBe(400);
      expect((await answer.json()).code).toBe("IDEMPOTENCY_KEY_INVALID");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect((await record(expense(), "k".repeat(255))).status).toBe(201);
  });

  it("changes nothing without the header: each request writes", async () => {
    await record(expense(), null);
    await record(expense(), null);
    expect(await rowsOfWorkspace()).toBe(2);
    expect(await t.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it("replays card purchases and payments, and tells them apart from other requests under the same key", async () => {
    const cards = `/api/workspaces/${h.workspaceId}/cards/${h.credit.id}`;
    const purchase = { amount: "300.00", description: "TV" };
    const bought = await post(`${cards}/purchase`, purchase, "card-1");
    const boughtAgain = await post(`${cards}/purchase`, purchase, "card-1");
    expect(boughtAgain.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await boughtAgain.text()).toBe(await bought.text());
    const paid = await post(`${cards}/payment`, { amount: "100.00" }, "card-2");
    const paidAgain = await post(`${cards}/payment`, { amount: "100.00" }, "card-2");
    expect([paid.status, paidAgain.status]).toEqual([201, 201]);
    expect(paidAgain.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await h.balances()).toMatchObject({ creditDebt: 20_000, checking: 90_000 });
    // The same key on another path is another request.
    expect((await post(`${cards}/payment`, purchase, "card-1")).status).toBe(422);
  });
});
