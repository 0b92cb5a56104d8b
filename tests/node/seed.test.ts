import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index.ts";
import { demoEmails, seedDemo } from "../../scripts/seed.ts";
import { createTestDatabase } from "../support/database.ts";

describe("the demo seed", () => {
  it("writes a household with members in three workspaces, once", async () => {
    const db = await createTestDatabase();
    expect(await seedDemo(db, { reset: false })).toBe("seeded");
    expect(await seedDemo(db, { reset: false })).toBe("already-seeded");

    const [ana] = await db.select().from(schema.users).where(eq(schema.users.email, demoEmails.owner));
    const memberships = await db
      .select()
      .from(schema.workspaceMembers)
      .where(eq(schema.workspaceMembers.userId, ana!.id));
    expect(memberships).toHaveLength(3);
    expect(memberships.every((member) => member.role === "owner")).toBe(true);
    expect(await db.select().from(schema.workspaceMembers)).toHaveLength(5);
  });

  it("rewrites the same data on --reset without duplicates", async () => {
    const db = await createTestDatabase();
    await seedDemo(db, { reset: false });
    expect(await seedDemo(db, { reset: true })).toBe("seeded");
    expect(await db.select().from(schema.users)).toHaveLength(3);
    expect(await db.select().from(schema.workspaces)).toHaveLength(3);
    expect(await db.select().from(schema.leads)).toHaveLength(3);
  });
});

describe("the demo ledger", () => {
  it("keeps every balance and card debt equal to what its rows imply", async () => {
    const db = await createTestDatabase();
    await seedDemo(db, { reset: false });
    const mismatches = await db.all(sql`select a.name, a.balance_cents,
        a.initial_balance_cents
        + (select coalesce(sum(destination_amount_cents), 0) from transactions where destination_account_id = a.id)
        - (select coalesce(sum(amount_cents), 0) from transactions where origin_account_id = a.id) as implied
      from accounts a where implied != a.balance_cents`);
    expect(mismatches).toEqual([]);
    const [card] = await db.all<{ debt_cents: number; implied: number }>(sql`select c.debt_cents,
        (select coalesce(sum(amount_cents), 0) from transactions where origin_card_id = c.id and origin_card_mode = 'credit')
        - (select coalesce(sum(destination_amount_cents), 0) from transactions where destination_card_id = c.id) as implied
      from cards c where c.type = 'credit'`);
    expect(card!.debt_cents).toBe(card!.implied);
    expect(await db.select().from(schema.transactions)).toHaveLength(320);
    const [home] = await db.select().from(schema.workspaces).where(eq(schema.workspaces.name, "Casa Souza"));
    expect(home!.transactionCount).toBe(320);
  });
});
