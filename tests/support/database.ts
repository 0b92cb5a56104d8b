import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../../db/client.ts";
import { applyMigrations } from "../../db/migrate.ts";
import * as schema from "../../db/schema/index.ts";

/**
 * A fresh libSQL database with the real migrations applied: no mocks. A file in a
 * throwaway folder (libSQL's :memory: gives each connection its own empty database,
 * and the migrator opens more than one).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "moneta-test-")), "test.db")}`;
  await applyMigrations({ url });
  return drizzle(createClient({ url }), { schema }) as unknown as Database;
}
