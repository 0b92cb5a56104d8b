import { and, eq, inArray } from "drizzle-orm";
import { batchOfStatements } from "../../db/named-batch.ts";
import { tags, transactionTags } from "../../db/schema/index.ts";
import { fieldError } from "../http/errors.ts";
import { toTransactionResponse } from "./transactions.mapper.ts";
import { transactionWithNamesQuery } from "./transactions.queries.ts";
import { transactionNotFound, type TransactionRef } from "./transactions.service.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";

type TagChange = TransactionRef & { tag_ids: string[]; mode: "attach" | "detach" | "sync" };
type TagJson = { uuid: string; name: string; color: string };

/**
 * POST /transactions/{id}/tags/attach, /tags/detach and PUT /transactions/{id}/tags (sync):
 * tags of this workspace only; answers the transaction as it now stands, worked out from the
 * read, so the change costs one read and one write.
 */
export async function changeTransactionTags({ ctx, input }: ServiceCall<TagChange>) {
  const {
    rows: { rows, found },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    rows: transactionWithNamesQuery(ctx, input.workspaceId, input.transactionId),
    found: ctx.db
      .select({ uuid: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(and(eq(tags.workspaceId, input.workspaceId), inArray(tags.id, input.tag_ids))),
  });
  const row = rows[0];
  if (!row) throw transactionNotFound();
  if (found.length !== input.tag_ids.length) {
    throw fieldError("tag_ids", "errors:fields.tagMissing");
  }
  const transactionId = row.transaction.id;
  const current = JSON.parse(row.tagsJson ?? "[]") as TagJson[];
  const inserts = found.map((tag) =>
    ctx.db.insert(transactionTags).values({ transactionId, tagId: tag.uuid }).onConflictDoNothing(),
  );
  const ofTransaction = eq(transactionTags.transactionId, transactionId);
  let after: TagJson[];
  if (input.mode === "detach") {
    if (found.length > 0)
      await ctx.db.delete(transactionTags).where(and(ofTransaction, inArray(transactionTags.tagId, input.tag_ids)));
    after = current.filter((tag) => !input.tag_ids.includes(tag.uuid));
  } else if (input.mode === "attach") {
    await batchOfStatements(ctx.db, inserts);
    after = [...current, ...found.filter((tag) => !current.some((existing) => existing.uuid === tag.uuid))];
  } else {
    await batchOfStatements(ctx.db, [ctx.db.delete(transactionTags).where(ofTransaction), ...inserts]);
    after = found;
  }
  return toTransactionResponse({ ...row, tagsJson: JSON.stringify(after) });
}
