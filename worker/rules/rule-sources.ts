/**
 * Where a line came from: typed in the app, a statement import, the WhatsApp assistant, a bank connection. No
 * zod here: the rule dialog shows these while the page loads; the schema (./rules.schemas.ts) checks them.
 */
export const ruleSources = ["typed", "imported", "assistant", "bank"] as const;
export type RuleSource = (typeof ruleSources)[number];

/** What a rule runs on when it does not say: money from outside, never what a person typed. */
export const defaultRuleSources: readonly RuleSource[] = ["imported", "assistant", "bank"];
