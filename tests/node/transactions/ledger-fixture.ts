import { eq } from "drizzle-orm";
import { insertAccount, insertCard, insertTag } from "../../../db/factories.ts";
import { accounts, cards } from "../../../db/schema/index.ts";
import type { TestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * A Brazilian household: a BRL checking account (R$ 1 000,00), a USD account ($ 500.00),
 * a credit card (limit R$ 2 000,00) and a debit card on the checking account, two tags.
 */
export async function householdLedger(t: TestApp) {
  const team = await workspaceWithTeam(t, { workspace: { currency: "BRL", timeZone: "America/Sao_Paulo" } });
  const workspaceId = team.workspace.id;
  const checking = await insertAccount(t.db, {
    workspaceId,
    name: "Nubank",
    currency: "BRL",
    initialBalanceCents: 100_000,
  });
  const dollars = await insertAccount(t.db, {
    workspaceId,
    name: "Wise USD",
    currency: "USD",
    initialBalanceCents: 50_000,
  });
  const credit = await insertCard(t.db, {
    workspaceId,
    accountId: checking.id,
    name: "Roxinho",
    creditLimitCents: 200_000,
    billingCycleDay: 5,
  });
  const debit = await insertCard(t.db, {
    workspaceId,
    accountId: checking.id,
    name: "Débito",
    type: "debit",
    mode: "debit",
    creditLimitCents: null,
  });
  const food = await insertTag(t.db, { workspaceId, name: "Food" });
  const home = await insertTag(t.db, { workspaceId, name: "Home" });
  const path = (suffix = "") => `/api/workspaces/${workspaceId}/transactions${suffix}`;

  async function record(body: Record<string, unknown>, token = team.member.token) {
    return t.request(path(), { method: "POST", token, json: body });
  }

  async function balances() {
    const accountRows = await t.db.select().from(accounts).where(eq(accounts.workspaceId, workspaceId));
    const cardRows = await t.db.select().from(cards).where(eq(cards.workspaceId, workspaceId));
    const byId = new Map<string, number>([
      ...accountRows.map((row) => [row.id, row.balanceCents] as const),
      ...cardRows.map((row) => [row.id, row.debtCents] as const),
    ]);
    return {
      checking: byId.get(checking.id),
      dollars: byId.get(dollars.id),
      creditDebt: byId.get(credit.id),
      debitDebt: byId.get(debit.id),
    };
  }

  return { ...team, workspaceId, checking, dollars, credit, debit, food, home, path, record, balances };
}

export type HouseholdLedger = Awaited<ReturnType<typeof householdLedger>>;
