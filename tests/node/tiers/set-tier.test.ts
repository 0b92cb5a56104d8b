import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { insertUser } from "../../../db/factories.ts";
import { applyMigrations } from "../../../db/migrate.ts";
import * as schema from "../../../db/schema/index.ts";
import { parseSetTierArguments, setTier } from "../../../scripts/set-tier.ts";
import { projectRoot } from "../../../scripts/local-stack.ts";
import { createTestDatabase } from "../../support/database.ts";

const run = promisify(execFile);

describe("the set-tier operator command", () => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestDatabase();
  });

  it("reads --email, --tier and --beta", () => {
    expect(parseSetTierArguments(["--email", " Ana@Example.com", "--tier", "unlimited", "--beta", "on"])).toEqual({
      email: "ana@example.com",
      plan: "unlimited",
      hasBetaAccess: true,
    });
    expect(parseSetTierArguments(["--email", "ana@example.com", "--beta", "off"])).toEqual({
      email: "ana@example.com",
      hasBetaAccess: false,
    });
  });

  it("refuses a missing address, an unknown tier, a bad beta switch or nothing to change", () => {
    expect(() => parseSetTierArguments(["--tier", "free"])).toThrow(/e-mail address/);
    expect(() => parseSetTierArguments(["--email", "a@b.c", "--tier", "gold"])).toThrow(/free, unlimited/);
    expect(() => parseSetTierArguments(["--email", "a@b.c", "--beta", "yes"])).toThrow(/on or off/);
    expect(() => parseSetTierArguments(["--email", "a@b.c"])).toThrow(/--tier, --beta or both/);
    expect(() => parseSetTierArguments(["--email", "a@b.c", "--colour", "red"])).toThrow(/Usage/);
  });

  it("changes only what was asked and says the resulting tier", async () => {
    const user = await insertUser(db, { email: "ana@example.com", hasBetaAccess: true });
    expect(await setTier(db, { email: "ana@example.com", plan: "unlimited" })).toBe(
      "ana@example.com is now on Unlimited + Beta.",
    );
    const [stored] = await db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(stored).toMatchObject({ tier: "unlimited", hasBetaAccess: true });
  });

  it("fails clearly for an address that never signed in", async () => {
    await expect(setTier(db, { email: "ghost@example.com", hasBetaAccess: true })).rejects.toThrow(/must sign in once/);
  });

  it("runs as a command against the database in LIBSQL_URL", async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), "moneta-set-tier-")), "cli.db")}`;
    await applyMigrations({ url });
    const client = createClient({ url });
    const cliDb = drizzle(client, { schema }) as unknown as Database;
    await insertUser(cliDb, { email: "carla@example.com" });
    const node = join(projectRoot, "node_modules", ".bin", "node");
    const script = join(projectRoot, "scripts", "set-tier.ts");
    const env = { ...process.env, LIBSQL_URL: url };
    const { stdout } = await run(
      node,
      [script, "--email", "carla@example.com", "--tier", "unlimited", "--beta", "on"],
      { env },
    );
    expect(stdout.trim()).toBe("carla@example.com is now on Unlimited + Beta.");
    const failure = await run(node, [script, "--email", "nobody@example.com", "--beta", "on"], { env }).catch(
      (error) => error,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/No user signs in as nobody@example.com/);
    client.close();
  }, 30_000);
});
