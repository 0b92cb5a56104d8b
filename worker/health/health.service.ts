import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { appVersion } from "../env.ts";
import { databaseUnavailable } from "../http/errors.ts";

export type Health = {
  status: "ok";
  database: "reachable";
  /** The exchange-rate cache's KV namespace. Rates are kept in the database too, so the app works without it: it only reports. */
  cache: "reachable" | "unreachable";
  version: string;
  environment: string;
  time: string;
};

const cacheProbeKey = "health:probe";

async function probeCache(ctx: ServiceContext): Promise<Health["cache"]> {
  try {
    await ctx.env.EXCHANGE_RATES.get(cacheProbeKey);
    return "reachable";
  } catch (error) {
    ctx.log.error("health.cache_unreachable", { error: String(error) });
    return "unreachable";
  }
}

export async function checkHealth(ctx: ServiceContext): Promise<Health> {
  const [database, cache] = await Promise.allSettled([ctx.db.run(sql`select 1`), probeCache(ctx)]);
  if (database.status === "rejected") {
    ctx.log.error("health.database_unreachable", { error: String(database.reason) });
    throw databaseUnavailable(database.reason);
  }
  return {
    status: "ok",
    database: "reachable",
    cache: cache.status === "fulfilled" ? cache.value : "unreachable",
    version: appVersion,
    environment: ctx.env.APP_ENV,
    time: ctx.clock.now().toISOString(),
  };
}
