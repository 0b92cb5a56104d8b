import type { FieldErrors } from "./errors.ts";

export type Issues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };

/**
 * Zod issues as the envelope's field map: { "name": ["Name is required"] }. Apart from
 * validation.ts (which brings Hono's validator) so the browser's forms can map their own
 * zod results the same way.
 */
export function fieldErrorsFrom(error: Issues): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  return fieldErrors;
}
