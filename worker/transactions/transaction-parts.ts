import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { newId } from "../../db/ids.ts";
import { transactionParts, transactions } from "../../db/schema/index.ts";
import type { Currency, TransactionKind } from "../../db/enums.ts";
import { fieldError } from "../http/errors.ts";
import { unitsIn } from "../ledger/amount-in-currency.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import { splitLinksRederived } from "../ledger/tag-links.ts";
import type { TransactionPartInput } from "./transactions.schemas.ts";

/**
 * Split transactions (README: "Split transactions"): an income or an expense whose amount is
 * filed in parts, each under its own tags. The parts are checked here against the amount in the
 * currency's minor units, written with the transaction in one batch, and the transaction's tag links
 * derived from them (worker/ledger/tag-links.ts), so the reports and budgets count each part under its
 * tags while the account or card sees one movement.
 */

/** A part as it is written: its id, amount in minor units, tags and note. */
export type PartRow = { id: string; amountUnits: number; tagIds: string[]; note: string | null };

/** Only income and expenses are split: a transfer or a card payment files nothing under tags' spending. */
const splittableKinds: readonly TransactionKind[] = ["income", "expense"];

/** Every tag a write names: the transaction's own and its parts'. */
export function tagIdsNamed(input: { tag_ids?: string[]; parts?: TransactionPartInput[] | null }): string[] {
  return [...new Set([...(input.tag_ids ?? []), ...(input.parts ?? []).flatMap((part) => part.tag_ids)])];
}

/**
 * The parts a write sends, checked: `undefined` when it sends none (an edit keeps what there is),
 * `null` when it un-splits (null or an empty list), else the parts in minor units — refused unless the
 * kind may be split, the transaction's own tags are left to the parts, and the parts sum to the amount
 * to the cent.
 */
export function partsOfInput(
  input: { tag_ids?: string[]; parts?: TransactionPartInput[] | null },
  resolved: { kind: TransactionKind; amountCents: number; currency: Currency },
): PartRow[] | null | undefined {
  if (input.parts === undefined) return undefined;
  if (input.parts === null || input.parts.length === 0) return null;
  if (!splittableKinds.includes(resolved.kind)) throw fieldError("parts", "errors:fields.splitKind");
  if (input.tag_ids && input.tag_ids.length > 0) throw fieldError("tag_ids", "errors:fields.splitTagsOnParts");
  const parts = input.parts.map((part, index) => ({
    id: newId(),
    amountUnits: unitsIn(part.amount, resolved.currency, `parts.${index}.amount`),
    tagIds: part.tag_ids,
    note: part.note ?? null,
  }));
  const sum = parts.reduce((total, part) => total + part.amountUnits, 0);
  if (sum !== resolved.amountCents) {
    throw fieldError("parts", "errors:fields.partsSum", {
      values: {
        sum: unitsToDecimal(sum, resolved.currency),
        amount: unitsToDecimal(resolved.amountCents, resolved.currency),
      },
    });
  }
  return parts;
}

/**
 * An edit of a split transaction that sends no parts keeps them: then its own tags cannot be set (they
 * are its parts'), its kind must stay splittable, and its amount must stay what the parts sum to.
 */
export function assertPartsStillFit(
  input: { tag_ids?: string[] },
  previous: { amountCents: number },
  resolved: { kind: TransactionKind; amountCents: number },
): void {
  if (input.tag_ids !== undefined) throw fieldError("tag_ids", "errors:fields.splitTagsOnParts");
  if (!splittableKinds.includes(resolved.kind)) throw fieldError("parts", "errors:fields.splitKind");
  if (resolved.amountCents !== previous.amountCents) throw fieldError("amount", "errors:fields.splitAmountChanged");
}

/** The statements that delete a transaction's parts (their tags go with them), while it is at `revision`. */
export function partsDeleted(db: Database, transactionId: string, revision: number): BatchItem<"sqlite">[] {
  return [
    db
      .delete(transactionParts)
      .where(
        and(
          eq(transactionParts.transactionId, transactionId),
          sql`exists (select 1 from ${transactions} where ${transactions.id} = ${transactionId} and ${transactions.revision} = ${revision})`,
        ),
      ),
  ];
}

