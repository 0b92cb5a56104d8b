import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { DatabaseConfig } from "./client.ts";

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** Applies every migration in migrations/ not yet recorded in the target database. */
export async function applyMigrations(config: DatabaseConfig): Promise<void> {
  const client = createClient({ url: config.url, authToken: config.authToken || undefined });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    client.close();
  }
}

function readTarget(argv: string[]): DatabaseConfig {
  const urlFlag = argv.indexOf("--url");
  const url = urlFlag >= 0 ? argv[urlFlag + 1] : process.env.LIBSQL_URL;
  if (!url) {
    throw new Error("Give the database: --url <libsql url> or LIBSQL_URL (token in LIBSQL_AUTH_TOKEN).");
  }
  return { url, authToken: process.env.LIBSQL_AUTH_TOKEN };
}

if (import.meta.main) {
  try {
    const target = readTarget(process.argv.slice(2));
    await applyMigrations(target);
    console.log(`Migrations applied to ${new URL(target.url).host || target.url}.`);
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
