import { toAccountResponse } from "../accounts/accounts.mapper.ts";
import { asOfToday } from "../accounts/todays-balances.ts";
import { toCardResponse } from "../cards/cards.mapper.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { resolveTier } from "../tiers/tiers.ts";
import type { WorkspaceEntityRows } from "./workspace-entity-reads.ts";
import { loanEntityFiles, plannedEntityFiles, stampColumns } from "./workspace-planned-entities.ts";

/**
 * Each entity of the whole-workspace export (its reads: workspace-entity-reads.ts) as the records
 * its JSON and CSV files hold: snake_case fields, ids as uuid, amounts as decimal text beside their
 * currency (never a float).
 */

/** One file pair of the archive: `{name}.json` and `{name}.csv`, with the CSV's columns (flattened field names). */
export type EntityFile = { name: string; columns: string[]; records: Array<Record<string, unknown>> };

/** Every entity but the transactions, in the archive's order. `today` is the workspace's. */
export function workspaceEntityFiles(rows: WorkspaceEntityRows, today: string, now: Date): EntityFile[] {
  const workspace = rows.workspaceRows[0]!;
  const tier = resolveTier(rows.ownerTierRows[0] ?? { tier: "free", hasBetaAccess: false });
  const tagNames = new Map(rows.tagRows.map((tag) => [tag.id, tag.name]));
  const ofToday = asOfToday({ accounts: rows.accountRows, cards: rows.cardRows }, rows, today, now);
  return [
    {
      name: "workspace",
      columns: [
        "uuid",
        "name",
        "description",
        "currency",
        "time_zone",
        "plan",
        "primary_color",
        "secondary_color",
        "accent_color",
        "created_at",
      ],
      records: [
        {
          uuid: workspace.id,
          name: workspace.name,
          description: workspace.description,
          currency: workspace.currency,
          time_zone: workspace.timeZone,
          plan: tier.label,
          primary_color: workspace.primaryColor,
          secondary_color: workspace.secondaryColor,
          accent_color: workspace.accentColor,
          created_at: workspace.createdAt,
        },
      ],
    },
    {
      name: "members",
      columns: ["uuid", "name", "email", "role", "joined_at"],
      records: rows.memberRows.map(({ member, name, email }) => ({
        uuid: member.userId,
        name,
        email,
        role: member.role,
        joined_at: member.createdAt,
      })),
    },
    {
      name: "accounts",
      columns: [
        "uuid",
        "name",
        "type",
        "currency",
        "balance",
        "initial_balance",
        "color",
        "icon",
        "is_active",
        "created_at",
        "updated_at",
      ],
      records: ofToday.accounts.map(toAccountResponse),
    },
    {
      name: "cards",
      columns: [
        "uuid",
        "name",
        "account_uuid",
        "currency",
        "last_four_digits",
        "issuer",
        "expiry_date",
        "type",
        "mode",
        "credit_limit",
        "billing_cycle_day",
        "due_day",
        "debt_amount",
        "available_credit",
        "current_balance",
        "color",
        "icon",
        "is_active",
        "created_at",
      ],
      records: ofToday.cards.map(({ card, account }) => toCardResponse(card, account)),
    },
    {
      name: "tags",
      columns: ["uuid", "name", "color", "description", "parent_uuid", "usage_count", "created_at"],
      records: rows.tagRows.map((tag) => ({
        uuid: tag.id,
        name: tag.name,
        color: tag.color,
        description: tag.description,
        parent_uuid: tag.parentId,
        usage_count: tag.usageCount,
        created_at: tag.createdAt,
      })),
    },
    ...plannedEntityFiles(rows, tagNames),
    ...loanEntityFiles(rows),
    {
      name: "budgets",
      columns: ["uuid", "tag_uuid", "tag_name", "amount", "currency", "rollover", "start_month", ...stampColumns],
      records: rows.budgetRows.map(({ budget, tagName }) => ({
        uuid: budget.id,
        tag_uuid: budget.tagId,
        tag_name: tagName,
        amount: unitsToDecimal(budget.amountCents, budget.currency),
        currency: budget.currency,
        rollover: budget.rollover,
        start_month: budget.startMonth,
        created_by: budget.createdBy,
        created_at: budget.createdAt,
        updated_at: budget.updatedAt,
      })),
    },
    {
      name: "goals",
      columns: ["uuid", "name", "target", "currency", "target_date", "account_uuids", "color", ...stampColumns],
      records: rows.goalRows.map((goal) => ({
        uuid: goal.id,
        name: goal.name,
        target: unitsToDecimal(goal.targetCents, goal.currency),
        currency: goal.currency,
        target_date: goal.targetDate,
        account_uuids: rows.goalAccountRows.filter((link) => link.goalId === goal.id).map((link) => link.accountId),
        color: goal.color,
        created_by: goal.createdBy,
        created_at: goal.createdAt,
        updated_at: goal.updatedAt,
      })),
    },
    {
      name: "goal-contributions",
      columns: ["uuid", "goal_uuid", "date", "amount", "currency", "note", "created_by", "created_at"],
      records: rows.contributionRows.map(({ contribution, currency }) => ({
        uuid: contribution.id,
        goal_uuid: contribution.goalId,
        date: contribution.date,
        amount: unitsToDecimal(contribution.amountCents, currency),
        currency,
        note: contribution.note,
        created_by: contribution.createdBy,
        created_at: contribution.createdAt,
      })),
    },
    {
      name: "statement-imports",
      columns: [
        "uuid",
        "account_uuid",
        "card_uuid",
        "file_name",
        "format",
        "line_count",
        "created_count",
        "skipped_count",
        "refused_count",
        "source_app",
        "created_by",
        "created_at",
        "undone_at",
      ],
      records: rows.importRows.map((row) => ({
        uuid: row.id,
        account_uuid: row.accountId,
        card_uuid: row.cardId,
        file_name: row.fileName,
        format: row.format,
        csv_mapping: row.csvMapping === null ? null : (JSON.parse(row.csvMapping) as unknown),
        line_count: row.lineCount,
        created_count: row.createdCount,
        skipped_count: row.skippedCount,
        refused_count: row.refusedCount,
        created_by: row.createdBy,
        created_at: row.createdAt,
        undone_at: row.undoneAt,
        source_app: row.sourceApp,
        created_entities: row.createdEntities === null ? null : (JSON.parse(row.createdEntities) as unknown),
      })),
    },
    {
      name: "planned-occurrences",
      columns: ["uuid", "source_type", "source_uuid", "source_name", "occurrence_date", "posted_at"],
      records: rows.occurrenceRows.map((row) => ({
        uuid: row.id,
        source_type: row.sourceKind,
        source_uuid: row.sourceId,
        source_name: row.sourceName,
        occurrence_date: row.occurrenceDate,
        posted_at: row.postedAt,
      })),
    },
    {
      name: "receipts",
      columns: [
        "uuid",
        "transaction_uuid",
        "file_name",
        "content_type",
        "byte_size",
        "file",
        "created_by",
        "created_at",
      ],
      records: rows.receiptRows.map((row) => ({
        uuid: row.id,
        transaction_uuid: row.transactionId,
        file_name: row.fileName,
        content_type: row.contentType,
        byte_size: row.byteSize,
        file: receiptPathInArchive(row),
        created_by: row.createdBy,
        created_at: row.createdAt,
      })),
    },
  ];
}

/** Where a receipt's file sits in the archive: `receipts/`, by its id and the name it was uploaded with. */
export const receiptPathInArchive = (receipt: { id: string; fileName: string }) =>
  `receipts/${receipt.id}-${receipt.fileName.replace(/[\\/:*?"<>|]/g, "_")}`;
