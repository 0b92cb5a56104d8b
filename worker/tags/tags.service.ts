import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import { tags, transactionTags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { tagResponseSchema } from "./tags.responses.ts";
import type { CreateTagInput, UpdateTagInput } from "./tags.schemas.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

export type TagRef = WorkspaceRef & { tagId: string };
type TagRow = typeof tags.$inferSelect;

export const tagNotFound = () => new AppError("NOT_FOUND", "errors:details.tagNotFound");
const nameTaken = () => fieldError("name", "errors:fields.tagTaken", { code: "TAG_NAME_TAKEN" });

/**
 * Tags with how often and when they were last used (docs/product.md#tags): the count is kept on the tag and
 * the last use is one seek in transaction_tags' (tag, date) index — both kept by triggers.
 */
function tagsWithUsageQuery(ctx: ServiceContext, workspaceId: string, tagId?: string) {
  const lastUsed = sql<
    string | null
  >`(select max(${transactionTags.transactionDate}) from ${transactionTags} where ${transactionTags.tagId} = ${tags.id})`;
  return ctx.db
    .select({ tag: tags, lastUsed })
    .from(tags)
    .where(
      and(eq(tags.workspaceId, workspaceId), tagId === undefined ? undefined : eq(tags.id, isUuid(tagId) ? tagId : "")),
    )
    .orderBy(asc(sql`lower(${tags.name})`));
}

function toTagResponse(tag: TagRow, lastUsed: string | null = null): z.infer<typeof tagResponseSchema> {
  return {
    uuid: tag.id,
    name: tag.name,
    color: tag.color,
    description: tag.description,
    usage_count: tag.usageCount,
    last_used: lastUsed,
    created_at: tag.createdAt,
  };
}

export async function listTags({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    rows: { tagsWithUsage },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    tagsWithUsage: tagsWithUsageQuery(ctx, input.workspaceId),
  });
  return tagsWithUsage.map((row) => toTagResponse(row.tag, row.lastUsed));
}

export async function getTag({ ctx, input }: ServiceCall<TagRef>) {
  const {
    rows: { tagsWithUsage },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    tagsWithUsage: tagsWithUsageQuery(ctx, input.workspaceId, input.tagId),
  });
  const row = tagsWithUsage[0];
  if (!row) throw tagNotFound();
  return toTagResponse(row.tag, row.lastUsed);
}

/** The workspace's tag names, compared here: SQLite's lower() folds only ASCII, so 'SAÚDE' would pass as new next to 'Saúde'. */
function tagNamesQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.workspaceId, workspaceId));
}

const isSameName = (name: string, other: string) => name.toLowerCase() === other.toLowerCase();

/** POST /tags: names are unique in a workspace, whatever their case. */
export async function createTag({ ctx, input }: ServiceCall<WorkspaceRef & CreateTagInput>) {
  const {
    rows: { tagNames },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    tagNames: tagNamesQuery(ctx, input.workspaceId),
  });
  if (tagNames.some((tag) => isSameName(tag.name, input.name))) throw nameTaken();
  const [tag] = await ctx.db
    .insert(tags)
    .values({
      id: newId(),
      workspaceId: input.workspaceId,
      name: input.name,
      color: input.color,
      description: input.description ?? null,
      createdAt: ctx.clock.now().toISOString(),
    })
    .returning();
  return toTagResponse(tag!);
}

export async function updateTag({ ctx, input }: ServiceCall<TagRef & UpdateTagInput>) {
  const {
    rows: { found, names },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: tagsWithUsageQuery(ctx, input.workspaceId, input.tagId),
    names: tagNamesQuery(ctx, input.workspaceId),
  });
  const current = found[0];
  if (!current) throw tagNotFound();
  const { name } = input;
  if (name !== undefined && names.some((tag) => tag.id !== current.tag.id && isSameName(tag.name, name)))
    throw nameTaken();
  const [tag] = await ctx.db
    .update(tags)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      updatedAt: ctx.clock.now().toISOString(),
    })
    .where(and(eq(tags.id, current.tag.id), actorStillMay(ctx, input.workspaceId, "finances.write")))
    .returning();
  if (!tag) throw tagNotFound();
  return toTagResponse(tag, current.lastUsed);
}

/** DELETE /tags/{id}: the tag comes off every transaction; the transactions stay. */
export async function deleteTag({ ctx, input }: ServiceCall<TagRef>) {
  const {
    rows: { tagsWithUsage },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    tagsWithUsage: tagsWithUsageQuery(ctx, input.workspaceId, input.tagId),
  });
  const current = tagsWithUsage[0];
  if (!current) throw tagNotFound();
  const deleted = await ctx.db
    .delete(tags)
    .where(and(eq(tags.id, current.tag.id), actorStillMay(ctx, input.workspaceId, "finances.write")));
  if (deleted.rowsAffected !== 1) throw tagNotFound();
  return { message: "Tag deleted" };
}
