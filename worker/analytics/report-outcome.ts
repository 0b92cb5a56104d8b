import { AppError } from "../http/errors.ts";
import type { Message } from "../http/messages.ts";

/** A report's figures, or why there are none: the plan (free plan: from `freeFrom`) or the range asked. */
export type Report<T> =
  | { state: "ready"; data: T }
  | { state: "locked"; freeFrom: string }
  | { state: "refused"; field: string; message: Message };

/**
 * A report as the analytics page and its PDF show it: its figures, locked by the plan (with the date
 * the free plan reads from), or refused for the range asked (the message, as a key, to say in its
 * place). Anything else is a real failure and propagates.
 */
export async function settledReport<T>(work: Promise<T>): Promise<Report<T>> {
  try {
    return { state: "ready", data: await work };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "PLAN_UPGRADE_REQUIRED")
      return { state: "locked", freeFrom: String(error.messageKey.values?.from ?? "") };
    if (error.code === "VALIDATION_FAILED") {
      const [field, messages] = Object.entries(error.fieldErrors ?? {})[0] ?? ["from", []];
      const message: Message = messages[0] ?? { key: "errors:fields.invalid" };
      return { state: "refused", field, message };
    }
    throw error;
  }
}
