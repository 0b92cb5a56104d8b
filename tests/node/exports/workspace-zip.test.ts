import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  insertAccount,
  insertInstallmentPlan,
  insertRecurring,
  insertScheduled,
  insertTag,
} from "../../../db/factories.ts";
import { receipts, users } from "../../../db/schema/index.ts";
import { actingAs } from "../../../worker/access/actor.ts";
import { exportWorkspaceZip } from "../../../worker/exports/workspace-zip.service.ts";
import { flattenRecord } from "../../../worker/exports/workspace-records.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";
import { readZip } from "../../support/xlsx-reader.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";
import { splitPurchaseIn } from "./sample-ledger.ts";

const entityNames = [
  "workspace",
  "members",
  "accounts",
  "cards",
  "tags",
  "scheduled-transactions",
  "recurring-transactions",
  "installment-plans",
  "loans",
  "loan-payments",
  "budgets",
  "goals",
  "goal-contributions",
  "statement-imports",
  "planned-occurrences",
  "receipts",
  "transactions",
];

/** A CSV's lines as cells (no quoted commas in what these tests look at). */
const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .slice(0, -1);

describe("exporting the whole workspace as a zip", () => {
  let t: TestApp;
  let h: HouseholdLedger;
  beforeEach(async () => {
    t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    h = await householdLedger(t);
  });
  const zipPath = (workspaceId = h.workspaceId, query = "") =>
    `/api/workspaces/${workspaceId}/exports/workspace.zip${query}`;
  const setTier = (userId: string, tier: "free" | "unlimited") =>
    t.db.update(users).set({ tier }).where(eq(users.id, userId));
  const api = (suffix: string, json: Record<string, unknown>) =>
    t.request(`/api/workspaces/${h.workspaceId}${suffix}`, { method: "POST", token: h.owner.token, json });

  async function created(response: Response) {
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()).data as { uuid: string };
  }

  async function sampleLedger() {
    const pao = await created(
      await h.record({
        type: "expense",
        origin_id: `card:${h.credit.id}`,
        amount: "1234.5",
        description: "Pão de açúcar, =SUM(A1)",
        date: "2026-11-10",
        tag_ids: [h.food.id, h.home.id],
      }),
    );
    const salary = await created(
      await h.record({
        type: "income",
        destination_id: `account:${h.checking.id}`,
        amount: "3000",
        description: "Salário",
        date: "2026-11-05",
      }),
    );
    await insertScheduled(t.db, { workspaceId: h.workspaceId, accountId: h.checking.id, scheduledDate: "2026-12-01" });
    await insertRecurring(t.db, { workspaceId: h.workspaceId, accountId: h.checking.id, startDate: "2026-12-01" });
    await insertInstallmentPlan(t.db, {
      workspaceId: h.workspaceId,
      accountId: h.checking.id,
      firstPaymentDate: "2026-12-10",
      totalAmountCents: 60_000,
      installmentCount: 3,
    });
    // A card's installments are posted at once, each claimed by its planned occurrence.
    await created(
      await api("/installment-plans", {
        description: "Fone",
        purchase_date: "2026-11-11",
        total_amount: "300.00",
        installments_count: 3,
        first_payment_date: "2026-12-05",
        origin_id: `card:${h.credit.id}`,
      }),
    );
    await created(await api("/budgets", { tag_id: h.food.id, amount: "900.00" }));
    const goal = await created(
      await api("/goals", { name: "Viagem", target_amount: "5000.00", account_ids: [h.dollars.id] }),
    );
    await created(await api(`/goals/${goal.uuid}/contributions`, { amount: "150.25", date: "2026-11-12" }));
    const loan = await created(
      await api("/loans", {
        name: "Carro",
        principal_amount: "10000.00",
        interest_rate: "12",
        term_months: 12,
        start_date: "2026-11-01",
        payment_account_id: h.checking.id,
      }),
    );
    const payment = await api(`/loans/${loan.uuid}/record-payment`, { amount: "900.00", date: "2026-11-15" });
    expect(payment.status, await payment.clone().text()).toBeLessThan(300);
    const statement = await api("/imports", {
      target: `account:${h.checking.id}`,
      file_name: "extrato-itaú.ofx",
      format: "ofx",
      line_count: 1,
    });
    expect(statement.status, await statement.clone().text()).toBeLessThan(300);
    return { pao, salary, goal };
  }

  async function download(token: string, query = "?language=pt-BR") {
    const response = await t.request(zipPath(h.workspaceId, query), { token });
    expect(response.status, response.ok ? "" : await response.clone().text()).toBe(200);
    return { response, files: readZip(new Uint8Array(await response.arrayBuffer())) };
  }

  it("holds every entity as JSON and as CSV, a README in the person's language, the API's values", async () => {
    const { pao, salary, goal } = await sampleLedger();
    await insertTag(t.db, { workspaceId: h.workspaceId, name: "=cmd|' /C calc'!A0" });
    // A receipt's record (its file, in no bucket here, comes as an empty entry: tests/node/receipts/ read one whole).
    const receiptId = crypto.randomUUID();
    await t.db.insert(receipts).values({
      id: receiptId,
      workspaceId: h.workspaceId,
      transactionId: pao.uuid,
      objectKey: `workspaces/${h.workspaceId}/receipts/${receiptId}`,
      fileName: "cupom.jpg",
      contentType: "image/jpeg",
      byteSize: 12,
    });
    const { response, files } = await download(h.owner.token);
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="moneta-espaco-2026-11-21.zip"');
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect([...files.keys()]).toEqual([
      "README.txt",
      ...entityNames.flatMap((name) => [`${name}.json`, `${name}.csv`]),
      `receipts/${receiptId}-cupom.jpg`,
    ]);
    expect(files.get("README.txt")).toMatch(/^Moneta: tudo o que o espaço “.+” guarda\r\nBaixado em 2026-11-21/);
    expect(files.get("README.txt")).toContain("- transactions.json, transactions.csv: todas as transações");

    for (const name of entityNames) {
      const records = JSON.parse(files.get(`${name}.json`)!) as Array<Record<string, unknown>>;
      expect(Array.isArray(records), name).toBe(true);
      expect(records.length, name).toBeGreaterThan(0);
      const csv = files.get(`${name}.csv`)!;
      expect(
        csv.startsWith("\uFEFFuuid,") || csv.startsWith("\uFEFFname,") || csv.startsWith("\uFEFFmerchant,"),
        name,
      ).toBe(true);
      const [header, ...lines] = csvLines(csv);
      expect(lines, name).toHaveLength(records.length);
      // Every column is a field of the JSON records: nested ones flattened, a null object's fields empty.
      const fields = new Set(records.flatMap((record) => [...flattenRecord(record).keys()]));
      const isOfNullObject = (column: string) =>
        records.some((record) =>
          Object.entries(record).some(([key, value]) => value === null && column.startsWith(`${key}_`)),
        );
      for (const column of header!.split(","))
        expect(fields.has(column) || isOfNullObject(column), `${name}: ${column}`).toBe(true);
    }

    const transactions = JSON.parse(files.get("transactions.json")!) as Array<Record<string, unknown>>;
    const listed = (await (await t.request(h.path(), { token: h.viewer.token })).json()).data as Array<
      Record<string, unknown>
    >;
    // The loan's payment posted the third, the card's installments three more: the same rows, in the
    // same order, as the API lists them.
    expect(transactions).toHaveLength(6);
    expect(transactions.map((row) => row.uuid)).toEqual(listed.map((row) => row.uuid));
    expect(transactions.map((row) => row.uuid)).toEqual(expect.arrayContaining([pao.uuid, salary.uuid]));
    for (const [index, row] of transactions.entries()) {
      const { import_uuid, imported_id, planned_occurrence_uuid, ...apiShaped } = row;
      expect(apiShaped).toEqual(listed[index]);
      expect(import_uuid).toBeNull();
      expect(imported_id).toBeNull();
      // An installment names the occurrence that posted it, as planned-occurrences.json lists it.
      if (planned_occurrence_uuid !== null)
        expect(JSON.parse(files.get("planned-occurrences.json")!).map((row: { uuid: string }) => row.uuid)).toContain(
          planned_occurrence_uuid,
        );
    }
    expect(transactions.find((row) => row.uuid === pao.uuid)).toMatchObject({
      amount: "1234.50",
      currency: "BRL",
      created_by: { name: "Mia Member" },
      created_via: { type: "person" },
    });
    const [header, ...lines] = csvLines(files.get("transactions.csv")!);
    expect(header!.split(",").slice(0, 6)).toEqual(["uuid", "date", "type", "description", "amount", "currency"]);
    const first = lines.find((line) => line.startsWith(pao.uuid));
    // A text cell that could run as a formula is neutralised; the amount is a number.
    expect(first).toContain(`${pao.uuid},2026-11-10,expense,"Pão de açúcar, =SUM(A1)",1234.50,BRL,`);
    // The tags' names, in whichever order the row holds them.
    expect(first).toMatch(/,"(Food, Home|Home, Food)",/);
    expect(files.get("tags.csv")).toContain(",'=cmd|' /C calc'!A0,");
    expect(JSON.parse(files.get("tags.json")!).map((tag: { name: string }) => tag.name)).toContain(
      "=cmd|' /C calc'!A0",
    );

    const accounts = JSON.parse(files.get("accounts.json")!);
    const apiAccounts = (
      await (await t.request(`/api/workspaces/${h.workspaceId}/accounts`, { token: h.owner.token })).json()
    ).data;
    expect(accounts).toEqual(apiAccounts);
    const cards = JSON.parse(files.get("cards.json")!);
    // The bread, and the first of the headphones' installments.
    expect(cards.map((card: { debt_amount: string }) => card.debt_amount)).toContain("1334.50");
    expect(JSON.parse(files.get("workspace.json")!)[0]).toMatchObject({
      uuid: h.workspaceId,
      currency: "BRL",
      time_zone: "America/Sao_Paulo",
      plan: "Free",
    });
    expect(
      JSON.parse(files.get("members.json")!)
        .map((member: { role: string }) => member.role)
        .sort(),
    ).toEqual(["admin", "member", "owner", "viewer"]);
    expect(JSON.parse(files.get("members.json")!)[0]).toMatchObject({ name: "Olivia Owner", role: "owner" });
    expect(JSON.parse(files.get("goals.json")!)[0]).toMatchObject({
      uuid: goal.uuid,
      target: "5000.00",
      currency: "BRL",
      account_uuids: [h.dollars.id],
    });
    expect(JSON.parse(files.get("goal-contributions.json")!)[0]).toMatchObject({
      amount: "150.25",
      goal_uuid: goal.uuid,
    });
    expect(JSON.parse(files.get("budgets.json")!)[0]).toMatchObject({ tag_name: "Food", amount: "900.00" });
    expect(JSON.parse(files.get("loans.json")!)[0]).toMatchObject({ name: "Carro", principal: "10000.00" });
    expect(JSON.parse(files.get("installment-plans.json")!)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ total_amount: "600.00" }),
        expect.objectContaining({ description: "Fone", total_amount: "300.00" }),
      ]),
    );
  });

  it("keeps a transaction's note and its split parts, in the JSON as objects and in the CSV as one cell", async () => {
    const split = await splitPurchaseIn(h);
    const { files } = await download(h.owner.token, "?language=en");
    const [record] = JSON.parse(files.get("transactions.json")!) as Array<Record<string, unknown>>;
    expect(record).toMatchObject({
      uuid: split.uuid,
      amount: "100.00",
      note: "Compra do mês",
      parts: [
        { amount: "80.00", note: "Pão e leite", tags: [{ uuid: h.food.id, name: "Food" }], tag_ids: [h.food.id] },
        { amount: "20.00", note: null, tags: [{ uuid: h.home.id, name: "Home" }], tag_ids: [h.home.id] },
      ],
    });
    const [header, line] = csvLines(files.get("transactions.csv")!);
    const columns = header!.split(",");
    expect(columns.slice(columns.indexOf("tags"), columns.indexOf("tags") + 3)).toEqual(["tags", "note", "parts"]);
    expect(line).toContain(',"Food, Home",Compra do mês,80.00 Food — Pão e leite; 20.00 Home,');
    expect(files.get("README.txt")).toMatch(/transactions\.csv: every transaction.*note.*split transaction's parts/);
  });

  it("never holds another workspace's data", async () => {
    await sampleLedger();
    const other = await workspaceWithTeam(t, { workspace: { name: "Segredo Alheio" } });
    const otherAccount = await insertAccount(t.db, { workspaceId: other.workspace.id, name: "Conta Alheia" });
    await insertTag(t.db, { workspaceId: other.workspace.id, name: "EtiquetaAlheia" });
    const recorded = await t.request(`/api/workspaces/${other.workspace.id}/transactions`, {
      method: "POST",
      token: other.owner.token,
      json: { type: "expense", origin_id: `account:${otherAccount.id}`, amount: "7", description: "GastoAlheio" },
    });
    expect(recorded.status).toBe(201);
    const { files } = await download(h.owner.token);
    const everything = [...files.values()].join("\n");
    for (const foreign of ["Segredo Alheio", "Conta Alheia", "EtiquetaAlheia", "GastoAlheio", other.owner.user.email])
      expect(everything).not.toContain(foreign);
    expect(everything).not.toContain(other.workspace.id);
    expect(everything).toContain("Nubank");
  });

  it("lets the owner download on every plan, an admin only on Unlimited; members and viewers 403, strangers 404", async () => {
    const refusedAdmin = await t.request(zipPath(h.workspaceId, "?language=en"), { token: h.admin.token });
    expect(refusedAdmin.status).toBe(403);
    const envelope = await refusedAdmin.json();
    expect(envelope.code).toBe("PLAN_UPGRADE_REQUIRED");
    expect(envelope.message).toMatch(/Admins can download the whole workspace on the Unlimited plan/);
    const portuguese = await t.request(zipPath(), { token: h.admin.token, headers: { Cookie: "lang=pt-BR" } });
    expect((await portuguese.json()).message).toMatch(/o dono pode baixá-lo sempre/);

    expect((await download(h.owner.token)).files.has("transactions.json")).toBe(true);
    for (const someone of [h.member, h.viewer]) {
      const refused = await t.request(zipPath(), { token: someone.token });
      expect(refused.status).toBe(403);
      expect((await refused.json()).code).toBe("FORBIDDEN");
    }
    await setTier(h.owner.user.id, "unlimited");
    const { files } = await download(h.admin.token, "?language=en");
    expect(files.get("README.txt")).toMatch(/^Moneta: everything the workspace “.+” holds/);
    expect(JSON.parse(files.get("workspace.json")!)[0].plan).toBe("Unlimited");
    // The member's own plan changes nothing: the right is the owner's, the feature the owner's plan.
    await setTier(h.member.user.id, "unlimited");
    expect((await t.request(zipPath(), { token: h.member.token })).status).toBe(403);

    const stranger = await signInAs(t, { name: "Stranger", tier: "unlimited" });
    const outsider = await t.request(zipPath(), { token: stranger.token });
    expect(outsider.status).toBe(404);
    expect((await t.request(zipPath())).status).toBe(401);
    expect((await t.request(zipPath(h.workspaceId, "?language=fr"), { token: h.owner.token })).status).toBe(422);
  });

  it("walks the transactions in many reads for both files, and an empty workspace still has every file", async () => {
    const fresh = await workspaceWithTeam(t, { workspace: { name: "Vazio" } });
    const empty = await t.request(zipPath(fresh.workspace.id), { token: fresh.owner.token });
    const emptyFiles = readZip(new Uint8Array(await empty.arrayBuffer()));
    expect(emptyFiles.size).toBe(1 + entityNames.length * 2);
    expect(JSON.parse(emptyFiles.get("transactions.json")!)).toEqual([]);
    expect(csvLines(emptyFiles.get("transactions.csv")!)).toHaveLength(1);

    const uuids: string[] = [];
    for (let day = 1; day <= 5; day++)
      uuids.push(
        (
          await created(
            await h.record({
              type: "expense",
              origin_id: `account:${h.checking.id}`,
              amount: String(day),
              description: `Dia ${day}`,
              date: `2026-11-0${day}`,
            }),
          )
        ).uuid,
      );
    const ctx = actingAs(testServiceContext(t.db, { clock: t.clock }), {
      type: "person",
      userId: h.owner.user.id,
      sessionId: h.owner.sessionId,
      via: "cookie",
    });
    const { stream } = await exportWorkspaceZip({
      ctx,
      input: { workspaceId: h.workspaceId, language: "en", stepRows: 2 },
    });
    const files = readZip(new Uint8Array(await new Response(stream).arrayBuffer()));
    expect(JSON.parse(files.get("transactions.json")!).map((row: { uuid: string }) => row.uuid)).toEqual(
      [...uuids].reverse(),
    );
    expect(
      csvLines(files.get("transactions.csv")!)
        .slice(1)
        .map((line) => line.split(",")[0]),
    ).toEqual([...uuids].reverse());
    expect(files.has("EXPORT-INCOMPLETE.txt")).toBe(false);
  });
});
