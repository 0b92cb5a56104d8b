import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { appVersion } from "../env.ts";
import { AppError } from "../http/errors.ts";

export type Health = {
  status: "ok";
  database: "reachable";
  version: string;
  environment: string;
  time: string;
};

export async function checkHealth(ctx: ServiceContext): Promise<Health> {
  try {
    await ctx.db.run(sql`select 1`);
  } catch (error) {
    ctx.log.error("health.database_unreachable", { error: String(error) });
    throw new AppError("SERVICE_UNAVAILABLE", "The database cannot be reached right now.");
  }
  return {
    status: "ok",
    database: "reachable",
    version: appVersion,
    environment: ctx.env.APP_ENV,
    time: ctx.clock.now().toISOString(),
  };
}
