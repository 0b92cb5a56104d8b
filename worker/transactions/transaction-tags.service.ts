import { batchOfStatements } from "../../db/named-batch.ts";
import { fieldError } from "../http/errors.ts";
import { tagLinksAttached, tagLinksDetached, tagLinksReplaced } from "../ledger/tag-links.ts";
import { type TagJson, toTransactionResponse } from "./transactions.mapper.ts";
import { namedTagsQuery, transactionWithNamesQuery } from "./transactions.queries.ts";
import { tagJsonOf, transactionNotFound, type TransactionRef } from "./transactions.service.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace } from "../access/actor-access.ts";

type TagChange = TransactionRef & { tag_ids: string[]; mode: "attach" | "detach" | "sync" };

/**
 * POST /transactions/{id}/tags/attach, /tags/detach and PUT /transactions/{id}/tags (sync):
 * tags of this workspace only; the categories their subcategories imply follow
 * (worker/ledger/tag-links.ts). Answers the transaction as it now stands, worked out from the
 * read, so the change costs one read and one write.
 */
export async function changeTransactionTags({ ctx, input }: ServiceCall<TagChange>) {
  const {
    rows: { rows, found },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    rows: transactionWithNamesQuery(ctx, input.workspaceId, input.transactionId),
    found: namedTagsQuery(ctx, input.workspaceId, input.tag_ids),
  });
  const row = rows[0];
  if (!row) throw transactionNotFound();
  if (found.length !== input.tag_ids.length) {
    throw fieldError("tag_ids", "errors:fields.tagMissing");
  }
  // A split transaction's tags are its parts': they change with the parts (PUT /transactions/{id}).
  if (row.partsJson !== null) throw fieldError("tag_ids", "errors:fields.splitTagsOnParts");
  const transactionId = row.transaction.id;
  const current = JSON.parse(row.tagsJson ?? "[]") as TagJson[];
  const foundJson = found.map(tagJsonOf);
  let after: TagJson[];
  if (input.mode === "detach") {
    await batchOfStatements(ctx.db, tagLinksDetached(ctx.db, transactionId, input.tag_ids));
    after = current.filter((tag) => !input.tag_ids.includes(tag.uuid));
  } else if (input.mode === "attach") {
    await batchOfStatements(ctx.db, tagLinksAttached(ctx.db, transactionId, found));
    after = [...current, ...foundJson.filter((tag) => !current.some((existing) => existing.uuid === tag.uuid))];
  } else {
    await batchOfStatements(ctx.db, tagLinksReplaced(ctx.db, transactionId, found));
    after = foundJson;
  }
  return toTransactionResponse({ ...row, tagsJson: JSON.stringify(after) });
}