/** A transaction's parts as a write gives them: the row, the revision it must be at, its whole amount. */
export type PartsOfRow = { transactionId: string; revision: number; amountUnits: number; parts: readonly PartRow[] };

/**
 * Parts inserted for some transactions, their links derived from them, and the batch's own check that
 * each transaction's parts sum to its amount — all only where the row is at the revision given (the one
 * read; 0 for a row this batch inserts), so an edit that lost a race writes no part. The check writes
 * NULL into the amount, which fails the batch (worker/ledger/apply-effects.ts runLedgerBatch answers 422
 * at `parts`). Five statements, however many transactions.
 */
function partsInserted(db: Database, rows: readonly PartsOfRow[]): BatchItem<"sqlite">[] {
  const partsJson = JSON.stringify(
    rows.flatMap((row) =>
      row.parts.map((part, position) => ({
        id: part.id,
        transaction: row.transactionId,
        revision: row.revision,
        position,
        amount: part.amountUnits,
        note: part.note,
      })),
    ),
  );
  const tagsJson = JSON.stringify(
    rows.flatMap((row) => row.parts.flatMap((part) => part.tagIds.map((tagId) => ({ part: part.id, tag: tagId })))),
  );
  const wholesJson = JSON.stringify(
    rows.map((row) => ({ transaction: row.transactionId, revision: row.revision, amount: row.amountUnits })),
  );
  const field = (alias: string, name: string) => sql.raw(`json_extract(${alias}.value, '$.${name}')`);
  return [
    db.run(sql`insert into transaction_parts (id, transaction_id, position, amount_cents, note)
      select ${field("part", "id")}, ${transactions.id}, ${field("part", "position")}, ${field("part", "amount")}, ${field("part", "note")}
      from json_each(${partsJson}) as part join ${transactions} on ${transactions.id} = ${field("part", "transaction")}
        and ${transactions.revision} = ${field("part", "revision")}`),
    db.run(sql`insert into transaction_part_tags (part_id, tag_id)
      select ${transactionParts.id}, ${field("part_tag", "tag")}
      from json_each(${tagsJson}) as part_tag join ${transactionParts} on ${transactionParts.id} = ${field("part_tag", "part")}`),
    ...splitLinksRederived(
      db,
      rows.map((row) => row.transactionId),
    ),
    // The lines are walked once, each transaction found by its id: no subquery per row of the table.
    db.run(sql`update ${transactions} set amount_cents = null
      where ${transactions.id} in (select ${field("whole", "transaction")} from json_each(${wholesJson}) as whole
        where exists (select 1 from ${transactions} as "scanned" where "scanned"."id" = ${field("whole", "transaction")}
            and "scanned"."revision" = ${field("whole", "revision")})
          and (select coalesce(sum(${transactionParts.amountCents}), ${field("whole", "amount")}) from ${transactionParts}
            where ${transactionParts.transactionId} = ${field("whole", "transaction")}) <> ${field("whole", "amount")})`),
  ];
}

/** A transaction's parts replaced by `parts` (the old ones deleted first), in an edit's or a create's batch. */
export function partsWritten(
  db: Database,
  transactionId: string,
  revision: number,
  amountUnits: number,
  parts: readonly PartRow[],
): BatchItem<"sqlite">[] {
  return [
    ...partsDeleted(db, transactionId, revision),
    ...partsInserted(db, [{ transactionId, revision, amountUnits, parts }]),
  ];
}

/** The parts of rows this batch inserts (an import's chunk): set-based, whatever their number. */
export function partsOfNewRows(db: Database, rows: readonly Omit<PartsOfRow, "revision">[]): BatchItem<"sqlite">[] {
  return rows.length === 0
    ? []
    : partsInserted(
        db,
        rows.map((row) => ({ ...row, revision: 0 })),
      );
}

/** The parts of each row as JSON, in the row's own query (worker/transactions/transactions.queries.ts). */
export type PartJson = { uuid: string; amount_cents: number; note: string | null; tag_ids: string[] };
