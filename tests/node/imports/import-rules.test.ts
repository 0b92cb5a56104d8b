import { describe, expect, it } from "vitest";
import { chunkLine } from "../../../app/components/imports/import-api.ts";
import { insertTag } from "../../../db/factories.ts";
import type { ImportPreview } from "../../../worker/imports/import-preview.service.ts";
import { createTestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * Rules on an import (README: "Rules"): the preview shows how each line will be filed — tags or parts,
 * payee, description, note — and the chunks write it so, after checking it again.
 */
const statement = (lines: [string, string][]) =>
  `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKTRANLIST>${lines
    .map(
      ([memo, amount], index) =>
        `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>2026112${index % 9}</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>F${memo}${index}</FITID><MEMO>${memo}</MEMO></STMTTRN>`,
    )
    .join("")}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe("rules on an import", () => {
  async function household() {
    const t = await createTestApp({ now: "2026-11-28T15:00:00.000Z" });
    const h = await householdLedger(t);
    const transport = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Transporte" });
    const send = async (method: string, rest: string, json?: unknown) => {
      const response = await t.request(`/api/workspaces/${h.workspaceId}${rest}`, {
        method,
        token: h.member.token,
        json,
      });
      return { status: response.status, body: await response.json() };
    };
    const preview = async (lines: [string, string][]): Promise<ImportPreview> => {
      const form = new FormData();
      form.set("file", new File([statement(lines)], "extrato.ofx"));
      form.set("target", `account:${h.checking.id}`);
      const answer = await t.request(`/api/workspaces/${h.workspaceId}/imports/preview`, {
        method: "POST",
        body: form,
        token: h.member.token,
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return (await answer.json()).data;
    };
    const write = async (previewed: ImportPreview, change = (line: ReturnType<typeof chunkLine>) => line) => {
      const created = await send("POST", "/imports", {
        target: `account:${h.checking.id}`,
        file_name: "extrato.ofx",
        format: "ofx",
        line_count: previewed.lines.length,
      });
      return send("POST", `/imports/${created.body.data.uuid}/chunks`, {
        chunk_index: 0,
        lines: previewed.lines.map((line) => change(chunkLine(line))),
      });
    };
    const written = async () =>
      (
        (await send("GET", "/transactions?per_page=100")).body.data as {
          description: string;
          tags: { name: string }[];
          payee: { name: string } | null;
          note: string | null;
          parts: { amount: string; tags: { name: string }[] }[] | null;
        }[]
      )
        .map((row) => ({
          description: row.description,
          tags: row.tags.map((tag) => tag.name).sort(),
          payee: row.payee?.name ?? null,
          note: row.note,
          parts: row.parts?.map((part) => `${part.amount} ${part.tags.map((tag) => tag.name).join("+")}`) ?? null,
        }))
        .sort((a, b) => a.description.localeCompare(b.description));
    return { t, h, transport, send, preview, write, written };
  }

  it("previews each line as the rules file it, and writes it so", async () => {
    const { h, transport, send, preview, write, written } = await household();
    await send("POST", "/rules", {
      name: "Uber",
      conditions: [{ field: "description", operator: "contains", value: "uber" }],
      actions: { set_tags: [transport.id], set_payee: "Uber", add_note: "corrida" },
    });
    await send("POST", "/rules", {
      name: "Mercado",
      conditions: [{ field: "payee", operator: "starts_with", value: "mercado" }],
      actions: {
        split: { parts: [{ tag_ids: [h.food.id], percent: "80" }, { tag_ids: [h.home.id] }] },
        set_description: "Mercado do mês",
      },
    });
    const previewed = await preview([
      ["UBER *TRIP 8F2K", "-18.90"],
      ["MERCADO DIA S/A", "-100.01"],
      ["PADARIA", "-7.00"],
    ]);
    expect(
      previewed.lines.map((line) => line.filed && { ...line.filed, rule_ids: line.filed.rule_ids.length }),
    ).toEqual([
      {
        tag_ids: [transport.id],
        payee: "Uber",
        note: "corrida",
        rule_ids: 1,
        tags: [{ uuid: transport.id, name: "Transporte", color: expect.any(String) }],
      },
      {
        description: "Mercado do mês",
        parts: [
          { amount: "80.00", tag_ids: [h.food.id] },
          { amount: "20.01", tag_ids: [h.home.id] },
        ],
        rule_ids: 1,
        tags: [
          { uuid: h.food.id, name: "Food", color: expect.any(String) },
          { uuid: h.home.id, name: "Home", color: expect.any(String) },
        ],
      },
      null,
    ]);
    const chunk = await write(previewed);
    expect(chunk.status, JSON.stringify(chunk.body)).toBe(200);
    expect(await written()).toEqual([
      {
        description: "Mercado do mês",
        tags: ["Food", "Home"],
        payee: "Mercado Dia",
        note: null,
        parts: ["80.00 Food", "20.01 Home"],
      },
      { description: "PADARIA", tags: [], payee: "Padaria", note: null, parts: null },
      { description: "UBER *TRIP 8F2K", tags: ["Transporte"], payee: "Uber", note: "corrida", parts: null },
    ]);
    expect((await h.balances()).checking).toBe(100_000 - 1_890 - 10_001 - 700);
  });

  it("refuses a chunk whose filing names another workspace's tag or parts that do not sum, writing nothing", async () => {
    const { t, h, send, preview, write } = await household();
    await send("POST", "/rules", {
      name: "Mercado",
      conditions: [{ field: "description", operator: "contains", value: "mercado" }],
      actions: { split: { parts: [{ tag_ids: [h.food.id], percent: "50" }, { tag_ids: [h.home.id] }] } },
    });
    const previewed = await preview([["MERCADO", "-10.00"]]);
    const other = await workspaceWithTeam(t);
    const foreign = await insertTag(t.db, { workspaceId: other.workspace.id, name: "Alheia" });
    const before = await snapshotDatabase(t.db);
    const foreignTag = await write(previewed, (line) => ({
      ...line,
      filed: {
        ...line.filed!,
        parts: [
          { amount: "5.00", tag_ids: [foreign.id] },
          { amount: "5.00", tag_ids: [h.home.id] },
        ],
      },
    }));
    expect(foreignTag.status).toBe(422);
    expect(foreignTag.body.errors["lines.0.filed.parts.0.tag_ids"]).toBeDefined();
    const wrongSum = await write(previewed, (line) => ({
      ...line,
      filed: {
        ...line.filed!,
        parts: [
          { amount: "5.00", tag_ids: [h.food.id] },
          { amount: "4.99", tag_ids: [h.home.id] },
        ],
      },
    }));
    expect(wrongSum.status).toBe(422);
    expect(wrongSum.body.errors["lines.0.filed.parts"]).toBeDefined();
    // The refused chunks wrote nothing: no transaction, part, link or balance moved (only the imports' own records).
    const after = await snapshotDatabase(t.db);
    for (const table of ["transactions", "transaction_parts", "transaction_tags", "accounts", "payees"])
      expect(after[table], table).toEqual(before[table]);
  });
});
