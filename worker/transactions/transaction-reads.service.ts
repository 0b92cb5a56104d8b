import { and, eq } from "drizzle-orm";
import { isUuid } from "../../db/ids.ts";
import { accounts, cards, tags } from "../../db/schema/index.ts";
import { AppError } from "../http/errors.ts";
import type { ServiceContext } from "../context.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { toTransactionResponse } from "./transactions.mapper.ts";
import { transactionCountQuery, transactionPageQuery, transactionWithNamesQuery } from "./transactions.queries.ts";
import { pageMeta, type TransactionFilters } from "./transactions.schemas.ts";
import { transactionNotFound, type TransactionRef } from "./transactions.service.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";

/** What a nested list (an account's, a card's, a tag's transactions) hangs under: it must exist here. */
export type ListParent = { kind: "account" | "card" | "tag"; id: string };

const parentNotFound = {
  account: "errors:details.accountNotFound",
  card: "errors:details.cardNotFound",
  tag: "errors:details.tagNotFound",
} as const;

function parentQuery(ctx: ServiceContext, workspaceId: string, parent: ListParent) {
  const table = { account: accounts, card: cards, tag: tags }[parent.kind];
  return ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, isUuid(parent.id) ? parent.id : "")));
}

/** GET /transactions: one page, newest first, with {current_page, last_page, per_page, total}. */
export async function listTransactions({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { filters: TransactionFilters; parent?: ListParent }>) {
  const { filters, parent } = input;
  const {
    rows: { rows, counted, parents },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    rows: transactionPageQuery(ctx, input.workspaceId, filters),
    counted: transactionCountQuery(ctx, input.workspaceId, filters),
    parents: parentQuery(ctx, input.workspaceId, parent ?? { kind: "account", id: "" }),
  });
  if (parent && parents.length === 0) throw new AppError("NOT_FOUND", parentNotFound[parent.kind]);
  return {
    data: rows.map(toTransactionResponse),
    meta: pageMeta(filters, counted),
  };
}

export async function getTransaction({ ctx, input }: ServiceCall<TransactionRef>) {
  const {
    rows: { transactionWithNames },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    transactionWithNames: transactionWithNamesQuery(ctx, input.workspaceId, input.transactionId),
  });
  const row = transactionWithNames[0];
  if (!row) throw transactionNotFound();
  return toTransactionResponse(row);
}
