import { z } from "zod";

/**
 * Counts, days and terms. In a JSON body a whole number is a JSON number and nothing else: `true`,
 * `[12]`, `"12"` or `1.5` are refused at the field, never read as 1 or 12 (docs/api.md: "Requests").
 * Forms read their text into numbers at their own boundary before these schemas see it.
 */
export const wholeNumberSchema = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** A query string's digits ("2") as that number; anything else ("2abc", "1e3", "", a repeated key) is refused. */
const digitsOnly = (value: unknown) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value);

/** A whole number in a query string (?page=2), where every value is text. */
export const queryWholeNumberSchema = (message: string, min: number, max: number) =>
  z.preprocess(digitsOnly, wholeNumberSchema(message, min, max));
