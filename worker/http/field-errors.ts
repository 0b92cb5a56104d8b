import {
  isMessageKey,
  type FieldMessages,
  type Message,
  type MessageValues,
  unspecifiedFieldMessage,
} from "./messages.ts";

type Issue = {
  path: ReadonlyArray<PropertyKey>;
  message: string;
  code?: string;
  params?: unknown;
  maximum?: unknown;
  minimum?: unknown;
};
export type Issues = { issues: ReadonlyArray<Issue> };

/** The sentence's values: a custom issue's params, or the bound a length or size check names ({{max}}, {{min}}). */
function valuesOf(issue: Issue): MessageValues | undefined {
  if (issue.code === "custom" && issue.params && typeof issue.params === "object") return issue.params as MessageValues;
  if (issue.code === "too_big" && issue.maximum !== undefined) return { max: Number(issue.maximum) };
  if (issue.code === "too_small" && issue.minimum !== undefined) return { min: Number(issue.minimum) };
  return undefined;
}

/** A zod issue as a message; zod's own English (a check given no message of ours) becomes a general one. */
function messageOf(issue: Issue): Message {
  if (!isMessageKey(issue.message)) return { key: unspecifiedFieldMessage };
  const values = valuesOf(issue);
  return values ? { key: issue.message, values } : { key: issue.message };
}

/**
 * Zod issues as a field map of message keys: { "name": [{ key: "errors:fields.nameRequired" }] }.
 * Apart from validation.ts (which brings Hono's validator) so the browser's forms can map their
 * own zod results the same way.
 */
export function fieldErrorsFrom(error: Issues): FieldMessages {
  const fieldErrors: FieldMessages = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    fieldErrors[field] = [...(fieldErrors[field] ?? []), messageOf(issue)];
  }
  return fieldErrors;
}
