import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { transactions } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";
import type { ImportPreview } from "../../../worker/imports/import-preview.service.ts";

/**
 * The round trip: whatever income and expenses an account holds, our own CSV export
 * (either language and separator) imported into an empty account recreates the same amounts,
 * dates and descriptions — accents, quotes, separators and would-be formulas included — and
 * importing the same file a second time creates nothing.
 */
const words = ["Pão", "de", "Açúcar", "café", "R$", '"grande"', "a;b", "x,y", "50%", "Ônibus", "iFood", "São", "João"];
const descriptionArbitrary = fc
  .tuple(fc.constantFrom("", "=", "+", "-", "@"), fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }))
  .map(([prefix, parts]) => `${prefix}${parts.join(" ")}`);
const entryArbitrary = fc.record({
  isIncome: fc.boolean(),
  cents: fc.integer({ min: 1, max: 99_999_999 }),
  day: fc.integer({ min: 1, max: 28 }),
  description: descriptionArbitrary,
});

describe("exporting transactions and importing the file again", () => {
  it("recreates the same amounts, dates and descriptions, and a second import creates nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArbitrary, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(
          { language: "pt-BR", separator: ";" },
          { language: "en", separator: "," },
          { language: "pt-BR", separator: "," },
        ),
        async (entries, format) => {
          const t = await createTestApp({ now: "2026-11-27T15:00:00.000Z" });
          const h = await householdLedger(t);
          for (const entry of entries) {
            const leg = `account:${h.checking.id}`;
            const response = await h.record({
              type: entry.isIncome ? "income" : "expense",
              ...(entry.isIncome ? { destination_id: leg } : { origin_id: leg }),
              amount: (entry.cents / 100).toFixed(2),
              description: entry.description,
              date: `2026-11-${String(entry.day).padStart(2, "0")}`,
            });
            expect(response.status, await response.clone().text()).toBe(201);
          }
          const exported = await t.request(
            `/api/workspaces/${h.workspaceId}/exports/transactions.csv?language=${format.language}&separator=${encodeURIComponent(format.separator)}`,
            { token: h.member.token },
          );
          const file = new Uint8Array(await exported.arrayBuffer());
          const empty = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Cópia", currency: "BRL" });
          const importsPath = `/api/workspaces/${h.workspaceId}/imports`;
          const preview = async (): Promise<ImportPreview> => {
            const form = new FormData();
            form.set("file", new File([file], "moneta.csv"));
            form.set("target", `account:${empty.id}`);
            const answer = await t.request(`${importsPath}/preview`, {
              method: "POST",
              body: form,
              token: h.member.token,
            });
            expect(answer.status, await answer.clone().text()).toBe(200);
            return (await answer.json()).data;
          };
          const first = await preview();
          expect(first.counts).toEqual({ new: entries.length, duplicate: 0, possible_duplicate: 0, refused: 0 });
          const created = await t.request(importsPath, {
            method: "POST",
            token: h.member.token,
            json: { target: `account:${empty.id}`, file_name: "moneta.csv", format: "csv", line_count: entries.length },
          });
          const { uuid } = (await created.json()).data;
          const chunk = await t.request(`${importsPath}/${uuid}/chunks`, {
            method: "POST",
            token: h.member.token,
            json: {
              chunk_index: 0,
              lines: first.lines.map(({ line, date, description, amount, imported_id }) => ({
                line,
                date,
                description,
                amount,
                imported_id,
              })),
            },
          });
          expect((await chunk.json()).data.created).toBe(entries.length);

          const copy = (rows: Array<typeof transactions.$inferSelect>) =>
            rows.map((row) => `${row.date}|${row.kind}|${row.amountCents}|${row.description}`).sort();
          const originals = await t.db
            .select()
            .from(transactions)
            .where(eq(transactions.originAccountId, h.checking.id));
          const incomes = await t.db
            .select()
            .from(transactions)
            .where(eq(transactions.destinationAccountId, h.checking.id));
          const copies = await t.db.select().from(transactions).where(eq(transactions.importId, uuid));
          expect(copy(copies)).toEqual(copy([...originals, ...incomes]));

          const second = await preview();
          expect(second.counts).toEqual({ new: 0, duplicate: entries.length, possible_duplicate: 0, refused: 0 });
        },
      ),
      { numRuns: 25 },
    );
    // 25 fresh databases: seconds on a quiet machine, more on a busy one.
  }, 60_000);
});
