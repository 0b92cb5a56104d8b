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
 * Lines from outside (an import's chunk) given their payees, after their rows are in the batch: a line
 * a rule named a payee for gets that payee (made if need be); any other, the payee its description's key
 * is learned for, else a payee of its cleaned name, made (or found) and learning the key. Three
 * set-based statements for the chunk.
 */
export function payeesOfLines(
  db: Database,
  workspaceId: string,
  lines: readonly { transactionId: string; description: string; payee?: string | null }[],
  now: string,
): Statements {
  const payeeLines = lines
    .map((line) =>
      line.payee
        ? { id: line.transactionId, key: "", name: line.payee, named: 1 }
        : {
            id: line.transactionId,
            key: payeeKeyOf(line.description),
            name: cleanedPayeeName(line.description),
            named: 0,
          },
    )
    .filter((line) => line.name !== "" && (line.named === 1 || line.key !== ""));
  if (payeeLines.length === 0) return [];
  const linesJson = JSON.stringify(payeeLines.map((line) => ({ ...line, payeeId: newId() })));
  const field = (name: string) => sql.raw(`json_extract(line.value, '$.${name}')`);
  return [
    db.run(sql`insert into ${payees} (id, workspace_id, name, created_at)
      select min(${field("payeeId")}), ${workspaceId}, ${field("name")}, ${now}
      from json_each(${linesJson}) as line
      where ${field("named")} = 1 or not exists (select 1 from ${payeeNames} where ${payeeNames.workspaceId} = ${workspaceId}
        and ${payeeNames.key} = ${field("key")})
      group by lower(${field("name")})
      on conflict do nothing`),
    db.run(sql`insert into ${payeeNames} (workspace_id, key, payee_id)
      select ${workspaceId}, ${field("key")}, ${payees.id}
      from json_each(${linesJson}) as line join ${payees} on ${payees.workspaceId} = ${workspaceId}
        and lower(${payees.name}) = lower(${field("name")})
      where ${field("named")} = 0
      on conflict do nothing`),
    // One pass over the lines, each row found by its key: no subquery per transaction of the table.
    db.run(sql`update ${transactions} set payee_id = line_payee.payee_id
      from (select ${field("id")} as transaction_id, case when ${field("named")} = 1
          then (select ${payees.id} from ${payees} where ${payees.workspaceId} = ${workspaceId} and lower(${payees.name}) = lower(${field("name")}))
          else (select ${payeeNames.payeeId} from ${payeeNames} where ${payeeNames.workspaceId} = ${workspaceId} and ${payeeNames.key} = ${field("key")}) end as payee_id
        from json_each(${linesJson}) as line) as line_payee
      where ${transactions}.id = line_payee.transaction_id`),
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
