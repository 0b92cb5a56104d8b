import { z } from "zod";
import { accountTypes, currencies } from "../../db/enums.ts";

/**
 * An account as the API returns it; amounts are decimal strings in its currency's places, `*_cents` the
 * same in minor units. The balance is as of today in the workspace's time zone (README: "One balance").
 */
export const accountResponseSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  type: z.enum(accountTypes),
  currency: z.enum(currencies),
  balance: z.string(),
  balance_cents: z.number().int(),
  initial_balance: z.string(),
  /** `#RRGGBB`, one of the presets. */
  color: z.string(),
  icon: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});

/** The balance at the end of each of the last `days` days, oldest first (today included, later entries left out). */
export const balanceHistoryResponseSchema = z.object({
  currency: z.enum(currencies),
  points: z.array(z.object({ date: z.string(), balance: z.string(), balance_cents: z.number().int() })),
});
