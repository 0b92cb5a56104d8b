import { and, eq, inArray, isNotNull, notExists, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { tags, transactionPartTags, transactionParts, transactionTags } from "../../db/schema/index.ts";

/**
 * Every write of transaction_tags (README: "Tags and categories"). A transaction carries the tags it
 * was given (`implied` 0) and, for each subcategory among them whose category it was not given, that
 * category once (`implied` 1): so a filter, a budget or a report by the category finds the transaction,
 * and counts it once however many of the category's subcategories it carries. A link is only inserted
 * or deleted, never switched between given and implied in place: the triggers that keep the tags' usage
 * and the rollups (migrations 0004, 0012, 0019, 0020) see every change as an insert or a delete.
 *
 * A split transaction's links are derived from its parts (splitLinksRederived): each tag a part is
 * given or implies, once, with its share — the parts filed under it summed. The functions for a
 * whole transaction's tags leave split transactions to that derivation.
 */

/** A tag a transaction is given, with its category (null for a top-level tag). */
export type GivenTag = { id: string; parentId: string | null };

type Statements = BatchItem<"sqlite">[];

/** The transactions a write re-derives: some ids, or a subquery that selects them. */
type TransactionIds = readonly string[] | SQLWrapper;

/** Some tags: their ids, or a subquery that selects them. */
type TagIds = readonly string[] | SQLWrapper;

/** A transaction's links for the tags it is given: each of them, then the categories they imply. */
export function tagLinkRows(transactionId: string, given: readonly GivenTag[]) {
  const givenIds = new Set(given.map((tag) => tag.id));
  const impliedIds = new Set(
    given.flatMap((tag) => (tag.parentId !== null && !givenIds.has(tag.parentId) ? [tag.parentId] : [])),
  );
  return [
    ...[...givenIds].map((tagId) => ({ transactionId, tagId, implied: 0 })),
    ...[...impliedIds].map((tagId) => ({ transactionId, tagId, implied: 1 })),
  ];
}

/**
 * The insert of a transaction's links (nothing for no tags); a link already there stays. With `onlyIf`,
 * only while it holds (an edit's revision guard), so an edit that lost a race adds no link.
 */
export function tagLinkStatements(
  db: Database,
  transactionId: string,
  given: readonly GivenTag[],
  onlyIf?: SQL,
): Statements {
  const rows = tagLinkRows(transactionId, given);
  if (rows.length === 0) return [];
  if (!onlyIf) return [db.insert(transactionTags).values(rows).onConflictDoNothing()];
  return [
    db.run(sql`insert into ${transactionTags} (transaction_id, tag_id, implied)
      select ${transactionId}, json_extract(link.value, '$.tagId'), json_extract(link.value, '$.implied')
      from json_each(${JSON.stringify(rows)}) as link where ${onlyIf}
      on conflict do nothing`),
  ];
}

/** A transaction's tags replaced by `given` (an edit, a sync); `onlyIf` guards the removal of the old ones. */
export function tagLinksReplaced(
  db: Database,
  transactionId: string,
  given: readonly GivenTag[],
  onlyIf?: SQL,
): Statements {
  return [
    db.delete(transactionTags).where(and(eq(transactionTags.transactionId, transactionId), onlyIf)),
    ...tagLinkStatements(db, transactionId, given, onlyIf),
  ];
}

/** Tags added to a transaction's own: a category it carried only through a subcategory becomes given. */
export function tagLinksAttached(db: Database, transactionId: string, given: readonly GivenTag[]): Statements {
  if (given.length === 0) return [];
  const givenIds = given.map((tag) => tag.id);
  return [
    db
      .delete(transactionTags)
      .where(
        and(
          eq(transactionTags.transactionId, transactionId),
          inArray(transactionTags.tagId, givenIds),
          eq(transactionTags.implied, 1),
        ),
      ),
    ...tagLinkStatements(db, transactionId, given),
  ];
}

/**
 * Tags taken off a transaction (only those it was given: an implied category goes with its last
 * subcategory); a category taken off while one of its subcategories stays is still implied.
 */
export function tagLinksDetached(db: Database, transactionId: string, tagIds: readonly string[]): Statements {
  if (tagIds.length === 0) return [];
  return [
    db
      .delete(transactionTags)
      .where(
        and(
          eq(transactionTags.transactionId, transactionId),
          inArray(transactionTags.tagId, tagIds),
          eq(transactionTags.implied, 0),
        ),
      ),
    ...impliedLinksRederived(db, [transactionId]),
  ];
}

/**
 * The links given some tags moved onto `intoId` (a merge, or a delete that keeps the transactions tagged):
 * a transaction given one of them is given `intoId` instead, once, and one that carried `intoId` only as an
 * implied category now carries it as given. Implied links are the caller's to re-derive afterwards (the
 * moved tags' categories, the new one's); `onlyIf` guards each statement.
 */
export function tagLinksMoved(db: Database, fromIds: TagIds, intoId: string, onlyIf: SQL): Statements {
  const moving = alias(transactionTags, "moving");
  const givenFrom = and(inArray(moving.tagId, fromIds), eq(moving.implied, 0));
  return [
    db
      .delete(transactionTags)
      .where(
        and(
          eq(transactionTags.tagId, intoId),
          eq(transactionTags.implied, 1),
          inArray(transactionTags.transactionId, db.select({ id: moving.transactionId }).from(moving).where(givenFrom)),
          onlyIf,
        ),
      ),
    db
      .insert(transactionTags)
      .select(
        db
          .select({
            transactionId: moving.transactionId,
            tagId: sql<string>`${intoId}`.as("tag_id"),
            transactionDate: moving.transactionDate,
            implied: sql<number>`0`.as("implied"),
            // A split transaction's links are derived again from its parts afterwards (splitLinksRederived).
            shareUnits: moving.shareUnits,
          })
          .from(moving)
          .where(and(givenFrom, onlyIf)),
      )
      .onConflictDoNothing(),
    db
      .delete(transactionTags)
      .where(and(inArray(transactionTags.tagId, fromIds), eq(transactionTags.implied, 0), onlyIf)),
  ];
}

/** The transactions given a tag or one of its subcategories: a subquery for impliedLinksRederived. */
export function transactionsFiledUnder(db: Database, tagId: string) {
  const link = alias(transactionTags, "filed");
  const linkTag = alias(tags, "filed_tag");
  return db
    .select({ id: link.transactionId })
    .from(link)
    .innerJoin(linkTag, eq(linkTag.id, link.tagId))
    .where(and(eq(link.implied, 0), or(eq(link.tagId, tagId), eq(linkTag.parentId, tagId))));
}

/** The transactions that carry a tag, given or implied: a subquery for impliedLinksRederived. */
export function transactionsCarrying(db: Database, tagId: string, how: "given" | "implied") {
  const link = alias(transactionTags, "carrier");
  return db
    .select({ id: link.transactionId })
    .from(link)
    .where(and(eq(link.tagId, tagId), eq(link.implied, how === "implied" ? 1 : 0)));
}

/**
 * The implied links of some transactions brought back in line with the tags they were given and
 * where those now sit (after a tag moved, a subcategory was deleted or tags were taken off), in the
 * caller's batch after that change: a category's implied link goes where none of its subcategories
 * is given any more, and comes where a given subcategory's category is missing. Two set-based
 * statements, whatever the number of transactions. Split transactions are left out: their links
 * follow their parts (splitLinksRederived).
 */
export function impliedLinksRederived(db: Database, transactionIds: TransactionIds): Statements {
  const given = alias(transactionTags, "given");
  const givenTag = alias(tags, "given_tag");
  return [
    db.delete(transactionTags).where(
      and(
        inArray(transactionTags.transactionId, transactionIds),
        eq(transactionTags.implied, 1),
        isNotSplit(db, transactionTags.transactionId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(given)
            .innerJoin(givenTag, eq(givenTag.id, given.tagId))
            .where(
              and(
                eq(given.transactionId, transactionTags.transactionId),
                eq(given.implied, 0),
                eq(givenTag.parentId, transactionTags.tagId),
              ),
            ),
        ),
      ),
    ),
    db
      .insert(transactionTags)
      .select(
        db
          .select({
            transactionId: given.transactionId,
            tagId: sql<string>`${givenTag.parentId}`.as("tag_id"),
            transactionDate: given.transactionDate,
            implied: sql<number>`1`.as("implied"),
            shareUnits: sql<number | null>`null`.as("share_units"),
          })
          .from(given)
          .innerJoin(givenTag, eq(givenTag.id, given.tagId))
          .where(
            and(
              inArray(given.transactionId, transactionIds),
              eq(given.implied, 0),
              isNotNull(givenTag.parentId),
              isNotSplit(db, given.transactionId),
            ),
          ),
      )
      .onConflictDoNothing(),
  ];
}

const isNotSplit = (db: Database, transactionId: SQLWrapper) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(transactionParts)
      .where(eq(transactionParts.transactionId, transactionId as SQL)),
  );

