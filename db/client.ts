import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema/index.ts";

export type DatabaseConfig = { url: string; authToken?: string };

/**
 * Drizzle over libSQL's HTTP client: the only driver that runs inside workerd, and the
 * same one for local sqld and Turso. One client per isolate and URL.
 */
export function createDatabase(config: DatabaseConfig) {
  const client = createClient({ url: config.url, authToken: config.authToken || undefined });
  return drizzle(client, { schema });
}

export type Database = ReturnType<typeof createDatabase>;
