import { z } from "zod";

export const healthSchema = z.object({
  status: z.literal("ok"),
  /** It answered a read and took (and let go) its write lock; reads alone are 503 DATABASE_READ_ONLY. */
  database: z.literal("reachable"),
  /** The exchange-rate cache's KV namespace. Rates are kept in the database too, so the app works without it: it only reports. */
  cache: z.enum(["reachable", "unreachable"]),
  version: z.string(),
  environment: z.string(),
  time: z.string(),
});

export type Health = z.infer<typeof healthSchema>;
