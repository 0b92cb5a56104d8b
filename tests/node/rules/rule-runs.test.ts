import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { transactions, users } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * Rules applied to transactions already written (README: "Rules"): scanned in chunks to show how many and
 * a sample, applied in chunks, and undone as one step — each change only while its transaction is as it
 * was, so a person's own edit in between is never overwritten.
 */
describe("applying rules to existing transactions", () => {
  async function household() {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    const transport = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Transporte" });
    // The reports are a paid tier's.
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
    const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
      return { status: response.status, body: await response.json() };
    };
    const spend = async (description: string, extra: Record<string, unknown> = {}) =>
      (
        await send("POST", "/transactions", {
          type: "expense",
          origin_id: `account:${h.checking.id}`,
          amount: "20.00",
          date: "2026-11-10",
          description,
          ...extra,
        })
      ).body.data.uuid as string;
    const rule = async () =>
      (
        await send("POST", "/rules", {
          name: "Uber",
          conditions: [{ field: "description", operator: "contains", value: "uber" }],
          actions: { set_tags: [transport.id], set_payee: "Uber", add_note: "corrida" },
        })
      ).body.data.uuid as string;
    const filing = async () =>
      Object.fromEntries(
        (
          (await send("GET", "/transactions?per_page=100")).body.data as {
            description: string;
            tags: { name: string }[];
            payee: { name: string } | null;
            note: string | null;
          }[]
        ).map((row) => [
          row.description,
          [row.tags.map((tag) => tag.name).join("+"), row.payee?.name ?? null, row.note],
        ]),
      );
    return { t, h, transport, send, spend, rule, filing };
  }

  it("scans, shows what would change, applies, and undoes as one step", async () => {
    const { h, send, spend, rule, filing } = await household();
    await spend("UBER *TRIP 8F2K", { tag_ids: [h.food.id] });
    await spend("Uber pro aeroporto", { note: "já tinha" });
    await spend("Padaria");
    const ruleId = await rule();
    const before = await filing();

    const run = await send("POST", "/rules/runs", { rule_id: ruleId });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    const runPath = `/rules/runs/${run.body.data.uuid}`;
    // Nothing changes until it is applied; applying before the scan is done is refused.
    expect((await send("POST", `${runPath}/apply`)).status).toBe(409);
    const scanned = await send("POST", `${runPath}/scan`);
    expect(scanned.body.data).toMatchObject({ status: "ready", scanned: 3, matched: 2 });
    expect(
      scanned.body.data.sample.map((change: { transaction: { description: string }; after: object }) => [
        change.transaction.description,
        change.after,
      ]),
    ).toEqual([
      ["UBER *TRIP 8F2K", { tag_ids: [expect.any(String)], payee: "Uber", note: "corrida" }],
      ["Uber pro aeroporto", { tag_ids: [expect.any(String)], payee: "Uber" }],
    ]);
    expect(await filing()).toEqual(before);

    const applied = await send("POST", `${runPath}/apply`);
    expect(applied.body.data).toMatchObject({ status: "applied", applied: 2, skipped: 0 });
    expect(await filing()).toEqual({
      "UBER *TRIP 8F2K": ["Transporte", "Uber", "corrida"],
      "Uber pro aeroporto": ["Transporte", "Uber", "já tinha"],
      Padaria: ["", null, null],
    });
    // The reports moved with the tags.
    const answered = await send("GET", "/analytics/category-breakdown?from=2026-11-01&to=2026-11-30");
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const breakdown = answered.body.data;
    expect(
      breakdown.categories.map((row: { tag: { name: string } | null; amount: string }) => [
        row.tag?.name ?? "none",
        row.amount,
      ]),
    ).toEqual([
      ["Transporte", "40.00"],
      ["none", "20.00"],
    ]);

    const undone = await send("POST", `${runPath}/undo`);
    expect(undone.body.data).toMatchObject({ status: "undone", undone: 2, kept: 0 });
    expect(await filing()).toEqual(before);
  });

  it("leaves a transaction the person edited in between as they left it", async () => {
    const { t, h, send, spend, rule, filing } = await household();
    const edited = await spend("Uber 1");
    const keptAfterApply = await spend("Uber 2");
    await rule();
    const run = (await send("POST", "/rules/runs", {})).body.data;
    const runPath = `/rules/runs/${run.uuid}`;
    await send("POST", `${runPath}/scan`);
    // Edited after the scan: its change is skipped.
    await send("PUT", `/transactions/${edited}`, {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "20.00",
      description: "Uber 1 (minha)",
      tag_ids: [h.home.id],
    });
    const applied = await send("POST", `${runPath}/apply`);
    expect(applied.body.data).toMatchObject({ applied: 1, skipped: 1 });
    // Edited after the apply: the undo keeps the person's edit.
    await send("PUT", `/transactions/${keptAfterApply}`, {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "25.00",
      description: "Uber 2",
      tag_ids: [h.food.id],
    });
    const undone = await send("POST", `${runPath}/undo`);
    expect(undone.body.data).toMatchObject({ status: "undone", undone: 0, kept: 1 });
    expect(await filing()).toEqual({ "Uber 1 (minha)": ["Home", null, null], "Uber 2": ["Food", "Uber", "corrida"] });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, keptAfterApply));
    expect(row!.amountCents).toBe(2_500);
  });

  it("walks any number of transactions a chunk at a time, and lets a viewer only look", async () => {
    const { t, h, send, rule } = await household();
    await rule();
    const rows = Array.from({ length: 2_050 }, (_, index) => ({
      id: crypto.randomUUID(),
      workspaceId: h.workspaceId,
      kind: "expense" as const,
      description: index % 2 ? `Uber ${index}` : `Mercado ${index}`,
      date: "2026-10-01",
      amountCents: 100,
      currency: "BRL" as const,
      destinationAmountCents: 100,
      destinationCurrency: "BRL" as const,
      originAccountId: h.checking.id,
      createdAt: "2026-10-01T00:00:00.000Z",
    }));
    for (let index = 0; index < rows.length; index += 500)
      await t.db.insert(transactions).values(rows.slice(index, index + 500));
    const run = (await send("POST", "/rules/runs", {})).body.data;
    const runPath = `/rules/runs/${run.uuid}`;
    expect((await send("POST", `${runPath}/scan`, undefined, h.viewer.token)).status).toBe(403);
    const first = await send("POST", `${runPath}/scan`);
    expect(first.body.data).toMatchObject({ status: "scanning", scanned: 2_000 });
    const second = await send("POST", `${runPath}/scan`);
    expect(second.body.data).toMatchObject({ status: "ready", scanned: 2_050, matched: 1_025 });
    let applied = await send("POST", `${runPath}/apply`);
    let calls = 1;
    while (applied.body.data.status !== "applied") {
      applied = await send("POST", `${runPath}/apply`);
      calls += 1;
    }
    expect(calls).toBe(11);
    expect(applied.body.data.applied).toBe(1_025);
    expect((await send("GET", runPath, undefined, h.viewer.token)).body.data.status).toBe("applied");
  }, 60_000);
});
