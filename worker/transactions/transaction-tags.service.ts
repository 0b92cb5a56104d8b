import { and, eq, inArray } from "drizzle-orm";
import { tags, transactionTags } from "../../db/schema/index.ts";
import type { Caller } from "../auth/session.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { readInWorkspace } from "../ledger/ledger-access.ts";
import { getTransaction } from "./transaction-reads.service.ts";
import { transactionRowQuery } from "./transactions.queries.ts";
import { transactionNotFound, type TransactionRef } from "./transactions.service.ts";

type TagChange = TransactionRef & { tag_ids: string[]; mode: "attach" | "detach" | "sync" };

/**
 * POST /transactions/{id}/tags/attach, /tags/detach and PUT /transactions/{id}/tags (sync):
 * tags of this workspace only; answers the transaction as it now stands.
 */
export async function changeTransactionTags(ctx: ServiceContext, caller: Caller, input: TagChange) {
  const { results } = await readInWorkspace(ctx, caller, input.workspaceId, "finances.write", [
    transactionRowQuery(ctx, input.workspaceId, input.transactionId),
    ctx.db.select({ id: tags.id }).from(tags).where(and(eq(tags.workspaceId, input.workspaceId), inArray(tags.id, input.tag_ids))),
  ]);
  const [rows, found] = results;
  const transaction = rows[0];
  if (!transaction) throw transactionNotFound();
  if (found.length !== input.tag_ids.length) {
    throw new AppError("VALIDATION_FAILED", "Some fields need your attention.", { fieldErrors: { tag_ids: ["Tag not found in this workspace"] } });
  }
  const inserts = found.map((tag) => ctx.db.insert(transactionTags).values({ transactionId: transaction.id, tagId: tag.id }).onConflictDoNothing());
  const ofTransaction = eq(transactionTags.transactionId, transaction.id);
  if (input.mode === "detach") {
    if (found.length > 0) await ctx.db.delete(transactionTags).where(and(ofTransaction, inArray(transactionTags.tagId, input.tag_ids)));
  } else if (input.mode === "attach") {
    if (inserts.length > 0) await ctx.db.batch(inserts as never);
  } else {
    await ctx.db.batch([ctx.db.delete(transactionTags).where(ofTransaction), ...inserts] as never);
  }
  return getTransaction(ctx, caller, input);
}
