/**
 * One factory per entity, used by the seed command and the tests: sensible defaults,
 * overridable fields, rows written through Drizzle into a real database.
 */
import type { Database } from "./client.ts";
import { leads, users, workspaceMembers, workspaces, type WorkspaceRole } from "./schema/index.ts";

let sequence = 0;
const next = () => ++sequence;

export async function insertUser(db: Database, fields: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ email: `person${n}@example.com`, name: `Person ${n}`, ...fields })
    .returning();
  return user!;
}

export async function insertWorkspace(
  db: Database,
  fields: Partial<typeof workspaces.$inferInsert> & { ownerId: string },
) {
  const { ownerId, ...rest } = fields;
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: `Workspace ${next()}`, createdBy: ownerId, ...rest })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: ownerId, role: "owner" });
  return workspace!;
}

export async function addMember(db: Database, input: { workspaceId: string; userId: string; role: WorkspaceRole }) {
  const [member] = await db.insert(workspaceMembers).values(input).returning();
  return member!;
}

export async function insertLead(db: Database, fields: Partial<typeof leads.$inferInsert> = {}) {
  const n = next();
  const [lead] = await db
    .insert(leads)
    .values({ name: `Lead ${n}`, email: `lead${n}@example.com`, phone: "(11) 98765-4321", ...fields })
    .returning();
  return lead!;
}
