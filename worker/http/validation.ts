import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { AppError, type FieldErrors } from "./errors.ts";

type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/** Zod issues as the envelope's field map: { "name": ["Name is required"] }. */
export function fieldErrorsFrom(error: Issues): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
}

export function validationError(error: Issues): AppError {
  return new AppError("VALIDATION_FAILED", "Some fields need your attention.", {
    fieldErrors: fieldErrorsFrom(error),
  });
}

/** zValidator that answers 422 in the shared envelope; routes get typed, parsed input. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

/** For schemas chosen per request (e.g. by language): the body parsed, then validated, 400/422 as usual. */
export async function parseJsonBody<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new AppError("MALFORMED_JSON", "The request body is not valid JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