/**
 * Some split transactions' links derived again from their parts, in the caller's batch after the parts
 * or their tags changed: every link goes, then each tag a part is given — or implies, as a
 * subcategory's category — comes back once per transaction with its share, the amounts of the parts
 * filed under it (a part given a category and one of its subcategories counts once). Given where a
 * part was given it, implied where parts only imply it. Two set-based statements; pick the
 * transactions by their parts (splitTransactionsFiledUnder), not by the links this deletes.
 */
export function splitLinksRederived(db: Database, transactionIds: TransactionIds): Statements {
  const chosen = Array.isArray(transactionIds)
    ? sql.join(
        (transactionIds as readonly string[]).map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`${transactionIds as SQLWrapper}`;
  const filedUnder = sql`select part.${sql.identifier("transaction_id")} as transaction_id, part.${sql.identifier("id")} as part_id,
      part.${sql.identifier("amount_cents")} as amount_cents, part_tag.${sql.identifier("tag_id")} as tag_id, 0 as implied
    from ${transactionParts} part join ${transactionPartTags} part_tag on part_tag.${sql.identifier("part_id")} = part.${sql.identifier("id")}
    where part.${sql.identifier("transaction_id")} in (${chosen})
    union all
    select part.${sql.identifier("transaction_id")}, part.${sql.identifier("id")}, part.${sql.identifier("amount_cents")}, given_tag.${sql.identifier("parent_id")}, 1
    from ${transactionParts} part join ${transactionPartTags} part_tag on part_tag.${sql.identifier("part_id")} = part.${sql.identifier("id")}
      join ${tags} given_tag on given_tag.${sql.identifier("id")} = part_tag.${sql.identifier("tag_id")}
    where part.${sql.identifier("transaction_id")} in (${chosen}) and given_tag.${sql.identifier("parent_id")} is not null`;
  const perPart = sql`select transaction_id, part_id, amount_cents, tag_id, min(implied) as implied
    from (${filedUnder}) group by part_id, tag_id`;
  return [
    db.delete(transactionTags).where(inArray(transactionTags.transactionId, transactionIds)),
    db
      .insert(transactionTags)
      .select(
        sql`select transaction_id, tag_id, '', min(implied), sum(amount_cents) from (${perPart}) group by transaction_id, tag_id`,
      ),
  ];
}

/** The split transactions with a part given a tag or one of its subcategories: for splitLinksRederived. */
export function splitTransactionsFiledUnder(db: Database, tagId: string) {
  const part = alias(transactionParts, "filed_part");
  const partTag = alias(transactionPartTags, "filed_part_tag");
  const partTagRow = alias(tags, "filed_part_tag_row");
  return db
    .selectDistinct({ id: part.transactionId })
    .from(partTag)
    .innerJoin(part, eq(part.id, partTag.partId))
    .innerJoin(partTagRow, eq(partTagRow.id, partTag.tagId))
    .where(or(eq(partTag.tagId, tagId), eq(partTagRow.parentId, tagId)));
}

/** Parts given some tags are given `intoId` instead, once (a merge, a delete that moves what the tag had). */
export function partTagsMoved(db: Database, fromIds: TagIds, intoId: string, onlyIf: SQL): Statements {
  const moving = alias(transactionPartTags, "moving_part_tag");
  return [
    db
      .insert(transactionPartTags)
      .select(
        db
          .select({ partId: moving.partId, tagId: sql<string>`${intoId}`.as("tag_id") })
          .from(moving)
          .where(and(inArray(moving.tagId, fromIds), onlyIf)),
      )
      .onConflictDoNothing(),
    db.delete(transactionPartTags).where(and(inArray(transactionPartTags.tagId, fromIds), onlyIf)),
  ];
}
