import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { samplePictures } from "../../../db/factories.ts";
import { eq } from "drizzle-orm";
import { users, workspaces } from "../../../db/schema/index.ts";
import { startR2Bucket } from "../../support/r2-bucket.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { recordedIn, sampleLedgerIn, splitPurchaseIn } from "../exports/sample-ledger.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

/**
 * The round trip of Moneta's own archive: a workspace downloaded and restored is a new workspace whose
 * accounts, cards, statements, transactions, reports, budgets, goals and receipts read as the first's
 * did — every id new, every balance made by the same transactions.
 */
describe("restoring a workspace archive", () => {
  let r2: Awaited<ReturnType<typeof startR2Bucket>>;
  let t: TestApp;
  let h: HouseholdLedger;
  beforeAll(async () => {
    r2 = await startR2Bucket();
  });
  afterAll(() => r2.dispose());
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-28T15:00:00.000Z", env: { RECEIPTS: r2.bucket } });
    h = await householdLedger(t);
    // The reports compared include the unlimited plan's.
    await t.db.update(users).set({ tier: "unlimited", hasBetaAccess: true }).where(eq(users.id, h.owner.user.id));
    await t.db.update(workspaces).set({ betaFeaturesEnabled: true }).where(eq(workspaces.id, h.workspaceId));
  });

  const get = async (workspaceId: string, path: string) => {
    const answer = await t.request(`/api/workspaces/${workspaceId}${path}`, { token: h.owner.token });
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()).data;
  };
  const archiveOf = async (workspaceId: string) => {
    const answer = await t.request(`/api/workspaces/${workspaceId}/exports/workspace.zip?language=en`, {
      token: h.owner.token,
    });
    expect(answer.status).toBe(200);
    return new Uint8Array(await answer.arrayBuffer());
  };
  const send = (path: string, bytes: Uint8Array<ArrayBuffer>, token = h.owner.token) => {
    const form = new FormData();
    form.set("file", new File([bytes], "moneta.zip"));
    return t.request(`/api/${path}`, { method: "POST", body: form, token });
  };
  /** An answer with its ids and times left out, lists in a stable order. */
  const shape = (value: unknown): unknown => {
    if (Array.isArray(value))
      return value.map(shape).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => !/(^|_)(uuid|id|ids|at)$|^created_by$|^href$/.test(key))
          .map(([key, inner]) => [key, shape(inner)]),
      );
    return value;
  };

  async function richLedger() {
    await sampleLedgerIn(h, { description: "Pizza", amount: "89.90" });
    const split = await splitPurchaseIn(h);
    const subcategory = await t.request(`/api/workspaces/${h.workspaceId}/tags`, {
      method: "POST",
      token: h.owner.token,
      json: { name: "Padaria", parent_id: h.food.id },
    });
    const bakery = (await subcategory.json()).data.uuid as string;
    await recordedIn(h, {
      type: "expense",
      origin_id: `card:${h.debit.id}`,
      amount: "12.50",
      description: "Pão francês",
      date: "2026-11-14",
      tag_ids: [bakery],
      note: "com manteiga",
    });
    await recordedIn(h, {
      type: "pay_credit_card",
      origin_id: `account:${h.checking.id}`,
      destination_id: `card:${h.credit.id}`,
      amount: "50.00",
      description: "Fatura",
      date: "2026-11-20",
    });
    const receipt = new FormData();
    receipt.set("file", new File([samplePictures.png], "nota.png"));
    const attached = await t.request(`/api/workspaces/${h.workspaceId}/transactions/${split.uuid}/receipts`, {
      method: "POST",
      body: receipt,
      token: h.member.token,
    });
    expect(attached.status, await attached.clone().text()).toBe(201);
    const create = async (path: string, json: unknown) => {
      const created = await t.request(`/api/workspaces/${h.workspaceId}/${path}`, {
        method: "POST",
        token: h.owner.token,
        json,
      });
      expect(created.status, await created.clone().text()).toBe(201);
      return (await created.json()).data as { uuid: string };
    };
    await create("budgets", { tag_id: h.food.id, amount: "600.00" });
    await create("goals", { name: "Viagem", target_amount: "5000.00", account_ids: [h.dollars.id] });
    await create("scheduled-transactions", {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "150.00",
      description: "IPVA",
      scheduled_date: "2026-12-15",
      tag_ids: [h.home.id],
    });
    await create("recurring-transactions", {
      name: "Aluguel",
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "1800.00",
      description: "Aluguel",
      frequency: "monthly",
      day_of_month: 5,
      start_date: "2026-12-05",
    });
    // A card's installments are all posted when the plan is saved, each claimed by its occurrence.
    await create("installment-plans", {
      description: "Geladeira",
      purchase_date: "2026-11-15",
      total_amount: "1200.00",
      installments_count: 6,
      first_payment_date: "2026-12-05",
      origin_id: `card:${h.credit.id}`,
    });
    const loan = await create("loans", {
      name: "Carro",
      principal_amount: "20000.00",
      interest_rate: "18",
      term_months: 36,
      start_date: "2026-10-01",
      payment_account_id: h.checking.id,
    });
    const paid = await t.request(`/api/workspaces/${h.workspaceId}/loans/${loan.uuid}/record-payment`, {
      method: "POST",
      token: h.owner.token,
      json: { amount: "900.00", date: "2026-11-01" },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
  }

  it("recreates the workspace: balances, card statements, transactions, reports, budgets, goals, plans, loans and receipts", async () => {
    await richLedger();
    const archive = await archiveOf(h.workspaceId);
    const preview = await send("workspace-archives/preview", archive);
    expect(preview.status, await preview.clone().text()).toBe(200);
    const summary = (await preview.json()).data;
    expect(summary.counts).toMatchObject({
      accounts: 2,
      cards: 2,
      transactions: 13,
      receipts: 1,
      budgets: 1,
      goals: 1,
      scheduled_transactions: 1,
      recurring_transactions: 1,
      installment_plans: 1,
      loans: 1,
    });

    const restored = await send("workspace-archives", archive);
    expect(restored.status, await restored.clone().text()).toBe(201);
    const copyId = (await restored.json()).data.uuid as string;
    expect(copyId).not.toBe(h.workspaceId);

    for (const path of [
      "/accounts",
      "/cards",
      `/cards/${"CARD"}/statements`,
      "/transactions?per_page=100",
      "/tags",
      "/budgets",
      "/goals",
      "/analytics/category-breakdown?date_from=2026-11-01&date_to=2026-11-30",
      "/analytics/income-vs-expenses?date_from=2026-11-01&date_to=2026-11-30",
      "/dashboard/stats",
      "/scheduled-transactions",
      "/recurring-transactions",
      "/installment-plans",
      "/loans",
    ]) {
      if (path.includes("CARD")) {
        const cardIn = async (workspaceId: string) =>
          ((await get(workspaceId, "/cards")) as { uuid: string; name: string }[]).find(
            (card) => card.name === "Roxinho",
          )!.uuid;
        const original = await get(h.workspaceId, path.replace("CARD", await cardIn(h.workspaceId)));
        const copy = await get(copyId, path.replace("CARD", await cardIn(copyId)));
        expect(shape(copy), path).toEqual(shape(original));
        continue;
      }
      expect(shape(await get(copyId, path)), path).toEqual(shape(await get(h.workspaceId, path)));
    }
    // The receipt's file came along, private to the new workspace.
    const copied = (await get(copyId, "/transactions?per_page=100")) as { uuid: string; description: string }[];
    const mercado = copied.find((row) => row.description === "Mercado")!;
    const [receipt] = await get(copyId, `/transactions/${mercado.uuid}/receipts`);
    const file = await t.request(`/api/workspaces/${copyId}/receipts/${receipt.uuid}/file`, { token: h.owner.token });
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(samplePictures.png);
  });

  it("refuses what is not an archive, a cut one and an edited one, creating nothing", async () => {
    await richLedger();
    const before = await snapshotDatabase(t.db);
    const notZip = await send("workspace-archives", new TextEncoder().encode("Data;Valor\n"));
    expect(notZip.status).toBe(422);
    expect((await notZip.json()).code).toBe("IMPORT_FILE_INVALID");
    const archive = await archiveOf(h.workspaceId);
    const cut = await send("workspace-archives", archive.slice(0, archive.length - 200));
    expect(cut.status).toBe(422);
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("deletes the half-made workspace when a step fails", async () => {
    await richLedger();
    const archive = await archiveOf(h.workspaceId);
    // A receipt whose file is not a receipt's type fails the last step, after the transactions were written.
    const { readZip } = await import("../../support/xlsx-reader.ts");
    const files = readZip(archive);
    const { zipStream } = await import("../../../worker/exports/zip.ts");
    const tampered = Object.entries(files).map(([name, bytes]) => ({
      name,
      content: name.startsWith("receipts/") ? "MZ not a picture" : new TextDecoder().decode(bytes as Uint8Array),
    }));
    const rebuilt = new Uint8Array(await new Response(zipStream(tampered, new Date())).arrayBuffer());
    const owned = async () => (await t.db.select().from(workspaces)).length;
    const count = await owned();
    const refused = await send("workspace-archives", rebuilt);
    expect(refused.status, await refused.clone().text()).toBe(422);
    expect(await owned()).toBe(count);
  });
});
