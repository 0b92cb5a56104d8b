import type { ResultSet } from "@libsql/client";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertUser, insertWorkspace } from "../../db/factories.ts";
import { batchItemOf, reusableRead } from "../../db/reusable-read.ts";
import { workspaces } from "../../db/schema/index.ts";
import { createTestDatabase } from "../support/database.ts";

describe("reusableRead", () => {
  it("builds its SQL once, binds each use's own values in the same batch too, and runs on any database", async () => {
    let builds = 0;
    const workspaceNamed = reusableRead<{ name: string }>()((db, value) => {
      builds += 1;
      return db
        .select({ name: workspaces.name })
        .from(workspaces)
        .where(eq(workspaces.name, value("name")))
        .orderBy(asc(workspaces.id));
    });
    const db = await createTestDatabase();
    const owner = await insertUser(db);
    await insertWorkspace(db, { ownerId: owner.id, name: "Casa" });
    await insertWorkspace(db, { ownerId: owner.id, name: "Empresa" });

    const [home, business, nobody] = await db.batch([
      workspaceNamed({ name: "Casa" }),
      workspaceNamed({ name: "Empresa" }),
      workspaceNamed({ name: "Viagem" }),
    ]);
    expect([home, business, nobody]).toEqual([[{ name: "Casa" }], [{ name: "Empresa" }], []]);
    expect(builds).toBe(1);

    // Built once per isolate, not per database client: every request has a client of its own.
    const other = await createTestDatabase();
    expect(await other.batch([workspaceNamed({ name: "Casa" })])).toEqual([[]]);
    expect(builds).toBe(1);
  });

  // The guard on drizzle's private API (db/reusable-read.ts, batchItemOf): if an upgrade stops
  // db.batch from calling `_prepare()` and then `getQuery()` / `mapResult(result, true)`, this fails.
  it("drizzle's batch still takes a prepared read through batchItemOf: its SQL is sent and its rows are mapped", async () => {
    const calls: string[] = [];
    const seven = batchItemOf<{ n: number }[]>({
      getQuery: () => {
        calls.push("getQuery");
        return { sql: "select ? as n", params: [7] };
      },
      mapResult: (result, isFromBatch) => {
        calls.push(`mapResult(${isFromBatch})`);
        return (result as ResultSet).rows.map((row) => ({ n: Number(row.n) }));
      },
    });
    const db = await createTestDatabase();

    expect(await db.batch([seven])).toEqual([[{ n: 7 }]]);
    expect(calls).toEqual(["getQuery", "mapResult(true)"]);
  });
});
