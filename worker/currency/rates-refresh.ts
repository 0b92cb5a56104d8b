import { sql } from "drizzle-orm";
import { accounts, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { currentRates } from "./exchange-rates.service.ts";
import { isRateCurrency } from "./rate-currencies.ts";

/**
 * The cron's hourly refresh (README: "Exchange rates"): the rates of every currency a workspace
 * or an account is kept in, each base fetched only when its cache entry is past the hour, so a
 * run every 5 minutes asks the providers about once an hour per base. One base failing does not
 * stop the others; each is logged.
 */
export async function refreshRatesInUse(ctx: ServiceContext): Promise<{ refreshed: string[]; failed: string[] }> {
  const rows = await ctx.db.all<{ currency: string }>(
    sql`select ${workspaces.currency} as currency from ${workspaces} union select ${accounts.currency} from ${accounts}`,
  );
  const bases = rows.map((row) => row.currency).filter(isRateCurrency);
  const outcomes = await Promise.allSettled(bases.map((base) => currentRates(ctx, base, { keep: "now" })));
  const failed = bases.filter((_, index) => outcomes[index]!.status === "rejected");
  if (failed.length > 0) ctx.log.error("rates.refresh_failed", { bases: failed.join(",") });
  return { refreshed: bases.filter((base) => !failed.includes(base)), failed };
}
