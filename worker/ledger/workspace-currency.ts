import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { workspaces } from "../../db/schema/index.ts";

/** The workspace's currency, evaluated once per statement by SQLite: a read batch need not know it first. */
export function workspaceCurrency(workspaceId: string | Placeholder): SQL<string> {
  return sql<string>`(select ${workspaces.currency} from ${workspaces} where ${workspaces.id} = ${workspaceId})`;
}
