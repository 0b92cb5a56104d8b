import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chunkLine } from "../../../app/components/imports/import-api.ts";
import { insertAccount } from "../../../db/factories.ts";
import { accounts, transactionParts, transactions } from "../../../db/schema/index.ts";
import type { ImportPreview } from "../../../worker/imports/import-preview.service.ts";
import { createTestApp } from "../../support/test-app.ts";
import { recordedIn, splitPurchaseIn } from "../exports/sample-ledger.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * Our CSV export of a split transaction imported back (docs/api.md "Imports"): an import files nothing
 * under tags, so the transaction comes back whole — one line, its full amount and its note, the preview
 * saying it was split — and its part rows are never written as transactions of their own.
 */
describe("importing our CSV export of split transactions and notes", () => {
  it("previews a split transaction as one line in N parts, and writes it whole with its note", async () => {
    const t = await createTestApp({ now: "2026-11-27T15:00:00.000Z" });
    const h = await householdLedger(t);
    const split = await splitPurchaseIn(h);
    await recordedIn(h, {
      type: "income",
      destination_id: `account:${h.checking.id}`,
      amount: "50",
      description: "Reembolso",
      date: "2026-11-11",
      note: "=Pix da Ana",
    });
    const exported = await t.request(
      `/api/workspaces/${h.workspaceId}/exports/transactions.csv?language=pt-BR&separator=%3B`,
      { token: h.member.token },
    );
    const file = new Uint8Array(await exported.arrayBuffer());
    const copy = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Cópia", currency: "BRL" });
    const importsPath = `/api/workspaces/${h.workspaceId}/imports`;

    const form = new FormData();
    form.set("file", new File([file], "moneta.csv"));
    form.set("target", `account:${copy.id}`);
    const answer = await t.request(`${importsPath}/preview`, { method: "POST", body: form, token: h.member.token });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const preview: ImportPreview = (await answer.json()).data;
    expect(preview.csv?.preset).toBe("moneta");
    expect(preview.counts).toEqual({ new: 2, duplicate: 0, possible_duplicate: 0, refused: 0 });
    expect(preview.split_lines).toBe(1);
    expect(
      preview.lines.map(({ line, description, amount, note, split_parts, imported_id }) => [
        line,
        description,
        amount,
        note,
        split_parts,
        imported_id,
      ]),
    ).toEqual([
      [2, "Mercado", "-100.00", "Compra do mês", 2, split.uuid],
      [5, "Reembolso", "50.00", "=Pix da Ana", null, expect.any(String)],
    ]);

    const created = await t.request(importsPath, {
      method: "POST",
      token: h.member.token,
      json: { target: `account:${copy.id}`, file_name: "moneta.csv", format: "csv", line_count: 2 },
    });
    const { uuid } = (await created.json()).data;
    const chunk = await t.request(`${importsPath}/${uuid}/chunks`, {
      method: "POST",
      token: h.member.token,
      json: { chunk_index: 0, lines: preview.lines.map(chunkLine) },
    });
    expect(chunk.status, await chunk.clone().text()).toBe(200);
    expect((await chunk.json()).data.created).toBe(2);

    const copies = await t.db.select().from(transactions).where(eq(transactions.importId, uuid));
    expect(copies.map((row) => [row.description, row.kind, row.amountCents, row.note]).sort()).toEqual([
      ["Mercado", "expense", 10_000, "Compra do mês"],
      ["Reembolso", "income", 5_000, "=Pix da Ana"],
    ]);
    // The whole moved the account once: its parts were not written as transactions, nor as parts.
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, copy.id));
    expect(account!.balanceCents - copy.balanceCents).toBe(5_000 - 10_000);
    const partsOfCopies = await t.db.select().from(transactionParts);
    expect(partsOfCopies.every((part) => part.transactionId === split.uuid)).toBe(true);
  });
});
