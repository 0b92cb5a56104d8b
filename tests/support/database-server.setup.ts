import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { freePort, migrateDatabase, startDatabase } from "../../scripts/local-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** A real sqld on a free loopback port with the migrations applied, for the Worker tests. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "moneta-sqld-"));
  const database = await startDatabase({ dataDir, port: await freePort() });
  await migrateDatabase(database.url);
  project.provide("databaseUrl", database.url);
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
