import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { insertUser, insertWorkspace } from "../../db/factories.ts";
import { batchByName, batchEndingWith, batchOfStatements } from "../../db/named-batch.ts";
import { reusableRead } from "../../db/reusable-read.ts";
import { workspaces } from "../../db/schema/index.ts";
import { createTestDatabase } from "../support/database.ts";

const workspaceNamed = reusableRead<{ name: string }>()((db, value) =>
  db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.name, value("name"))),
);

async function databaseWithTwoWorkspaces() {
  const db = await createTestDatabase();
  const owner = await insertUser(db);
  const home = await insertWorkspace(db, { ownerId: owner.id, name: "Casa" });
  await insertWorkspace(db, { ownerId: owner.id, name: "Empresa" });
  // One call of the real client's batch is one database round trip.
  const roundTrips = vi.spyOn(db.$client, "batch");
  return { db, home, roundTrips };
}

describe("batchByName", () => {
  it("answers each read by its name, whatever its kind, in one round trip", async () => {
    const { db, roundTrips } = await databaseWithTwoWorkspaces();

    const { before, rows } = await batchByName(db, [db.select({ total: sql<number>`count(*)` }).from(workspaces)], {
      business: workspaceNamed({ name: "Empresa" }),
      all: db.select({ name: workspaces.name }).from(workspaces).orderBy(asc(workspaces.name)),
      nobody: workspaceNamed({ name: "Viagem" }),
      raw: db.all<{ answer: number }>(sql`select 42 as answer`),
    });

    expect(before).toEqual([[{ total: 2 }]]);
    expect(rows).toEqual({
      business: [{ name: "Empresa" }],
      all: [{ name: "Casa" }, { name: "Empresa" }],
      nobody: [],
      raw: [{ answer: 42 }],
    });
    expect(roundTrips).toHaveBeenCalledTimes(1);
    expectTypeOf(rows.business).toEqualTypeOf<{ name: string }[]>();
    expectTypeOf(rows.raw).toEqualTypeOf<{ answer: number }[]>();
    expectTypeOf(before[0]).toEqualTypeOf<{ total: number }[]>();
  });

  it("runs what goes before first, so the reads see a write of the same batch", async () => {
    const { db, home } = await databaseWithTwoWorkspaces();

    const { rows } = await batchByName(
      db,
      [db.update(workspaces).set({ name: "Lar" }).where(eq(workspaces.id, home.id))],
      {
        renamed: workspaceNamed({ name: "Lar" }),
        formerly: workspaceNamed({ name: "Casa" }),
      },
    );

    expect(rows).toEqual({ renamed: [{ name: "Lar" }], formerly: [] });
  });

  it("runs the named items in the record's order, so a read named after a write sees it", async () => {
    const { db, home } = await databaseWithTwoWorkspaces();

    const { rows } = await batchByName(db, [], {
      before: workspaceNamed({ name: "Lar" }),
      renamed: db.update(workspaces).set({ name: "Lar" }).where(eq(workspaces.id, home.id)),
      after: workspaceNamed({ name: "Lar" }),
    });

    expect([rows.before, rows.renamed.rowsAffected, rows.after]).toEqual([[], 1, [{ name: "Lar" }]]);
  });

  it("does not send a read left undefined, and answers undefined under its name", async () => {
    const { db, roundTrips } = await databaseWithTwoWorkspaces();
    const needed = false;

    const { rows } = await batchByName(db, [], {
      home: workspaceNamed({ name: "Casa" }),
      maybe: needed ? workspaceNamed({ name: "Empresa" }) : undefined,
    });

    expect(rows).toEqual({ home: [{ name: "Casa" }], maybe: undefined });
    expect(Object.keys(rows)).toEqual(["home", "maybe"]);
    expect(roundTrips.mock.calls[0]![0]).toHaveLength(1);
    expectTypeOf(rows.maybe).toEqualTypeOf<{ name: string }[] | undefined>();
  });

  it("makes no round trip for nothing", async () => {
    const { db, roundTrips } = await databaseWithTwoWorkspaces();

    expect(await batchByName(db, [], {})).toEqual({ before: [], rows: {} });
    await batchOfStatements(db, []);

    expect(roundTrips).not.toHaveBeenCalled();
  });
});

describe("batchEndingWith", () => {
  it("runs every statement atomically and answers what the last one did", async () => {
    const { db, home, roundTrips } = await databaseWithTwoWorkspaces();
    const rename = (name: string) => db.update(workspaces).set({ name }).where(eq(workspaces.id, home.id));

    const applied = await batchEndingWith(
      db,
      [rename("Lar")],
      db.delete(workspaces).where(eq(workspaces.name, "Empresa")),
    );
    const missed = await batchEndingWith(
      db,
      [rename("Casa")],
      db.delete(workspaces).where(eq(workspaces.name, "Viagem")),
    );

    expect([applied.rowsAffected, missed.rowsAffected]).toEqual([1, 0]);
    expect(await db.select({ name: workspaces.name }).from(workspaces)).toEqual([{ name: "Casa" }]);
    expect(roundTrips).toHaveBeenCalledTimes(2);
  });
});
