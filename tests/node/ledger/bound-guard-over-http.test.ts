import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../../db/client.ts";
import { insertAccount, insertUser, insertWorkspace } from "../../../db/factories.ts";
import { effectStatements, runLedgerBatch } from "../../../worker/ledger/apply-effects.ts";
import { noEffects } from "../../../worker/ledger/effects.ts";
import { maxBalanceCents } from "../../../worker/ledger/money.ts";
import { freePort, migrateDatabase, startDatabase } from "../../../scripts/local-stack.ts";
import { testServiceContext } from "../../support/service-context.ts";

/**
 * The balance bound through the driver production uses: libSQL's HTTP client against sqld. Its
 * errors reach runLedgerBatch as they do in the Worker, two batches really race, and the
 * balance stays an exact integer in its column.
 */
describe("balance bound over libSQL's HTTP client", () => {
  let stop: () => Promise<void>;
  let db: Database;
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "moneta-bound-"));
    const database = await startDatabase({ dataDir, port: await freePort() });
    stop = async () => {
      await database.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    await migrateDatabase(database.url);
    db = createDatabase({ url: database.url });
  });
  afterAll(() => stop());

  async function accountAt(balanceCents: number) {
    const owner = await insertUser(db);
    const workspace = await insertWorkspace(db, { ownerId: owner.id });
    const account = await insertAccount(db, { workspaceId: workspace.id, initialBalanceCents: balanceCents });
    const move = (cents: number) => {
      const effects = noEffects();
      effects.accounts.set(account.id, cents);
      return runLedgerBatch(db.batch(effectStatements(testServiceContext(db), workspace.id, effects) as never));
    };
    const stored = async () =>
      (
        await db.all<{ cents: number; kind: string }>(
          sql`select balance_cents as cents, typeof(balance_cents) as kind from accounts where id = ${account.id}`,
        )
      )[0];
    return { move, stored };
  }

  it("moves a balance to the bound exactly and refuses a cent past it", async () => {
    const { move, stored } = await accountAt(maxBalanceCents - 10);
    await move(10);
    await expect(move(1)).rejects.toMatchObject({
      code: "BALANCE_OUT_OF_RANGE",
      fieldErrors: { amount: [expect.objectContaining({ key: "errors:fields.balanceOutOfRange" })] },
    });
    expect(await stored()).toEqual({ cents: maxBalanceCents, kind: "integer" });
  });

  it("lets one of two racing movements past the bound land", async () => {
    const { move, stored } = await accountAt(maxBalanceCents - 15_000);
    const outcomes = await Promise.allSettled([move(10_000), move(10_000)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(await stored()).toEqual({ cents: maxBalanceCents - 5_000, kind: "integer" });
  });
});
