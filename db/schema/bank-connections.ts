import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bankConnectionStatuses, bankLineJoins, bankProviders, remoteAccountKinds } from "../enums.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { accounts, cards, transactions } from "./ledger.ts";
import { installmentPlans } from "./planning.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * A bank reached through a provider (README: "Bank connections"): Pluggy's item, or a SimpleFIN access.
 * What reaches the bank is never stored in the clear: SimpleFIN's access URL (credentials inside) is sealed
 * with the Worker's BANK_SECRETS_KEY (worker/bank-connections/sealed-secrets.ts); Pluggy's item id is only
 * useful with our client secret. A disconnected connection stays, so its transactions can say where they
 * came from.
 */
export const bankConnections = sqliteTable(
  "bank_connections",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: bankProviders }).notNull(),
    /** The bank's name as the provider gives it ("Nubank"). */
    institution: text("institution").notNull(),
    /** Pluggy's item id; null for SimpleFIN. */
    externalId: text("external_id"),
    /** SimpleFIN's access URL, sealed (AES-GCM, the row's id as associated data); null for Pluggy and once disconnected. */
    sealedAccess: text("sealed_access"),
    status: text("status", { enum: bankConnectionStatuses }).notNull().default("active"),
    /** The provider's last failure in its own words (code and message), shown translated by its status. */
    lastError: text("last_error"),
    /** When the Open Finance consent ends, when the provider says (Pluggy's consentExpiresAt). */
    consentExpiresAt: timestampColumn("consent_expires_at"),
    lastSyncedAt: timestampColumn("last_synced_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    disconnectedAt: timestampColumn("disconnected_at"),
    /**
     * The sync that is bringing lines in (worker/bank-connections/bank-sync.ts): its id while it runs (null
     * when none does), when it started, and what it did so far (JSON: new, matched, updated, flagged lines).
     * The summary stays after the sync ends, for the person to read.
     */
    syncRunId: text("sync_run_id"),
    syncStartedAt: timestampColumn("sync_started_at"),
    syncSummary: text("sync_summary"),
    /** Set by "Sync now" and the provider's webhooks: the next tick syncs this connection first. */
    syncRequestedAt: timestampColumn("sync_requested_at"),
    /** Two syncs of one connection never run at once: the one holding this lease until it lapses writes. */
    leaseId: text("lease_id"),
    leaseUntil: timestampColumn("lease_until"),
  },
  (table) => [
    index("bank_connections_workspace_idx").on(table.workspaceId, table.createdAt),
    // One connection per Pluggy item: connecting the same item twice finds the first.
    uniqueIndex("bank_connections_external_unique")
      .on(table.provider, table.externalId)
      .where(sql`${table.externalId} is not null and ${table.disconnectedAt} is null`),
  ],
);

/**
 * An account or card a connection reaches, and what the person made of it: linked to a Moneta account
 * (bank accounts) or card (credit cards), ignored, or not decided yet. The bank's balance is kept as the
 * last sync read it, to be compared with Moneta's.
 */
export const bankRemoteAccounts = sqliteTable(
  "bank_remote_accounts",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectionId: text("connection_id")
      .notNull()
      .references(() => bankConnections.id, { onDelete: "cascade" }),
    /** The provider's id of the account. */
    remoteId: text("remote_id").notNull(),
    kind: text("kind", { enum: remoteAccountKinds }).notNull(),
    name: text("name").notNull(),
    currency: text("currency").notNull(),
    number: text("number"),
    /** The bank's balance in minor units as the person has it (a card's debt is negative), and when it said so. */
    balanceUnits: integer("balance_units").notNull(),
    balanceAt: timestampColumn("balance_at").notNull(),
    /** Cards: the limit (minor units) and the current bill's closing and due days, when the bank says. */
    creditLimitUnits: integer("credit_limit_units"),
    closingDate: text("closing_date"),
    dueDate: text("due_date"),
    /** At most one: the Moneta account or card its lines go to. */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "set null" }),
    cardId: text("card_id").references(() => cards.id, { onDelete: "set null" }),
    /** Set when the person chose not to bring this account's lines in. */
    ignoredAt: timestampColumn("ignored_at"),
    createdAt: createdAtColumn(),
    /**
     * The running sync's place in this account: the first day it reads (null once the account is done, or
     * when no sync runs) and the provider's cursor for the next page (null for the first page). Both move
     * in the same batch as the page's lines, so a sync stopped anywhere continues from the next page.
     */
    syncFrom: text("sync_from"),
    syncCursor: text("sync_cursor"),
    /** The last day a finished sync read: the next one starts a few days before it. */
    syncedThrough: text("synced_through"),
  },
  (table) => [
    uniqueIndex("bank_remote_accounts_remote_unique").on(table.connectionId, table.remoteId),
    index("bank_remote_accounts_workspace_idx").on(table.workspaceId),
    // A Moneta account or card takes one bank account's lines: two links would write them twice.
    uniqueIndex("bank_remote_accounts_account_unique").on(table.accountId).where(sql`${table.accountId} is not null`),
    uniqueIndex("bank_remote_accounts_card_unique").on(table.cardId).where(sql`${table.cardId} is not null`),
  ],
);

