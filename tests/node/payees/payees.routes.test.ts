import { describe, expect, it } from "vitest";
import { cleanedPayeeName, payeeKeyOf } from "../../../worker/payees/payee-names.ts";
import { createTestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * Payees (README: "Payees"): who was paid, by the name the person uses. A bank's "UBER *TRIP 8F2K" is filed
 * under a payee made from its cleaned name until the person merges it into "Uber"; from then on every line
 * that reads like it — imported or typed — is Uber's.
 */
describe("payee names", () => {
  it("keys a description by its words without codes, accents or company forms", () => {
    expect(["UBER *TRIP 8F2K", "Uber Trip 77QX", "uber trip"].map(payeeKeyOf)).toEqual([
      "uber trip",
      "uber trip",
      "uber trip",
    ]);
    expect(["Uber BV", "uber", "UBER"].map(payeeKeyOf)).toEqual(["uber", "uber", "uber"]);
    expect(payeeKeyOf("PADARIA SÃO JOÃO LTDA")).toBe("padaria sao joao");
    expect(payeeKeyOf("MERCADO S/A")).toBe("mercado");
    expect(payeeKeyOf("0412 9931")).toBe("");
    expect(cleanedPayeeName("PADARIA SÃO JOÃO LTDA")).toBe("Padaria São João");
    expect(cleanedPayeeName("UBER *TRIP 8F2K")).toBe("Uber Trip");
  });
});

describe("payees", () => {
  async function household() {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    const send = async (method: string, rest: string, json?: unknown, token = h.member.token) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, { method, token, json });
      return { status: response.status, body: await response.json() };
    };
    const spend = (fields: Record<string, unknown>) =>
      send("POST", "/transactions", {
        type: "expense",
        origin_id: `account:${h.checking.id}`,
        amount: "25.00",
        date: "2026-11-20",
        ...fields,
      });
    /** A statement's lines imported into the checking account in one chunk. */
    const importLines = async (lines: { description: string; amount: string }[]) => {
      const created = await send("POST", "/imports", {
        target: `account:${h.checking.id}`,
        file_name: "extrato.ofx",
        format: "ofx",
        line_count: lines.length,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const chunk = await send("POST", `/imports/${created.body.data.uuid}/chunks`, {
        chunk_index: 0,
        lines: lines.map((line, index) => ({ line: index + 1, date: "2026-11-19", imported_id: null, ...line })),
      });
      expect(chunk.status, JSON.stringify(chunk.body)).toBe(200);
    };
    const payeesByName = async () =>
      Object.fromEntries(
        ((await send("GET", "/payees")).body.data as { name: string; transactions: number; totals: unknown[] }[]).map(
          (payee) => [payee.name, [payee.transactions, payee.totals]],
        ),
      );
    const payeeOfEach = async () =>
      Object.fromEntries(
        (
          (await send("GET", "/transactions?per_page=100")).body.data as {
            description: string;
            payee: { name: string } | null;
          }[]
        ).map((row) => [row.description, row.payee?.name ?? null]),
      );
    return { t, h, send, spend, importLines, payeesByName, payeeOfEach };
  }

  it("files a typed payee by name, letter case aside, with its totals", async () => {
    const { spend, payeesByName } = await household();
    const first = await spend({ description: "Corrida", payee: "Uber" });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.payee).toMatchObject({ name: "Uber" });
    const second = await spend({ description: "Corrida de volta", payee: "uber", amount: "15.50" });
    expect(second.body.data.payee).toEqual(first.body.data.payee);
    expect(await payeesByName()).toEqual({
      Uber: [2, [{ type: "expense", currency: "BRL", amount: "40.50", amount_cents: 4050, transactions: 2 }]],
    });
  });

  it("files imported lines by their cleaned names and learns from a merge, for imports and typed entries", async () => {
    const { send, spend, importLines, payeesByName, payeeOfEach } = await household();
    await spend({ description: "Corrida", payee: "Uber" });
    await importLines([
      { description: "UBER *TRIP 8F2K", amount: "-18.90" },
      { description: "Uber BV", amount: "-9.90" },
      { description: "PADARIA SÃO JOÃO LTDA", amount: "-7.00" },
    ]);
    expect(await payeeOfEach()).toEqual({
      Corrida: "Uber",
      "UBER *TRIP 8F2K": "Uber Trip",
      "Uber BV": "Uber",
      "PADARIA SÃO JOÃO LTDA": "Padaria São João",
    });

    const payees = (await send("GET", "/payees")).body.data as { uuid: string; name: string }[];
    const idOf = (name: string) => payees.find((payee) => payee.name === name)!.uuid;
    // Renaming onto a name taken is refused: merging is the way.
    const taken = await send("PUT", `/payees/${idOf("Uber Trip")}`, { name: "uber" });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.name).toBeDefined();
    const merged = await send("POST", `/payees/${idOf("Uber Trip")}/merge`, { into: idOf("Uber") });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.data).toMatchObject({ name: "Uber", transactions: 3 });

    // Learned: the next statement's trip and a typed entry that reads like one are Uber's.
    await importLines([{ description: "UBER *TRIP 9XQ1", amount: "-22.00" }]);
    const typed = await spend({ description: "Uber Trip 1234" });
    expect(typed.body.data.payee).toMatchObject({ name: "Uber" });
    const typedOther = await spend({ description: "Almoço com a Ana" });
    expect(typedOther.body.data.payee).toBeNull();
    expect(Object.keys(await payeesByName())).toEqual(["Padaria São João", "Uber"]);
    expect((await payeesByName()).Uber![0]).toBe(5);

    // A rename keeps the old names and learns the new one.
    const renamed = await send("PUT", `/payees/${idOf("Padaria São João")}`, { name: "Padaria do Bairro" });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    await importLines([{ description: "PADARIA SAO JOAO LTDA 0042", amount: "-5.00" }]);
    expect((await payeesByName())["Padaria do Bairro"]![0]).toBe(2);
  });

  it("filters and searches by payee, and takes it off a transfer", async () => {
    const { h, send, spend } = await household();
    const uber = (await spend({ description: "Corrida", payee: "Uber" })).body.data;
    await spend({ description: "Mercado" });
    const filtered = await send("GET", `/transactions?payee_id=${uber.payee.uuid}`);
    expect(filtered.body.data.map((row: { description: string }) => row.description)).toEqual(["Corrida"]);
    const searched = await send("GET", "/transactions?search=uber");
    expect(searched.body.data.map((row: { description: string }) => row.description)).toEqual(["Corrida"]);
    expect(searched.body.meta.total).toBe(1);

    const transfer = await send("POST", "/transactions", {
      type: "transfer",
      origin_id: `account:${h.checking.id}`,
      destination_id: `card:${h.credit.id}`,
      amount: "10.00",
      description: "Uber",
      payee: "Uber",
    });
    expect(transfer.status).toBe(422);
    expect(transfer.body.errors.payee).toBeDefined();
    // An expense edited into a transfer loses its payee; cleared with null otherwise.
    const cleared = await send("PUT", `/transactions/${uber.uuid}`, {
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "25.00",
      description: "Corrida",
      payee: null,
    });
    expect(cleared.body.data.payee).toBeNull();
  });

  it("refuses merges that cannot be, and keeps transactions when a payee is deleted", async () => {
    const { t, h, send, spend, payeeOfEach } = await household();
    const uber = (await spend({ description: "Corrida", payee: "Uber" })).body.data.payee.uuid as string;
    const other = await workspaceWithTeam(t);
    const foreign = await t.request(`/api/workspaces/${other.workspace.id}/payees`, {
      method: "POST",
      token: other.owner.token,
      json: { name: "Alheio" },
    });
    const foreignId = (await foreign.json()).data.uuid as string;
    const before = await snapshotDatabase(t.db);
    expect((await send("POST", `/payees/${uber}/merge`, { into: uber })).body.errors.into).toBeDefined();
    expect((await send("POST", `/payees/${uber}/merge`, { into: foreignId })).body.errors.into).toBeDefined();
    expect((await send("POST", `/payees/${foreignId}/merge`, { into: uber })).status).toBe(404);
    expect((await send("POST", "/payees", { name: "Viewer's" }, h.viewer.token)).status).toBe(403);
    expect((await send("POST", "/payees", { name: "  " })).body.errors.name).toBeDefined();
    expect(await snapshotDatabase(t.db)).toEqual(before);

    expect((await send("DELETE", `/payees/${uber}`)).status).toBe(200);
    expect(await payeeOfEach()).toEqual({ Corrida: null });
  });
});
