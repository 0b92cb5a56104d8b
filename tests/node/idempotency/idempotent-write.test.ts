import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertUser, insertWorkspace } from "../../../db/factories.ts";
import { tags } from "../../../db/schema/index.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { canonicalJson, requestFingerprint } from "../../../worker/idempotency/idempotency-key.ts";
import { created, idempotentWrite } from "../../../worker/idempotency/idempotent-write.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testServiceContext } from "../../support/service-context.ts";

/**
 * Two requests with one key that both read before either wrote: the race the unique key row
 * settles. Driven step by step here (the route tests cannot make Node interleave them reliably).
 */
describe("idempotent writes racing on one key", () => {
  async function twins(secondBody: unknown = { amount: 1250 }) {
    const db = await createTestDatabase();
    const user = await insertUser(db);
    const ctx = actingAs(testServiceContext(db), {
      type: "person",
      userId: user.id,
      sessionId: "a-session",
      via: "bearer",
    });
    const workspace = await insertWorkspace(db, { ownerId: user.id });
    const path = `/api/workspaces/${workspace.id}/transactions`;
    const first = await idempotentWrite(ctx, workspace.id, {
      key: "k-1",
      method: "POST",
      path,
      body: { amount: 1250 },
    });
    const second = await idempotentWrite(ctx, workspace.id, { key: "k-1", method: "POST", path, body: secondBody });
    // Both read before either writes: neither finds the key.
    const [firstFound, secondFound] = await db.batch([first.lookups.storedAnswer!, second.lookups.storedAnswer!]);
    expect([first.replayOf(firstFound[0]), second.replayOf(secondFound[0])]).toEqual([null, null]);
    /** A write's batch: the key first, then a row standing for the money it moves. */
    const write = (twin: typeof first, name: string) =>
      twin.commit<{ data: { name: string } }>(
        db.batch([
          ...twin.record(created({ name })),
          db.insert(tags).values({ workspaceId: workspace.id, name, color: "#000000" }),
        ] as never),
      );
    const tagNames = async () =>
      (await db.select({ name: tags.name }).from(tags).where(eq(tags.workspaceId, workspace.id))).map(
        (row) => row.name,
      );
    return { first, second, write, tagNames };
  }

  it("lets the first commit and answers the second with the first's stored answer, rolling its batch back", async () => {
    const { first, second, write, tagNames } = await twins();
    expect(await write(first, "winner")).toBeNull();
    expect(await write(second, "loser")).toEqual({ status: 201, body: { data: { name: "winner" } }, isReplay: true });
    expect(await tagNames()).toEqual(["winner"]);
  });

  it("answers 422 IDEMPOTENCY_KEY_REUSED to a twin that asked for something else", async () => {
    const { first, second, write, tagNames } = await twins({ amount: 9_900 });
    await write(first, "winner");
    await expect(write(second, "loser")).rejects.toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED", status: 422 });
    expect(await tagNames()).toEqual(["winner"]);
  });
});

describe("request fingerprints", () => {
  it("ignore key order and absent fields, and tell method, path and body apart", async () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
    const base = await requestFingerprint("POST", "/p", { a: 1, b: 2 });
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(await requestFingerprint("post", "/p", { b: 2, a: 1 })).toBe(base);
    expect(await requestFingerprint("POST", "/q", { a: 1, b: 2 })).not.toBe(base);
    expect(await requestFingerprint("POST", "/p", { a: 1, b: 3 })).not.toBe(base);
  });
});
