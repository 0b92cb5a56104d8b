import { and, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { newId } from "../../db/ids.ts";
import { payeeNames, payees, transactions } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { cleanedPayeeName, payeeKeyOf } from "./payee-names.ts";

/**
 * How a write names a transaction's payee (README: "Payees"), as statements for the write's own batch:
 * the payee is found by name or by a learned key inside the statement that sets it, so a payee made or
 * renamed by a racing write is the one used, never a second of the same name.
 */

type Statements = BatchItem<"sqlite">[];

/** The workspace's payee of that name, letter case aside (its unique index's expression). */
export const payeeIdNamed = (workspaceId: string, name: string) =>
  sql<
    string | null
  >`(select ${payees.id} from ${payees} where ${payees.workspaceId} = ${workspaceId} and lower(${payees.name}) = lower(${name}))`;

/** The workspace's payee a line's key was learned for, or null. */
export const payeeIdKnownAs = (workspaceId: string, key: string) =>
  sql<
    string | null
  >`(select ${payeeNames.payeeId} from ${payeeNames} where ${payeeNames.workspaceId} = ${workspaceId} and ${payeeNames.key} = ${key})`;

/** A payee of that name, made unless the workspace has one already. */
export function payeeMade(db: Database, workspaceId: string, name: string, now: string, id = newId()) {
  return db.insert(payees).values({ id, workspaceId, name, createdAt: now }).onConflictDoNothing();
}

/** `key` learned as the payee of that name's, unless it is already some payee's (the first learned stays). */
export function payeeKeyLearned(db: Database, workspaceId: string, key: string, name: string) {
  return db
    .insert(payeeNames)
    .select(
      db
        .select({
          workspaceId: sql<string>`${workspaceId}`.as("workspace_id"),
          key: sql<string>`${key}`.as("key"),
          payeeId: payees.id,
        })
        .from(payees)
        .where(and(eq(payees.workspaceId, workspaceId), sql`lower(${payees.name}) = lower(${name})`)),
    )
    .onConflictDoNothing();
}

/** What a write says of a transaction's payee: one named by the person, none, or the one its description is known as. */
export type PayeeChoice = { named: string } | { none: true } | { knownAs: string };

/** The payee a typed write chooses: the one named; none when null; else (a new one) the payee its description's key is learned for. */
export function payeeChoiceOf(
  payee: string | null | undefined,
  description: string,
  isNew: boolean,
): PayeeChoice | null {
  if (typeof payee === "string") return { named: payee };
  if (payee === null) return { none: true };
  return isNew ? { knownAs: payeeKeyOf(description) } : null;
}

/** The statements that give a transaction its chosen payee, after the row is in the batch. */
export function payeeSet(
  db: Database,
  workspaceId: string,
  transactionId: string,
  choice: PayeeChoice | null,
  madeId: string,
  now: string,
  onlyIf?: SQL,
): Statements {
  if (choice === null) return [];
  const payeeId =
    "named" in choice
      ? payeeIdNamed(workspaceId, choice.named)
      : "knownAs" in choice
        ? payeeIdKnownAs(workspaceId, choice.knownAs)
        : sql`null`;
  return [
    ...("named" in choice ? [payeeMade(db, workspaceId, choice.named, now, madeId)] : []),
    db
      .update(transactions)
      .set({ payeeId })
      .where(and(eq(transactions.id, transactionId), onlyIf)),
  ];
}

/**
 * Lines from outside (an import's chunk) given their payees: each line's description's key is some
 * payee's when learned, else a payee of its cleaned name is made (or found) and learns the key. Three
 * set-based statements for the chunk, after its rows are in the batch.
 */
export function payeesOfLines(
  db: Database,
  workspaceId: string,
  lines: readonly { transactionId: string; description: string }[],
  now: string,
): Statements {
  const named = lines
    .map((line) => ({
      id: line.transactionId,
      key: payeeKeyOf(line.description),
      name: cleanedPayeeName(line.description),
    }))
    .filter((line) => line.key !== "" && line.name !== "");
  if (named.length === 0) return [];
  const linesJson = JSON.stringify(named);
  return [
    db.run(sql`insert into ${payees} (id, workspace_id, name, created_at)
      select min(json_extract(line.value, '$.payeeId')), ${workspaceId}, json_extract(line.value, '$.name'), ${now}
      from json_each(${JSON.stringify(named.map((line) => ({ ...line, payeeId: newId() })))}) as line
      where not exists (select 1 from ${payeeNames} where ${payeeNames.workspaceId} = ${workspaceId}
        and ${payeeNames.key} = json_extract(line.value, '$.key'))
      group by lower(json_extract(line.value, '$.name'))
      on conflict do nothing`),
    db.run(sql`insert into ${payeeNames} (workspace_id, key, payee_id)
      select ${workspaceId}, json_extract(line.value, '$.key'), ${payees.id}
      from json_each(${linesJson}) as line join ${payees} on ${payees.workspaceId} = ${workspaceId}
        and lower(${payees.name}) = lower(json_extract(line.value, '$.name'))
      where true
      on conflict do nothing`),
    db.run(sql`update ${transactions} set payee_id = (select ${payeeNames.payeeId} from ${payeeNames}
        where ${payeeNames.workspaceId} = ${workspaceId} and ${payeeNames.key} = (select json_extract(line.value, '$.key')
          from json_each(${linesJson}) as line where json_extract(line.value, '$.id') = ${transactions}.id))
      where ${transactions}.id in (select json_extract(line.value, '$.id') from json_each(${linesJson}) as line)`),
  ];
}

/** The payee a choice names as it stands before the write (none yet for a new name): what its answer shows. */
export function payeeOfChoiceQuery(ctx: ServiceContext, workspaceId: string, choice: PayeeChoice | null) {
  if (choice === null || "none" in choice) return undefined;
  const columns = { id: payees.id, name: payees.name };
  if ("named" in choice)
    return ctx.db
      .select(columns)
      .from(payees)
      .where(and(eq(payees.workspaceId, workspaceId), sql`lower(${payees.name}) = lower(${choice.named})`));
  return ctx.db
    .select(columns)
    .from(payeeNames)
    .innerJoin(payees, eq(payees.id, payeeNames.payeeId))
    .where(and(eq(payeeNames.workspaceId, workspaceId), eq(payeeNames.key, choice.knownAs)));
}
