import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { accountTypes, cardModes, cardTypes, currencies, transactionKinds, type CreatedVia } from "../enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { statementImports } from "./imports.ts";
import { plannedOccurrences } from "./planning.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * The ledger (README: "Money model"). Every amount is an integer number of minor units (cents)
 * with its currency. Balances and card debts are kept in the same atomic batch as the
 * transaction that changes them, so reads never sum the whole history.
 */
const workspaceColumn = () =>
  text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const accounts = sqliteTable(
  "accounts",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    type: text("type", { enum: accountTypes }).notNull(),
    currency: text("currency", { enum: currencies }).notNull(),
    initialBalanceCents: integer("initial_balance_cents").notNull().default(0),
    /** initial balance + inflows − outflows, kept by every transaction write. */
    balanceCents: integer("balance_cents").notNull().default(0),
    color: text("color").notNull(),
    icon: text("icon").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [index("accounts_workspace_idx").on(table.workspaceId, table.createdAt)],
);

export const cards = sqliteTable(
  "cards",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    /** The account the card draws on (debit) or is paid from (credit); its currency is the card's. */
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    lastFourDigits: text("last_four_digits"),
    issuer: text("issuer"),
    /** YYYY-MM */
    expiryDate: text("expiry_date"),
    type: text("type", { enum: cardTypes }).notNull(),
    mode: text("mode", { enum: cardModes }).notNull(),
    creditLimitCents: integer("credit_limit_cents"),
    /** The closing day of each statement (worker/cards/statements.ts clamps it to short months). */
    billingCycleDay: integer("billing_cycle_day").notNull().default(1),
    /** The day a statement is due: the month after closing when not after the closing day (migration 0007). */
    dueDay: integer("due_day").notNull().default(11),
    color: text("color").notNull().default("#F44336"),
    icon: text("icon").notNull().default("credit-card"),
    /** What is owed on the card: purchases raise it, payments and refunds lower it. */
    debtCents: integer("debt_cents").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [index("cards_workspace_idx").on(table.workspaceId), index("cards_account_idx").on(table.accountId)],
);

