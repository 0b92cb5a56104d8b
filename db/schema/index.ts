export * from "./invitations.ts";
export * from "./job-runs.ts";
export * from "./leads.ts";
export * from "./pictures.ts";
export * from "./preferences.ts";
export * from "./rate-limits.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
export * from "./ledger.ts";
export * from "./planning.ts";
export * from "./idempotency-keys.ts";
/** The tables' value lists and their types, for server code that reads the tables; the browser imports db/enums.ts itself. */
export * from "../enums.ts";
export * from "./loans.ts";
export * from "./exchange-rates.ts";
export * from "./rollups.ts";
export * from "./budgets-goals.ts";
export * from "./imports.ts";
