import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index.ts";
import { demoEmails, seedDemo } from "../../db/seed.ts";
import { createTestDatabase } from "../support/database.ts";

describe("the demo seed", () => {
  it("writes a household with members in three workspaces, once", async () => {
    const db = await createTestDatabase();
    expect(await seedDemo(db, { reset: false })).toBe("seeded");
    expect(await seedDemo(db, { reset: false })).toBe("already-seeded");

    const [ana] = await db.select().from(schema.users).where(eq(schema.users.email, demoEmails.owner));
    const memberships = await db.select().from(schema.workspaceMembers).where(eq(schema.workspaceMembers.userId, ana!.id));
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
