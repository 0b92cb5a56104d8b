import { describe, expect, it } from "vitest";
import { newId } from "../../../db/ids.ts";
import { accounts } from "../../../db/schema/index.ts";
import { maxBalanceCents } from "../../../worker/ledger/money.ts";
import { createTestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * Each balance is bounded, but a workspace may hold any number of accounts: a thousand at the
 * bound add up past 2^53 cents, where a sum read as a driver integer throws RangeError. The
 * dashboard's sums are read as exact text, so it answers, to the cent.
 */
describe("dashboard sums past 2^53 cents", () => {
  it("answers the total of a thousand accounts at the bound exactly", async () => {
    const t = await createTestApp();
    const team = await workspaceWithTeam(t, { workspace: { currency: "BRL" } });
    const rows = Array.from({ length: 1_000 }, (_, index) => ({
      id: newId(),
      workspaceId: team.workspace.id,
      name: `Vault ${index}`,
      type: "checking" as const,
      currency: "BRL" as const,
      color: "#3B82F6",
      icon: "banknotes",
      initialBalanceCents: maxBalanceCents,
      balanceCents: index === 0 ? maxBalanceCents - 1 : maxBalanceCents,
    }));
    await t.db.insert(accounts).values(rows);
    const expected = "99999999999989.99"; // 1 000 × 99 999 999 999.99 − 0.01, past 2^53 cents
    expect(BigInt(expected.replace(".", ""))).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));

    const read = (rest: string) =>
      t.request(`/api/workspaces/${team.workspace.id}/dashboard/${rest}`, { token: team.member.token });
    const stats = await read("stats");
    expect(stats.status).toBe(200);
    expect((await stats.json()).data.total_balance).toBe(expected);
    const virtual = await read("virtual-balance");
    expect(virtual.status).toBe(200);
    expect((await virtual.json()).data).toMatchObject({ current_balance: expected, end_balance: expected });
  });
});