/**
 * A bank line as a sync read it, and the transaction it is (README: "Bank connections"). Keyed by the
 * provider's line id per Moneta account or card (`leg_id`), so a line is written once however many syncs,
 * webhooks or connections read it. `joined` says how: `created` by the sync, or `matched` to a transaction
 * the person had typed or imported (undoable). A transaction the person deletes leaves its line here with
 * no transaction, so a later sync does not bring it back. The bank's own values are kept to notice a
 * change (pending → posted, an amount corrected) and to write the line after a match is undone.
 */
export const bankLines = sqliteTable(
  "bank_lines",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    remoteAccountId: text("remote_account_id")
      .notNull()
      .references(() => bankRemoteAccounts.id, { onDelete: "cascade" }),
    /** The Moneta account or card the line went to. */
    legId: text("leg_id").notNull(),
    /** The provider's id of the line. */
    lineId: text("line_id").notNull(),
    transactionId: text("transaction_id").references(() => transactions.id, { onDelete: "set null" }),
    joined: text("joined", { enum: bankLineJoins }).notNull(),
    date: text("date").notNull(),
    /** Signed minor units, as the bank states it (negative leaves the account or is owed on a card). */
    amountUnits: integer("amount_units").notNull(),
    description: text("description").notNull(),
    pending: integer("pending", { mode: "boolean" }).notNull().default(false),
    /** The sync that last read it: a line in a finished sync's days it did not read, the bank removed. */
    seenRunId: text("seen_run_id").notNull(),
    /** When a sync found the bank no longer shows it; the transaction stays, flagged. */
    goneAt: timestampColumn("gone_at"),
    /** For a match the person undid: the line was then written as its own transaction. */
    matchUndoneAt: timestampColumn("match_undone_at"),
    createdAt: createdAtColumn(),
  },
  (table) => [
    uniqueIndex("bank_lines_leg_line_unique").on(table.legId, table.lineId),
    index("bank_lines_remote_date_idx").on(table.remoteAccountId, table.date),
    index("bank_lines_transaction_idx").on(table.transactionId),
  ],
);

/**
 * A purchase em N vezes the sync found on a card (README: "Bank connections"), and the installment plan it
 * made of it: later installments of the same purchase (the same words, count and installment, bought in
 * the same month) join that plan's installments instead of being written again. The plan is the person's
 * like any other; deleting it deletes this.
 */
export const bankInstallmentPlans = sqliteTable(
  "bank_installment_plans",
  {
    planId: text("plan_id")
      .primaryKey()
      .references(() => installmentPlans.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    cardId: text("card_id")
      .notNull()
      .references(() => cards.id, { onDelete: "cascade" }),
    /** The purchase's words as the bank writes them, without the installment ("MAGAZINE LUIZA"), lowercased. */
    purchase: text("purchase").notNull(),
    installmentCount: integer("installment_count").notNull(),
    /** One installment as the bank charged it, in minor units (positive). */
    installmentUnits: integer("installment_units").notNull(),
    /** The month of the purchase (YYYY-MM). */
    purchaseMonth: text("purchase_month").notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index("bank_installment_plans_card_idx").on(table.cardId, table.purchase, table.installmentCount)],
);

/** Provider webhook events already handled: the same event delivered twice is answered and ignored. */
export const bankWebhookEvents = sqliteTable(
  "bank_webhook_events",
  {
    provider: text("provider", { enum: bankProviders }).notNull(),
    eventId: text("event_id").notNull(),
    receivedAt: timestampColumn("received_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);