export const transactions = sqliteTable(
  "transactions",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    description: text("description").notNull(),
    /** YYYY-MM-DD in the workspace's time zone. */
    date: text("date").notNull(),
    /** What leaves the origin (or, for income, what arrives), always positive. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency", { enum: currencies }).notNull(),
    /** What arrives at the destination: differs from amount only across currencies. */
    destinationAmountCents: integer("destination_amount_cents").notNull(),
    destinationCurrency: text("destination_currency", { enum: currencies }).notNull(),
    /** Destination units per origin unit × 1 000 000 (6 decimals), only across currencies. */
    conversionRateMicros: integer("conversion_rate_micros"),
    /**
     * The legs. Money moves in the account columns (a debit card's leg names its card AND its
     * account); a card leg in credit mode moves the card's debt. The mode is frozen on the row,
     * so an edit or delete undoes exactly what the write did, even after a hybrid card switches.
     */
    originAccountId: text("origin_account_id").references(() => accounts.id),
    originCardId: text("origin_card_id").references(() => cards.id),
    originCardMode: text("origin_card_mode", { enum: cardModes }),
    destinationAccountId: text("destination_account_id").references(() => accounts.id),
    destinationCardId: text("destination_card_id").references(() => cards.id),
    destinationCardMode: text("destination_card_mode", { enum: cardModes }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdVia: text("created_via").$type<CreatedVia>().notNull().default("person"),
    /** The scheduled or recurring occurrence this transaction posted, if any (its claim). */
    plannedOccurrenceId: text("planned_occurrence_id").references(() => plannedOccurrences.id),
    /** The statement import that created it, if any: undoing the import removes it. */
    importId: text("import_id").references(() => statementImports.id),
    /** The bank's own id for it (OFX FITID, a CSV identifier): the same id twice in one account or card is one transaction. */
    importedId: text("imported_id"),
    /** What the person wrote about it ("observação"): searched with the description, exported with it. */
    note: text("note"),
    /** Who was paid or paid (income and expenses only): README "Payees". */
    payeeId: text("payee_id").references((): AnySQLiteColumn => payees.id, { onDelete: "set null" }),
    /** Bumped by every edit; balance changes only apply while the row is at the revision that was read. */
    revision: integer("revision").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [
    index("transactions_workspace_date_idx").on(table.workspaceId, table.date, table.id),
    index("transactions_workspace_created_idx").on(table.workspaceId, table.createdAt),
    index("transactions_origin_account_idx").on(table.originAccountId, table.date),
    index("transactions_destination_account_idx").on(table.destinationAccountId, table.date),
    index("transactions_origin_card_idx").on(table.originCardId, table.date),
    index("transactions_destination_card_idx").on(table.destinationCardId, table.date),
    // A plan's installments are found from their claims (migration 0009).
    index("transactions_planned_occurrence_idx").on(table.plannedOccurrenceId),
    index("transactions_import_idx").on(table.importId),
    index("transactions_payee_idx").on(table.payeeId, table.date),
    // A bank's id is taken once per account or card (migration 0014): a second import of a line fails its batch.
    uniqueIndex("transactions_imported_id_unique")
      .on(
        sql`coalesce(${table.originCardId}, ${table.destinationCardId}, ${table.originAccountId}, ${table.destinationAccountId})`,
        table.importedId,
      )
      .where(sql`${table.importedId} is not null`),
  ],
);

export const tags = sqliteTable(
  "tags",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    color: text("color").notNull().default("#9E9E9E"),
    description: text("description"),
    /**
     * The category a subcategory belongs to, null for a top-level tag (README: "Tags and categories"):
     * two levels only, in the same workspace — worker/tags/tags.service.ts checks both. A tag with
     * subcategories cannot be deleted while they point at it.
     */
    parentId: text("parent_id").references((): AnySQLiteColumn => tags.id),
    /** How many transactions carry the tag themselves, kept by triggers on transaction_tags (migrations 0004, 0019). */
    usageCount: integer("usage_count").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [
    uniqueIndex("tags_workspace_name_unique").on(table.workspaceId, sql`lower(${table.name})`),
    index("tags_workspace_parent_idx").on(table.workspaceId, table.parentId),
  ],
);

export const transactionTags = sqliteTable(
  "transaction_tags",
  {
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    /**
     * The transaction's date, copied here by triggers (migration 0004) so a tag's last use is one
     * index seek, not a walk over every transaction it was ever on.
     */
    transactionDate: text("transaction_date").notNull().default(""),
    /**
     * 1 for a category the transaction carries only through one of its subcategories (the roll-up:
     * filters, budgets and reports by the category find it, once); 0 for a tag it carries itself.
     * Written only by worker/ledger/tag-links.ts.
     */
    implied: integer("implied").notNull().default(0),
    /**
     * A split transaction's amount under this tag: the parts filed under it summed (README: "Split
     * transactions"); null for a transaction that is not split, whose whole amount counts under each tag.
     * Derived from the parts by worker/ledger/tag-links.ts and never updated in place: a link whose
     * share changes is deleted and inserted again, so the rollup triggers see both.
     */
    shareUnits: integer("share_units"),
  },
  (table) => [
    primaryKey({ columns: [table.transactionId, table.tagId] }),
    // A tag's last use of its own is one seek (migration 0019 added `implied` to it).
    index("transaction_tags_tag_date_idx").on(table.tagId, table.implied, table.transactionDate),
  ],
);

/**
 * The parts of a split income or expense (README: "Split transactions"): each an amount in the
 * transaction's currency, filed under its own tags, with an optional note. The parts sum to the
 * transaction's amount exactly, checked in the batch that writes them; the account or card sees one
 * movement, the tags' rollups see the parts (through transaction_tags.share_units). A transaction
 * that is not split has none.
 */
export const transactionParts = sqliteTable(
  "transaction_parts",
  {
    id: idColumn(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    /** 0, 1, 2…: the order the person gave them. */
    position: integer("position").notNull(),
    amountCents: integer("amount_cents").notNull(),
    note: text("note"),
  },
  (table) => [uniqueIndex("transaction_parts_position_unique").on(table.transactionId, table.position)],
);

/**
 * The tags each part is given: at least one per part, so a split transaction's whole amount is filed
 * somewhere. A tag on a part cannot be deleted from under it (no cascade): deleting it asks where
 * those parts go.
 */
export const transactionPartTags = sqliteTable(
  "transaction_part_tags",
  {
    partId: text("part_id")
      .notNull()
      .references(() => transactionParts.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => tags.id),
  },
  (table) => [
    primaryKey({ columns: [table.partId, table.tagId] }),
    index("transaction_part_tags_tag_idx").on(table.tagId),
  ],
);

/**
 * Payees (README: "Payees"): who an income came from or an expense went to, by the name the person
 * uses ("Uber"), unique in the workspace whatever the letter case. Totals per currency and kind are kept
 * by triggers in payee_totals (migration 0021).
 */
export const payees = sqliteTable(
  "payees",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [uniqueIndex("payees_workspace_name_unique").on(table.workspaceId, sql`lower(${table.name})`)],
);

/**
 * The names a payee was seen as, by their key (worker/payees/payee-names.ts: "UBER *TRIP 8F2K" and
 * "Uber Trip" share the key "uber trip"): a line from outside whose description has a key here is that
 * payee's. Learned as payees are created from imported lines, renamed and merged.
 */
export const payeeNames = sqliteTable(
  "payee_names",
  {
    workspaceId: workspaceColumn(),
    key: text("key").notNull(),
    payeeId: text("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.key] }),
    index("payee_names_payee_idx").on(table.payeeId),
  ],
);

/** Per payee, kind and currency: how many transactions and how much, kept by triggers on transactions (migration 0021). */
export const payeeTotals = sqliteTable(
  "payee_totals",
  {
    payeeId: text("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: transactionKinds }).notNull(),
    currency: text("currency").notNull(),
    amountUnits: integer("amount_units").notNull().default(0),
    transactionCount: integer("transaction_count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.payeeId, table.kind, table.currency] })],
);

/**
 * Rules that file money as it enters (README: "Rules"): conditions on a line (its text, payee, amount,
 * kind, account or card, and where it came from) → actions (tags, payee, description, note, a split).
 * Ordered by `position`; for each action the first matching rule that has it wins; a paused rule does
 * nothing. Conditions and actions are JSON checked by worker/rules/rules.schemas.ts.
 */
export const rules = sqliteTable(
  "rules",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    conditions: text("conditions", { mode: "json" }).notNull(),
    actions: text("actions", { mode: "json" }).notNull(),
    revision: integer("revision").notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: timestampColumn("updated_at"),
  },
  (table) => [index("rules_workspace_position_idx").on(table.workspaceId, table.position)],
);

/**
 * What a person keeps doing by hand, counted so a rule can be offered (README: "Rules"): each time they
 * re-tag a transaction of a payee with the same tags. At two, "Always tag Uber as Transporte?" is offered,
 * once: accepting makes the rule, declining answers it too, and an answered one is never offered again.
 */
export const ruleSuggestions = sqliteTable(
  "rule_suggestions",
  {
    workspaceId: workspaceColumn(),
    payeeId: text("payee_id")
      .notNull()
      .references(() => payees.id, { onDelete: "cascade" }),
    /** The tags given, sorted, as JSON: one suggestion per payee and set of tags. */
    tagIds: text("tag_ids").notNull(),
    times: integer("times").notNull().default(0),
    answeredAt: timestampColumn("answered_at"),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.payeeId, table.tagIds] })],
);

/**
 * Rules applied to transactions already written (README: "Rules"): a run scans the workspace in chunks,
 * keeps each change it would make (what the transaction had, what it will have), shows how many and a
 * sample, applies them in chunks, and undoes them as one step — each change only while the transaction
 * is as the run left it.
 */
export const ruleRuns = sqliteTable(
  "rule_runs",
  {
    id: idColumn(),
    workspaceId: workspaceColumn(),
    /** The rule applied; null for every rule that is not paused, in their order. */
    ruleId: text("rule_id").references(() => rules.id, { onDelete: "set null" }),
    /** scanning → ready → applied → undone. */
    status: text("status", { enum: ["scanning", "ready", "applied", "undone"] })
      .notNull()
      .default("scanning"),
    /** Where the scan stands: the last transaction read, in (date, id) order. */
    cursorDate: text("cursor_date").notNull().default(""),
    cursorId: text("cursor_id").notNull().default(""),
    scannedCount: integer("scanned_count").notNull().default(0),
    matchedCount: integer("matched_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    appliedAt: timestampColumn("applied_at"),
    undoneAt: timestampColumn("undone_at"),
  },
  (table) => [index("rule_runs_workspace_idx").on(table.workspaceId, table.createdAt)],
);

/** One change a run makes: the transaction's revision when scanned, what it had and what it will have (JSON). */
export const ruleRunChanges = sqliteTable(
  "rule_run_changes",
  {
    runId: text("run_id")
      .notNull()
      .references(() => ruleRuns.id, { onDelete: "cascade" }),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => transactions.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    before: text("before", { mode: "json" }).notNull(),
    after: text("after", { mode: "json" }).notNull(),
    /** 0 waiting, 1 applied, 2 skipped (changed before the apply), 3 undone, 4 kept (changed after the apply, so not undone). */
    state: integer("state").notNull().default(0),
    /** What the apply wrote into the transaction's updated_at: how the undo knows nobody edited it since. */
    appliedMark: text("applied_mark"),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.transactionId] }),
    index("rule_run_changes_state_idx").on(table.runId, table.state),
  ],
);
