import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { transactionParts, transactions, users } from "../../../db/schema/index.ts";
import { batchOfStatements } from "../../../db/named-batch.ts";
import { runLedgerBatch } from "../../../worker/ledger/apply-effects.ts";
import { partsWritten } from "../../../worker/transactions/transaction-parts.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

/**
 * Split transactions and notes (README: "Split transactions"): a purchase at the market split between
 * Mercado and Limpeza moves the account once, and the breakdown and a budget on their category count each
 * part under its tag. The household files Mercado and Limpeza under Casa.
 */
describe("split transactions", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  let casa: string;
  let mercado: string;
  let limpeza: string;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
    // The reports are a paid tier's.
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
    casa = (await insertTag(t.db, { workspaceId: h.workspaceId, name: "Casa" })).id;
    mercado = (await insertTag(t.db, { workspaceId: h.workspaceId, name: "Mercado", parentId: casa })).id;
    limpeza = (await insertTag(t.db, { workspaceId: h.workspaceId, name: "Limpeza", parentId: casa })).id;
  });

  const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
    const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
    return { status: response.status, body: await response.json() };
  };
  const market = (extra: Record<string, unknown> = {}) => ({
    type: "expense",
    origin_id: `account:${h.checking.id}`,
    amount: "100.00",
    description: "Supermercado Dia",
    date: "2026-11-20",
    note: "Compra do mês",
    parts: [
      { amount: "80.00", tag_ids: [mercado], note: "Comida" },
      { amount: "20.00", tag_ids: [limpeza] },
    ],
    ...extra,
  });
  /** November's spending by tag name, as the breakdown answers it (a category's figures include its subcategories'). */
  const breakdown = async () => {
    const { body } = await send("GET", "/analytics/category-breakdown?from=2026-11-01&to=2026-11-30");
    return Object.fromEntries(
      body.data.categories.map((row: { tag: { name: string } | null; amount: string }) => [
        row.tag?.name ?? "none",
        row.amount,
      ]),
    );
  };

  it("moves the account once and files each part under its tags, with the notes", async () => {
    const created = await send("POST", "/transactions", market());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const answer = created.body.data;
    expect(answer.note).toBe("Compra do mês");
    expect(
      answer.parts.map((part: { amount: string; tags: { name: string }[]; note: string | null }) => [
        part.amount,
        part.tags.map((tag) => tag.name),
        part.note,
      ]),
    ).toEqual([
      ["80.00", ["Mercado"], "Comida"],
      ["20.00", ["Limpeza"], null],
    ]);
    expect(answer.tags.map((tag: { name: string }) => tag.name).sort()).toEqual(["Limpeza", "Mercado"]);
    expect((await h.balances()).checking).toBe(90_000);

    // Read back as written, in the list and alone.
    const read = await send("GET", `/transactions/${answer.uuid}`);
    expect(read.body.data.parts).toEqual(answer.parts);
    expect(read.body.data.note).toBe("Compra do mês");

    expect(await breakdown()).toMatchObject({
      Casa: "100.00",
      Mercado: "80.00",
      Limpeza: "20.00",
    });

    // A budget on the category counts both parts; one on a subcategory only its own.
    const onCasa = await send("POST", "/budgets", { tag_id: casa, amount: "500.00", start_month: "2026-11" });
    const onLimpeza = await send("POST", "/budgets", { tag_id: limpeza, amount: "50.00", start_month: "2026-11" });
    expect(onCasa.body.data.current_month.spent).toBe("100.00");
    expect(onLimpeza.body.data.current_month.spent).toBe("20.00");
  });

  it("edits a split: new parts, the parts kept without them, and un-split back to tags", async () => {
    const { body } = await send("POST", "/transactions", market());
    const id = body.data.uuid as string;

    const resplit = await send("PUT", `/transactions/${id}`, {
      ...market({ amount: "120.00" }),
      parts: [
        { amount: "60.00", tag_ids: [mercado] },
        { amount: "30.00", tag_ids: [limpeza] },
        { amount: "30.00", tag_ids: [h.food.id] },
      ],
    });
    expect(resplit.status, JSON.stringify(resplit.body)).toBe(200);
    expect(await breakdown()).toMatchObject({ Casa: "90.00", Food: "30.00", Limpeza: "30.00" });
    expect((await h.balances()).checking).toBe(88_000);

    // Without parts, an edit keeps them — so it keeps the amount and leaves the tags alone.
    const { parts: _parts, ...withoutParts } = market({ amount: "120.00", description: "Dia", note: null });
    const kept = await send("PUT", `/transactions/${id}`, withoutParts);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.parts).toHaveLength(3);
    expect(kept.body.data.note).toBeNull();
    const otherAmount = await send("PUT", `/transactions/${id}`, { ...withoutParts, amount: "130.00" });
    expect(otherAmount.status).toBe(422);
    expect(otherAmount.body.errors.amount).toBeDefined();
    const withTags = await send("PUT", `/transactions/${id}`, { ...withoutParts, tag_ids: [h.food.id] });
    expect(withTags.status).toBe(422);
    expect(withTags.body.errors.tag_ids).toBeDefined();
    const attached = await send("POST", `/transactions/${id}/tags/attach`, { tag_ids: [h.home.id] });
    expect(attached.status).toBe(422);

    // Un-split without tags: it keeps its parts' tags, each now counting the whole.
    const unsplit = await send("PUT", `/transactions/${id}`, { ...withoutParts, parts: null });
    expect(unsplit.status, JSON.stringify(unsplit.body)).toBe(200);
    expect(unsplit.body.data.parts).toBeNull();
    expect(unsplit.body.data.tags.map((tag: { name: string }) => tag.name).sort()).toEqual([
      "Food",
      "Limpeza",
      "Mercado",
    ]);
    expect(await t.db.select().from(transactionParts)).toEqual([]);
    expect(await breakdown()).toMatchObject({ Casa: "120.00", Food: "120.00" });
  });

  it("refuses parts that do not fit at the field, writing nothing", async () => {
    const other = await workspaceWithTeam(t);
    const foreign = await insertTag(t.db, { workspaceId: other.workspace.id, name: "Alheia" });
    const before = await snapshotDatabase(t.db);
    const refusals: [Record<string, unknown>, string][] = [
      [
        {
          parts: [
            { amount: "80.00", tag_ids: [mercado] },
            { amount: "19.99", tag_ids: [limpeza] },
          ],
        },
        "parts",
      ],
      [{ parts: [{ amount: "100.00", tag_ids: [mercado] }] }, "parts"],
      [
        {
          parts: [
            { amount: "80.00", tag_ids: [mercado] },
            { amount: "20.00", tag_ids: [] },
          ],
        },
        "parts.1.tag_ids",
      ],
      [
        {
          parts: [
            { amount: "80.00", tag_ids: [mercado] },
            { amount: "0", tag_ids: [limpeza] },
          ],
        },
        "parts.1.amount",
      ],
      [{ tag_ids: [h.food.id] }, "tag_ids"],
      [
        {
          type: "transfer",
          destination_id: `account:${h.dollars.id}`,
          currency_conversion: "0.2",
        },
        "parts",
      ],
      [{ note: "x".repeat(1001) }, "note"],
    ];
    for (const [change, field] of refusals) {
      const refused = await send("POST", "/transactions", market(change));
      expect(refused.status, field).toBe(422);
      expect(Object.keys(refused.body.errors), JSON.stringify(refused.body)).toContain(field);
    }
    const sums = await send("POST", "/transactions", market(refusals[0]![0]));
    expect(sums.body.errors.parts[0]).toBe("The parts add up to 99.99, but the transaction is 100.00");

    // A tag of another workspace on a part is not found there.
    const foreignPart = await send(
      "POST",
      "/transactions",
      market({
        parts: [
          { amount: "80.00", tag_ids: [foreign.id] },
          { amount: "20.00", tag_ids: [limpeza] },
        ],
      }),
    );
    expect(foreignPart.status).toBe(422);
    expect(foreignPart.body.errors["parts.0.tag_ids"]).toBeDefined();

    // A viewer reads, never splits.
    expect((await send("POST", "/transactions", market(), h.viewer.token)).status).toBe(403);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("checks in the write's own batch that the parts sum to the amount", async () => {
    const { body } = await send("POST", "/transactions", market());
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, body.data.uuid));
    const parts = [
      { id: crypto.randomUUID(), amountUnits: 5_000, tagIds: [mercado], note: null },
      { id: crypto.randomUUID(), amountUnits: 4_000, tagIds: [limpeza], note: null },
    ];
    // As a write that got its sum wrong would send it: the batch refuses and nothing changes.
    const before = await snapshotDatabase(t.db);
    await expect(
      runLedgerBatch(batchOfStatements(t.db, partsWritten(t.db, row!.id, row!.revision, row!.amountCents, parts))),
    ).rejects.toMatchObject({ status: 422 });
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("finds a transaction by its note or a part's, and asks where parts go when their tag is deleted", async () => {
    await send("POST", "/transactions", market());
    await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "10.00",
      description: "Padaria",
      date: "2026-11-20",
    });
    const byNote = await send("GET", "/transactions?search=do%20m%C3%AAs");
    expect(byNote.body.data.map((row: { description: string }) => row.description)).toEqual(["Supermercado Dia"]);
    const byPartNote = await send("GET", "/transactions?search=comida");
    expect(byPartNote.body.data.map((row: { description: string }) => row.description)).toEqual(["Supermercado Dia"]);
    expect(byPartNote.body.meta.total).toBe(1);

    const refused = await send("DELETE", `/tags/${limpeza}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.move_to).toBeDefined();
    const moved = await send("DELETE", `/tags/${limpeza}?move_to=${h.home.id}`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await breakdown()).toMatchObject({ Casa: "80.00", Home: "20.00", Mercado: "80.00" });

    // Merging the part's tag into another moves the share with it.
    const merged = await send("POST", `/tags/${mercado}/merge`, { into: h.food.id });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const after = await breakdown();
    expect(after).toMatchObject({ Food: "80.00", Home: "20.00" });
    expect(after.Casa).toBeUndefined();
  });
});
