import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertUser, insertWorkspace } from "../../../db/factories.ts";
import { accounts, cards } from "../../../db/schema/index.ts";
import { effectStatements, runLedgerBatch } from "../../../worker/ledger/apply-effects.ts";
import { noEffects } from "../../../worker/ledger/effects.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testServiceContext } from "../../support/service-context.ts";

/**
 * The write batch itself keeps a card within its limit, whatever the request read before it:
 * here the request "read" a debt of 0 while another write has since taken it to R$ 60,00, the
 * situation two purchases racing past the read-side check end up in.
 */
describe("credit limit guard in the write batch", () => {
  async function cardWithDebt(debtCents: number) {
    const db = await createTestDatabase();
    const ctx = testServiceContext(db);
    const owner = await insertUser(db);
    const workspace = await insertWorkspace(db, { ownerId: owner.id });
    const account = await insertAccount(db, { workspaceId: workspace.id, initialBalanceCents: 50_000 });
    const card = await insertCard(db, { workspaceId: workspace.id, accountId: account.id, creditLimitCents: 10_000 });
    await db.update(cards).set({ debtCents }).where(eq(cards.id, card.id));
    const purchase = (cents: number) => {
      const effects = noEffects();
      effects.cards.set(card.id, cents);
      effects.accounts.set(account.id, -1); // another movement in the same batch, to see it roll back
      return runLedgerBatch(db.batch(effectStatements(ctx, workspace.id, effects) as never));
    };
    const state = async () => ({
      debt: (await db.select().from(cards).where(eq(cards.id, card.id)))[0]!.debtCents,
      balance: (await db.select().from(accounts).where(eq(accounts.id, account.id)))[0]!.balanceCents,
    });
    return { purchase, state };
  }

  it("refuses a charge past the limit with 'Insufficient available credit' and rolls back the whole batch", async () => {
    const { purchase, state } = await cardWithDebt(6_000);
    await expect(purchase(4_001)).rejects.toMatchObject({
      code: "INSUFFICIENT_CREDIT",
      messageKey: { key: "errors:fields.insufficientCredit" },
      fieldErrors: { amount: [{ key: "errors:fields.insufficientCredit" }] },
    });
    expect(await state()).toEqual({ debt: 6_000, balance: 50_000 });
  });

  it("lets a charge up to the limit exactly through, and never blocks payments on a card already over it", async () => {
    const { purchase, state } = await cardWithDebt(6_000);
    await purchase(4_000);
    expect(await state()).toEqual({ debt: 10_000, balance: 49_999 });
    const over = await cardWithDebt(12_000); // the limit was lowered after the debt was run up
    await over.purchase(-3_000);
    expect(await over.state()).toEqual({ debt: 9_000, balance: 49_999 });
  });
});
