import english from "../../locales/en/exports.json";
import portuguese from "../../locales/pt-BR/exports.json";
import type { NamedReads, RowsByName } from "../../db/named-batch.ts";
import type { ActingContext } from "../access/actor.ts";
import type { ServiceContext } from "../context.ts";
import type { Permission } from "../access/permissions.ts";
import { readInWorkspace } from "../access/actor-access.ts";
import { AppError } from "../http/errors.ts";
import type { Language } from "../i18n/language.ts";
import { todayIn } from "../ledger/dates.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { toTransactionResponse, type TransactionResponse } from "../transactions/transactions.mapper.ts";
import { type ListCursor, transactionStepQuery } from "../transactions/transactions.queries.ts";
import type { TransactionFilters } from "../transactions/transactions.schemas.ts";

/**
 * What every transactions file holds, whatever its format: the columns, each row's cells as typed
 * values, and the walk through the list's rows, step by step. The CSV and the Excel writers only
 * decide how a cell is written.
 */

export const exportWords = { en: english, "pt-BR": portuguese } satisfies Record<Language, typeof english>;

/** Rows per read: one round trip each, small enough that the first bytes leave at once. */
export const exportStepRows = 1000;

/** A cell as the writers receive it; null is an empty cell. */
export type ExportCell =
  | { kind: "date"; date: string }
  | { kind: "text"; text: string }
  /** The API's decimal text ("-1234.50", yen "-1234"), never a float. */
  | { kind: "amount"; decimal: string; currency: string }
  | null;

const columnKeys = [
  "date",
  "type",
  "description",
  "payee",
  "amount",
  "currency",
  "from",
  "to",
  "arrivingAmount",
  "arrivingCurrency",
  "tags",
  "note",
  "part",
  "createdBy",
  "id",
] as const;
export type ExportColumn = (typeof columnKeys)[number];

export function exportColumns(language: Language): Array<{ key: ExportColumn; title: string }> {
  return columnKeys.map((key) => ({ key, title: exportWords[language].columns[key] }));
}

/**
 * The amount as a spreadsheet should sum it: income in, an expense out (negative); a transfer and a
 * card payment move money between the workspace's own legs, so they stay positive with From and To.
 */
export function signedAmount(type: TransactionResponse["type"], amount: string): string {
  return type === "expense" ? `-${amount}` : amount;
}

const text = (value: string): ExportCell => ({ kind: "text", text: value });

/** A transaction's tags as one cell, by name, so a file lists them the same way every time. */
export const tagNames = (transaction: Pick<TransactionResponse, "tags">): string =>
  transaction.tags
    .map((tag) => tag.name)
    .sort((a, b) => a.localeCompare(b))
    .join(", ");

/**
 * One transaction's rows, each its cells in the order of exportColumns: the transaction itself (its
 * whole amount, every tag, its note), then, when it is split, one row per part with the part's
 * amount, tags and note beside the transaction's date, description and legs, its Split part cell saying
 * "Part 1 of 2". Only the rows with an empty Split part cell add up to the ledger (docs/api.md "Exports").
 */
export function exportRows(transaction: TransactionResponse, language: Language): ExportCell[][] {
  const words = exportWords[language];
  const isConverted = transaction.destination_currency !== transaction.currency;
  const cells = (
    row: { amount: string; tags: TransactionResponse["tags"]; note: string | null },
    part: string | null,
  ): ExportCell[] => [
    { kind: "date", date: transaction.date },
    text(words.kinds[transaction.type]),
    text(transaction.description),
    transaction.payee ? text(transaction.payee.name) : null,
    { kind: "amount", decimal: signedAmount(transaction.type, row.amount), currency: transaction.currency },
    text(transaction.currency),
    text(transaction.origin.name ?? ""),
    text(transaction.destination.name ?? ""),
    isConverted && part === null
      ? { kind: "amount", decimal: transaction.destination_amount, currency: transaction.destination_currency }
      : null,
    isConverted && part === null ? text(transaction.destination_currency) : null,
    text(tagNames(row)),
    row.note ? text(row.note) : null,
    part === null ? null : text(part),
    text(transaction.created_by?.name ?? ""),
    text(transaction.uuid),
  ];
  const parts = transaction.parts ?? [];
  return [
    cells(transaction, null),
    ...parts.map((part, index) =>
      cells(part, words.part.replace("{{number}}", String(index + 1)).replace("{{count}}", String(parts.length))),
    ),
  ];
}

/**
 * Excel and PDF are paid formats (`export_features`, docs/product.md#plans-and-limits, from the owner's plan
 * that the first read fetched): on the free plan a 403 says that CSV is free.
 */
export function requireExportFeatures(ownerTierRows: Array<Parameters<typeof resolveTier>[0]>) {
  const tier = resolveTier(ownerTierRows[0] ?? { tier: "free", hasBetaAccess: false });
  if (!tier.features.export_features)
    throw new AppError("PLAN_UPGRADE_REQUIRED", { key: "errors:details.spreadsheetExport" });
}

type StepRows = RowsByName<{ stepRows: ReturnType<typeof transactionStepQuery> }>["stepRows"];

export type TransactionWalkInput = {
  workspaceId: string;
  filters: Partial<TransactionFilters>;
  /** Rows per read; tests make it small to cross many steps. */
  stepRows?: number;
  /** What every read checks the caller's role for: reading, unless the export asks more (the whole workspace). */
  permission?: Permission;
};

/**
 * The walk through every transaction the filters keep, newest first. Each read checks access again
 * (404 outside the workspace), so a member removed mid-download stops receiving rows; `firstReads`
 * join the first read's batch (the plan, for a gated format). The first step is read before the
 * answer starts, so its errors are still error envelopes.
 */
export async function walkTransactions<const Extra extends NamedReads>(
  ctx: ActingContext,
  input: TransactionWalkInput,
  firstReads: Extra,
) {
  const { workspaceId, filters, permission = "workspace.read" } = input;
  const stepRows = input.stepRows ?? exportStepRows;
  const read = (cursor: ListCursor | null) => transactionStepQuery(workspaceId, filters, cursor, stepRows);
  const first = await readInWorkspace(ctx, workspaceId, permission, { ...firstReads, stepRows: read(null) });
  const { stepRows: firstRows, ...extra } = first.rows;
  /** The rows of each step as read (the transaction and the names it refers to), in order; a failed read throws. */
  async function* rowSteps(): AsyncGenerator<StepRows> {
    let current = firstRows as StepRows;
    for (;;) {
      yield current;
      const last = current.at(-1)?.transaction;
      if (current.length < stepRows || !last) return;
      const next = await readInWorkspace(ctx, workspaceId, permission, {
        stepRows: read({ date: last.date, id: last.id }),
      });
      current = next.rows.stepRows;
    }
  }
  /** The transactions of each step as the API answers them; a failed read throws (the caller ends its file saying so). */
  async function* steps(): AsyncGenerator<TransactionResponse[]> {
    for await (const rows of rowSteps()) yield rows.map(toTransactionResponse);
  }
  return {
    workspace: first.workspace,
    role: first.role,
    extra: extra as RowsByName<Extra>,
    steps: steps(),
    /** The same walk with the rows as read; a caller takes one of the two. */
    rowSteps: rowSteps(),
  };
}

/** "moneta-transactions-2026-11-21.csv": the day in the workspace's time zone. */
export function exportFileName(
  language: Language,
  workspace: { timeZone: string },
  ctx: ServiceContext,
  extension: string,
) {
  const today = todayIn(workspace.timeZone, ctx.clock.now());
  return `${exportWords[language].fileName.replace("{{date}}", today)}.${extension}`;
}
