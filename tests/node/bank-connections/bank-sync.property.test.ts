import fc from "fast-check";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { bankLines, transactions } from "../../../db/schema/index.ts";
import { syncStep } from "../../../worker/bank-connections/bank-sync.ts";
import { startFakePluggy } from "../../support/fake-pluggy.ts";
import { sandboxBank, type SandboxLine } from "../../support/sandbox-bank.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * The sync's promise (README: "Bank connections"), over random ledgers and random bank years: a checking
 * account where the person typed some of the bank's lines by hand (a day or three off, in their own
 * shorter words) and other things the bank never saw, synced twice, never holds a bank line twice and
 * never loses one — and the same year downloaded later as an OFX file is recognised line by line, none of
 * it offered as new.
 */

const today = "2026-11-21";
const yearAgo = "2025-11-22";
const credentials = { clientId: "moneta-property-client", clientSecret: "moneta-property-secret" };
const secretsKey = btoa(String.fromCharCode(...new Uint8Array(32).map((_, index) => index + 11)));

const decimal = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const shifted = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The bank's year as the bank's own OFX download would give it, with ids of the file's own (FITID). */
function ofxOf(lines: SandboxLine[]): string {
  const entries = lines
    .map(
      (line) =>
        `<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>${line.date.replaceAll("-", "")}\n<TRNAMT>${decimal(line.amountCents)}\n<FITID>OFX-${line.id}\n<NAME>${line.description}\n</STMTTRN>`,
    )
    .join("\n");
  return `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:UTF-8\nCHARSET:NONE\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKTRANLIST>\n<DTSTART>${yearAgo.replaceAll("-", "")}\n<DTEND>${today.replaceAll("-", "")}\n${entries}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`;
}

const scenario = fc.record({
  seed: fc.integer({ min: 1, max: 10_000 }),
  /** Which of the bank's posted lines the person typed, by position, each a few days off. */
  typed: fc.uniqueArray(fc.record({ index: fc.nat(10_000), shift: fc.integer({ min: -3, max: 3 }) }), {
    maxLength: 25,
    selector: (entry) => entry.index,
  }),
  /** What the person typed that the bank never had. */
  unrelated: fc.array(fc.record({ day: fc.nat(360), cents: fc.integer({ min: 1, max: 9_999 }) }), { maxLength: 10 }),
});

describe("the sync over random ledgers and bank years", () => {
  it("never holds a line twice, never loses one, and an OFX of the same year brings nothing new", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ seed, typed, unrelated }) => {
        const pluggy = await startFakePluggy({ today, seed, ...credentials });
        try {
          const t = await createTestApp({
            now: `${today}T15:00:00.000Z`,
            env: {
              BANK_SECRETS_KEY: secretsKey,
              PLUGGY_API_URL: pluggy.url,
              PLUGGY_CLIENT_ID: credentials.clientId,
              PLUGGY_CLIENT_SECRET: credentials.clientSecret,
            },
          });
          const team = await workspaceWithTeam(t, { owner: { tier: "unlimited" } });
          const workspaceId = team.workspace.id;
          const checking = await insertAccount(t.db, { workspaceId, name: "Conta", currency: "BRL" });
          const send = async (method: string, path: string, json?: unknown) => {
            const response = await t.request(`/api/workspaces/${workspaceId}${path}`, {
              method,
              token: team.owner.token,
              json,
            });
            const body = await response.json();
            expect(response.status, JSON.stringify(body)).toBeLessThan(300);
            return body.data;
          };
          const bankLinesOfYear = sandboxBank({ today, seed })
            .accounts.find((account) => account.key === "checking")!
            .lines.filter((line) => line.date >= yearAgo);
          const posted = bankLinesOfYear.filter((line) => !line.pending);
          // The person's hand: some of the bank's lines, in two words, a few days off; and some of their own.
          const typedLines = typed.map(({ index, shift }) => ({ line: posted[index % posted.length]!, shift }));
          const uniqueTyped = [...new Map(typedLines.map((entry) => [entry.line.id, entry])).values()];
          const typedIds = new Set<string>();
          for (const { line, shift } of uniqueTyped) {
            const typedTransaction = await send("POST", "/transactions", {
              type: line.amountCents < 0 ? "expense" : "income",
              amount: decimal(Math.abs(line.amountCents)),
              description: line.description.split(" ").slice(0, 2).join(" "),
              date: shifted(line.date, shift),
              [line.amountCents < 0 ? "origin_id" : "destination_id"]: `account:${checking.id}`,
            });
            typedIds.add(typedTransaction.uuid);
          }
          for (const [index, { day, cents }] of unrelated.entries()) {
            await send("POST", "/transactions", {
              type: "expense",
              // Amounts no bank line has: 7,000.01 and up.
              amount: decimal(700_001 + cents),
              description: `Feira do bairro ${index}`,
              date: shifted(yearAgo, day),
              origin_id: `account:${checking.id}`,
            });
          }
          const itemId = pluggy.createItem({ clientUserId: workspaceId });
          const connection = await send("POST", "/bank-connections/pluggy", { item_id: itemId });
          const remote = connection.accounts.find((account: { kind: string }) => account.kind === "checking");
          await send("PUT", `/bank-connections/${connection.uuid}/accounts/${remote.uuid}`, {
            link: { type: "account", account_id: checking.id },
          });
          const ctx = testServiceContext(t.db, { clock: t.clock, env: t.env });
          for (let sync = 0; sync < 2; sync += 1) {
            for (let step = 0; step < 20; step += 1) {
              if ((await syncStep(ctx, connection.uuid, { pages: 1 })).state !== "continuing") break;
            }
          }

          const lines = await t.db.select().from(bankLines).where(eq(bankLines.legId, checking.id));
          // Never lost, never twice: each of the year's lines once, each with its transaction.
          expect(lines.map((line) => line.lineId).sort()).toEqual(bankLinesOfYear.map((line) => line.id).sort());
          expect(lines.every((line) => line.transactionId !== null)).toBe(true);
          expect(new Set(lines.map((line) => line.transactionId)).size).toBe(lines.length);
          const ledger = await t.db.select().from(transactions).where(eq(transactions.workspaceId, workspaceId));
          const matched = lines.filter((line) => line.joined === "matched");
          // Every line the person typed was recognised: joined, not written a second time.
          expect(new Set(matched.map((line) => line.transactionId))).toEqual(typedIds);
          expect(ledger.length).toBe(uniqueTyped.length + unrelated.length + lines.length - matched.length);
          // A match is the same money, a few days apart at most.
          const byId = new Map(ledger.map((row) => [row.id, row]));
          for (const line of matched) {
            const row = byId.get(line.transactionId!)!;
            const signed = row.originAccountId === checking.id ? -row.amountCents : row.destinationAmountCents;
            expect(signed).toBe(line.amountUnits);
            expect(Math.abs(Date.parse(row.date) - Date.parse(line.date)) / 86_400_000).toBeLessThanOrEqual(3);
          }

          // The same year as a file: every line is one the account has already.
          const form = new FormData();
          form.set("file", new File([ofxOf(bankLinesOfYear)], "extrato.ofx"));
          form.set("target", `account:${checking.id}`);
          const preview = await t.request(`/api/workspaces/${workspaceId}/imports/preview`, {
            method: "POST",
            token: team.owner.token,
            body: form,
          });
          const previewed = (await preview.json()).data;
          expect(preview.status).toBe(200);
          expect(previewed.counts.new).toBe(0);
        } finally {
          await pluggy.stop();
        }
      }),
      { numRuns: 10 },
    );
  });
});
