import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { importFormats } from "../enums.ts";
import { historyApps } from "../history-apps.ts";
import { createdAtColumn, idColumn, timestampColumn } from "./columns.ts";
import { accounts, cards } from "./ledger.ts";
import { users } from "./users.ts";
import { workspaces } from "./workspaces.ts";

/**
 * One bank statement file taken in (README: "Imports"): where its lines went and what
 * became of them. Its transactions name it (`transactions.import_id`), so undoing it removes
 * exactly what it created; the row stays, marked undone, as the history of what was done.
 */
export const statementImports = sqliteTable(
  "statement_imports",
  {
    id: idColumn(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Exactly one of the two: the account, or the card, the statement belongs to (deleted with it: only an account or card with no transactions can be). */
    accountId: text("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    cardId: text("card_id").references(() => cards.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    format: text("format", { enum: importFormats }).notNull(),
    /** The CSV column mapping used (JSON), which the next CSV import into the same account or card starts from. */
    csvMapping: text("csv_mapping"),
    /** Transactions the file held, and those the preview left out: duplicates, refused lines. */
    lineCount: integer("line_count").notNull(),
    skippedCount: integer("skipped_count").notNull().default(0),
    refusedCount: integer("refused_count").notNull().default(0),
    /** Kept by each chunk's batch: the transactions this import has written so far. */
    createdCount: integer("created_count").notNull().default(0),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAtColumn(),
    undoneAt: timestampColumn("undone_at"),
    /**
     * A move-in from another app (README: "Bringing your history"), whose lines go to many accounts and
     * cards: the app the file came from; null for a bank statement, which has its one account or card.
     */
    sourceApp: text("source_app", { enum: historyApps }),
    /**
     * A move-in's own creations (JSON: `{accounts, cards, tags}`, each a list of ids): undoing it removes
     * those that nothing else holds by then.
     */
    createdEntities: text("created_entities"),
  },
  (table) => [
    index("statement_imports_workspace_idx").on(table.workspaceId, table.createdAt),
    index("statement_imports_account_idx").on(table.accountId, table.createdAt),
    index("statement_imports_card_idx").on(table.cardId, table.createdAt),
  ],
);

/**
 * Each chunk an import has written, claimed in the chunk's own batch: a chunk sent again (a retry
 * after a lost answer) is answered from here and writes nothing twice.
 */
export const statementImportChunks = sqliteTable(
  "statement_import_chunks",
  {
    importId: text("import_id")
      .notNull()
      .references(() => statementImports.id, { onDelete: "cascade" }),
    chunkIndex: integer("chunk_index").notNull(),
    createdCount: integer("created_count").notNull(),
    /** Lines of the chunk whose bank id the account or card already had. */
    skippedCount: integer("skipped_count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.importId, table.chunkIndex] })],
);
