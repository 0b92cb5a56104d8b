import { sql } from "drizzle-orm";
import { addMember, insertWorkspace } from "../../db/factories.ts";
import type { Database } from "../../db/client.ts";
import type { users, workspaces } from "../../db/schema/index.ts";
import { signInAs } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

export type SignedIn = Awaited<ReturnType<typeof signInAs>>;

/**
 * A workspace with one signed-in person per role: owner, admin, member and viewer.
 * `owner` takes the owner's account fields (tier, beta access…).
 */
export async function workspaceWithTeam(
  t: TestApp,
  options: { owner?: Partial<typeof users.$inferInsert>; workspace?: Partial<typeof workspaces.$inferInsert> } = {},
) {
  const owner = await signInAs(t, { name: "Olivia Owner", ...options.owner });
  const workspace = await insertWorkspace(t.db, { ownerId: owner.user.id, ...options.workspace });
  const admin = await signInAs(t, { name: "Adam Admin" });
  const member = await signInAs(t, { name: "Mia Member" });
  const viewer = await signInAs(t, { name: "Vic Viewer" });
  await addMember(t.db, { workspaceId: workspace.id, userId: admin.user.id, role: "admin" });
  await addMember(t.db, { workspaceId: workspace.id, userId: member.user.id, role: "member" });
  await addMember(t.db, { workspaceId: workspace.id, userId: viewer.user.id, role: "viewer" });
  return { workspace, owner, admin, member, viewer };
}

/** Every row of every table, to prove a refused request changed nothing. */
export async function snapshotDatabase(db: Database): Promise<Record<string, unknown[]>> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`,
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    snapshot[name] = await db.all(sql.raw(`select * from "${name}" order by rowid`));
  }
  return snapshot;
}
