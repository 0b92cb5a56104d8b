import { and, asc, eq, exists, isNull, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import { batchStartingWith } from "../../db/named-batch.ts";
import { tags, transactionTags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import {
  impliedLinksRederived,
  splitLinksRederived,
  splitTransactionsFiledUnder,
  transactionsCarrying,
} from "../ledger/tag-links.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { tagResponseSchema } from "./tags.responses.ts";
import type { CreateTagInput, UpdateTagInput } from "./tags.schemas.ts";
import type { ServiceCall } from "../access/actor.ts";
import { readInWorkspace, actorStillMay } from "../access/actor-access.ts";

export type TagRef = WorkspaceRef & { tagId: string };
type TagRow = typeof tags.$inferSelect;
export type TagFamilyRow = { id: string; name: string; parentId: string | null };

export const tagNotFound = () => new AppError("NOT_FOUND", "errors:details.tagNotFound");
const nameTaken = () => fieldError("name", "errors:fields.tagTaken", { code: "TAG_NAME_TAKEN" });

const parentTag = alias(tags, "parent_tag");
const childTag = alias(tags, "child_tag");

/**
 * Tags with how often and when they were last used (docs/product.md#tags): the count is kept on the tag and
 * the last use is one seek in transaction_tags' (tag, implied, date) index — both kept by triggers, and
 * both of the transactions given the tag, not of those that carry it through a subcategory. Ordered as
 * the tags page shows them: categories by name, each followed by its subcategories by name.
 */
export function tagsWithUsageQuery(ctx: ServiceContext, workspaceId: string, tagId?: string) {
  const lastUsed = sql<string | null>`(select max(${transactionTags.transactionDate}) from ${transactionTags}
    where ${transactionTags.tagId} = ${tags.id} and ${transactionTags.implied} = 0)`;
  return ctx.db
    .select({ tag: tags, lastUsed })
    .from(tags)
    .leftJoin(parentTag, eq(parentTag.id, tags.parentId))
    .where(
      and(eq(tags.workspaceId, workspaceId), tagId === undefined ? undefined : eq(tags.id, isUuid(tagId) ? tagId : "")),
    )
    .orderBy(
      asc(sql`lower(coalesce(${parentTag.name}, ${tags.name}))`),
      asc(sql`${tags.parentId} is not null`),
      asc(sql`lower(${tags.name})`),
    );
}

export function toTagResponse(tag: TagRow, lastUsed: string | null = null): z.infer<typeof tagResponseSchema> {
  return {
    uuid: tag.id,
    name: tag.name,
    color: tag.color,
    description: tag.description,
    parent_id: tag.parentId,
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

/**
 * The workspace's tags with their names and categories: names are compared here (SQLite's lower()
 * folds only ASCII, so 'SAÚDE' would pass as new next to 'Saúde'), and so is a parent.
 */
export function tagFamilyQuery(ctx: ServiceContext, workspaceId: string) {
  return ctx.db
    .select({ id: tags.id, name: tags.name, parentId: tags.parentId })
    .from(tags)
    .where(eq(tags.workspaceId, workspaceId));
}

const isSameName = (name: string, other: string) => name.toLowerCase() === other.toLowerCase();

/**
 * Two levels (README: "Tags and categories"): a parent is another top-level tag of the workspace,
 * and a tag with subcategories stays at the top level. `tagId` is null for a tag being created.
 */
function assertParentAllowed(family: readonly TagFamilyRow[], tagId: string | null, parentId: string) {
  const parent = family.find((tag) => tag.id === parentId);
  if (!parent) throw fieldError("parent_id", "errors:fields.parentMissing");
  if (parent.id === tagId) throw fieldError("parent_id", "errors:fields.parentIsItself");
  if (parent.parentId !== null) throw fieldError("parent_id", "errors:fields.parentIsSubcategory");
  if (tagId !== null && family.some((tag) => tag.parentId === tagId))
    throw fieldError("parent_id", "errors:fields.parentOfSubcategories");
}

/** True while `parentId` is still a top-level tag of the workspace and `tagId` has no subcategories. */
const parentStillAllowed = (ctx: ServiceContext, workspaceId: string, tagId: string, parentId: string) =>
  and(
    exists(
      ctx.db
        .select({ one: sql`1` })
        .from(parentTag)
        .where(and(eq(parentTag.id, parentId), eq(parentTag.workspaceId, workspaceId), isNull(parentTag.parentId))),
    ),
    notExists(ctx.db.select({ one: sql`1` }).from(childTag).where(eq(childTag.parentId, tagId))),
  );

/** POST /tags: names are unique in a workspace, whatever their case; a parent makes it a subcategory. */
export async function createTag({ ctx, input }: ServiceCall<WorkspaceRef & CreateTagInput>) {
  const {
    rows: { family },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    family: tagFamilyQuery(ctx, input.workspaceId),
  });
  if (family.some((tag) => isSameName(tag.name, input.name))) throw nameTaken();
  if (input.parent_id) assertParentAllowed(family, null, input.parent_id);
  const row = {
    id: newId(),
    workspaceId: input.workspaceId,
    name: input.name,
    color: input.color,
    description: input.description ?? null,
    parentId: input.parent_id ?? null,
    createdAt: ctx.clock.now().toISOString(),
  };
  const [tag] = row.parentId
    ? await subcategoryInsert(ctx, row, row.parentId).returning()
    : await ctx.db.insert(tags).values(row).returning();
  // The category was deleted or became a subcategory after it was read: nothing was written.
  if (!tag) throw new AppError("TAGS_CHANGED");
  return toTagResponse(tag);
}

/** A new subcategory, inserted only while its category is still a top-level tag of the workspace. */
function subcategoryInsert(ctx: ServiceContext, row: typeof tags.$inferInsert & { id: string }, parentId: string) {
  const category = alias(tags, "category");
  return ctx.db.insert(tags).select(
    ctx.db
      .select({
        id: sql<string>`${row.id}`.as("id"),
        workspaceId: category.workspaceId,
        name: sql<string>`${row.name}`.as("name"),
        color: sql<string>`${row.color}`.as("color"),
        description: sql<string | null>`${row.description}`.as("description"),
        parentId: category.id,
        usageCount: sql<number>`0`.as("usage_count"),
        createdAt: sql<string>`${row.createdAt}`.as("created_at"),
        updatedAt: sql<string | null>`null`.as("updated_at"),
      })
      .from(category)
      .where(and(eq(category.id, parentId), eq(category.workspaceId, row.workspaceId), isNull(category.parentId))),
  );
}

/**
 * PUT /tags/{id}. Moving a tag (`parent_id`) moves what its transactions imply in the same batch:
 * the old category comes off those that carry no other subcategory of it, the new one comes on.
 */
export async function updateTag({ ctx, input }: ServiceCall<TagRef & UpdateTagInput>) {
  const {
    rows: { found, family },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    found: tagsWithUsageQuery(ctx, input.workspaceId, input.tagId),
    family: tagFamilyQuery(ctx, input.workspaceId),
  });
  const current = found[0];
  if (!current) throw tagNotFound();
  const tagId = current.tag.id;
  const { name, parent_id: parentId } = input;
  if (name !== undefined && family.some((tag) => tag.id !== tagId && isSameName(tag.name, name))) throw nameTaken();
  if (parentId) assertParentAllowed(family, tagId, parentId);
  const isMoved = parentId !== undefined && parentId !== current.tag.parentId;
  const updated = await batchStartingWith(
    ctx.db,
    ctx.db
      .update(tags)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(parentId !== undefined ? { parentId } : {}),
        updatedAt: ctx.clock.now().toISOString(),
      })
      .where(
        and(
          eq(tags.id, tagId),
          actorStillMay(ctx, input.workspaceId, "finances.write"),
          parentId ? parentStillAllowed(ctx, input.workspaceId, tagId, parentId) : undefined,
        ),
      )
      .returning(),
    isMoved
      ? [
          ...impliedLinksRederived(ctx.db, transactionsCarrying(ctx.db, tagId, "given")),
          ...splitLinksRederived(ctx.db, splitTransactionsFiledUnder(ctx.db, tagId)),
        ]
      : [],
  );
  const tag = updated[0];
  if (!tag) throw tagNotFound();
  return toTagResponse(tag, current.lastUsed);
}
