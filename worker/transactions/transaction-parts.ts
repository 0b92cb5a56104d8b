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

/**
 * A transaction's parts replaced by `parts`, its links derived from them, and the batch's own check that
 * they sum to `amountUnits` — all while the row is at `revision` (the one read; 0 for a row this batch
 * inserts), so an edit that lost a race writes no part. The check writes NULL into the amount, which
 * fails the batch (worker/ledger/apply-effects.ts runLedgerBatch answers 422 at `parts`).
 */
export function partsWritten(
  db: Database,
  transactionId: string,
  revision: number,
  amountUnits: number,
  parts: readonly PartRow[],
): BatchItem<"sqlite">[] {
  const partsJson = JSON.stringify(
    parts.map((part, position) => ({ id: part.id, position, amount: part.amountUnits, note: part.note })),
  );
  const tagsJson = JSON.stringify(parts.flatMap((part) => part.tagIds.map((tagId) => ({ part: part.id, tag: tagId }))));
  return [
    ...partsDeleted(db, transactionId, revision),
    db.run(sql`insert into transaction_parts (id, transaction_id, position, amount_cents, note)
      select json_extract(part.value, '$.id'), ${transactions.id}, json_extract(part.value, '$.position'),
        json_extract(part.value, '$.amount'), json_extract(part.value, '$.note')
      from ${transactions}, json_each(${partsJson}) as part
      where ${transactions.id} = ${transactionId} and ${transactions.revision} = ${revision}`),
    db.run(sql`insert into transaction_part_tags (part_id, tag_id)
      select ${transactionParts.id}, json_extract(part_tag.value, '$.tag')
      from json_each(${tagsJson}) as part_tag join ${transactionParts} on ${transactionParts.id} = json_extract(part_tag.value, '$.part')`),
    ...splitLinksRederived(db, [transactionId]),
    db
      .update(transactions)
      .set({ amountCents: sql`null` })
      .where(
        and(
          eq(transactions.id, transactionId),
          eq(transactions.revision, revision),
          sql`(select coalesce(sum(${transactionParts.amountCents}), ${BigInt(amountUnits)}) from ${transactionParts}
            where ${transactionParts.transactionId} = ${transactionId}) <> ${BigInt(amountUnits)}`,
        ),
      ),
  ];
}

/** The parts of each row as JSON, in the row's own query (worker/transactions/transactions.queries.ts). */
export type PartJson = { uuid: string; amount_cents: number; note: string | null; tag_ids: string[] };
