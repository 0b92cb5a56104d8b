/**
 * `npm run user:set-tier -- --email ana@example.com --tier unlimited --beta on`
 * Sets a user's plan (free | unlimited) and beta access; either flag may be left out.
 * Target: LIBSQL_URL (+ LIBSQL_AUTH_TOKEN for Turso), default the database the running `npm start`
 * uses, on whatever port (scripts/local-stack.ts: findLocalDatabase). The user must have signed in at least once.
 */
import { parseArgs } from "node:util";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { findLocalDatabase, orExit } from "./local-stack.ts";
import { resolveTier, tierPlans, type TierPlan } from "../worker/tiers/tiers.ts";

export type SetTierRequest = { email: string; plan?: TierPlan; hasBetaAccess?: boolean };

/** A mistake on the command line: printed as one line with the usage. */
export class UsageError extends Error {}

const usage = "Usage: npm run user:set-tier -- --email <address> [--tier free|unlimited] [--beta on|off]";

function parseOptions(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { email: { type: "string" }, tier: { type: "string" }, beta: { type: "string" } },
    });
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : error}\n${usage}`);
  }
}

export function parseSetTierArguments(argv: string[]): SetTierRequest {
  const { email, tier, beta } = parseOptions(argv).values;
  if (!email?.includes("@")) throw new UsageError(`Give the user's e-mail address.\n${usage}`);
  if (tier !== undefined && !(tierPlans as readonly string[]).includes(tier)) {
    throw new UsageError(`--tier must be one of ${tierPlans.join(", ")}.\n${usage}`);
  }
  if (beta !== undefined && beta !== "on" && beta !== "off")
    throw new UsageError(`--beta must be on or off.\n${usage}`);
  if (tier === undefined && beta === undefined) throw new UsageError(`Give --tier, --beta or both.\n${usage}`);
  return {
    email: email.trim().toLowerCase(),
    ...(tier !== undefined ? { plan: tier as TierPlan } : {}),
    ...(beta !== undefined ? { hasBetaAccess: beta === "on" } : {}),
  };
}

/** Applies the change and describes the user's tier afterwards; throws when no such user exists. */
export async function setTier(db: Database, request: SetTierRequest): Promise<string> {
  const [user] = await db
    .update(schema.users)
    .set({
      ...(request.plan ? { tier: request.plan } : {}),
      ...(request.hasBetaAccess !== undefined ? { hasBetaAccess: request.hasBetaAccess } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(eq(schema.users.email, request.email))
    .returning();
  if (!user)
    throw new UsageError(`No user signs in as ${request.email}. They must sign in once before their tier can be set.`);
  return `${user.email} is now on ${resolveTier(user).label}.`;
}

if (import.meta.main) {
  const database = await orExit(findLocalDatabase());
  const client = createClient(database);
  try {
    const request = parseSetTierArguments(process.argv.slice(2));
    console.log(await setTier(drizzle(client, { schema }) as unknown as Database, request));
  } catch (error) {
    const reason =
      error instanceof UsageError
        ? error.message
        : `Setting the tier in ${database.url} failed: ${error instanceof Error ? error.message : error}`;
    console.error(reason);
    process.exitCode = 1;
  } finally {
    client.close();
  }
}
