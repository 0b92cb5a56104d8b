import { sql } from "drizzle-orm";
import { probeWrites } from "../../db/client.ts";
import type { ServiceContext } from "../context.ts";
import { appVersion } from "../env.ts";
import { databaseReadOnly, databaseUnavailable } from "../http/errors.ts";
import type { Health } from "./health.responses.ts";

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
  const [reads, writes, cache] = await Promise.allSettled([
    ctx.db.run(sql`select 1`),
    probeWrites(ctx.db),
    probeCache(ctx),
  ]);
  if (reads.status === "rejected") {
    ctx.log.error("health.database_unreachable", { error: String(reads.reason) });
    throw databaseUnavailable(reads.reason);
  }
  if (writes.status === "rejected") {
    ctx.log.error("health.database_read_only", { error: String(writes.reason) });
    throw databaseReadOnly(writes.reason);
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
