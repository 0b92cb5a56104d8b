import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { isUuid, newId } from "../../db/ids.ts";
import { batchStartingWith } from "../../db/named-batch.ts";
import { payeeNames, payees, payeeTotals, transactions } from "../../db/schema/index.ts";
import type { Currency, TransactionKind } from "../../db/enums.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { unitsToDecimal } from "../ledger/money.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import { payeeKeyOf } from "./payee-names.ts";
import { payeeKeyLearned } from "./payee-statements.ts";
import type { payeeResponseSchema } from "./payees.responses.ts";
import type { MergePayeeInput, PayeeInput } from "./payees.schemas.ts";

/**
 * Payees (README: "Payees"): listed with their kept totals, created, renamed, merged and deleted. A
 * rename and a merge teach the workspace names: the new name's key, and in a merge every name the merged
 * payee was known by, become the survivor's, so the bank's next "UBER *TRIP 9XQ1" is filed under it.
 */

type PayeeRef = WorkspaceRef & { payeeId: string };
type PayeeResponse = z.infer<typeof payeeResponseSchema>;

const payeeNotFound = () => new AppError("NOT_FOUND", "errors:details.payeeNotFound");
const nameTaken = () => fieldError("name", "errors:fields.payeeNameTaken", { code: "PAYEE_NAME_TAKEN" });
const isNameTaken = (error: unknown) =>
  /payees_workspace_name_unique|UNIQUE constraint failed: payees/.test(String((error as Error)?.cause ?? error));

/** The payee's id, the table named: in a single-table select a bare "id" in a subquery could be another table's. */
const payeeIdQualified = sql`${payees}.${sql.identifier("id")}`;

type TotalJson = { type: TransactionKind; currency: Currency; units: number; count: number };

/** Each payee with its totals as JSON (a seek per payee in payee_totals), by name. */
function payeesWithTotalsQuery(ctx: ServiceContext, workspaceId: string, payeeId?: string) {
  const totalsJson = sql<string>`(select coalesce(json_group_array(json_object('type', ${payeeTotals.kind},
      'currency', ${payeeTotals.currency}, 'units', ${payeeTotals.amountUnits}, 'count', ${payeeTotals.transactionCount})), '[]')
    from ${payeeTotals} where ${payeeTotals.payeeId} = ${payeeIdQualified} and ${payeeTotals.transactionCount} > 0)`;
  return ctx.db
    .select({ payee: payees, totalsJson })
    .from(payees)
    .where(
      and(
        eq(payees.workspaceId, workspaceId),
        payeeId === undefined ? undefined : eq(payees.id, isUuid(payeeId) ? payeeId : ""),
      ),
    )
    .orderBy(asc(sql`lower(${payees.name})`));
}

function toPayeeResponse(payee: typeof payees.$inferSelect, totalsJson: string): PayeeResponse {
  const totals = (JSON.parse(totalsJson) as TotalJson[]).sort((a, b) => b.units - a.units);
  return {
    uuid: payee.id,
    name: payee.name,
    transactions: totals.reduce((count, total) => count + total.count, 0),
    totals: totals.map((total) => ({
      type: total.type,
      currency: total.currency,
      amount: unitsToDecimal(total.units, total.currency),
      amount_cents: total.units,
      transactions: total.count,
    })),
    created_at: payee.createdAt,
  };
}

/** GET /payees: every payee of the workspace by name, with its totals. */
export async function listPayees({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    rows: payeesWithTotalsQuery(ctx, input.workspaceId),
  });
  return rows.map((row) => toPayeeResponse(row.payee, row.totalsJson));
}

async function payeeNow(ctx: ServiceContext, workspaceId: string, payeeId: string) {
  const [row] = await payeesWithTotalsQuery(ctx, workspaceId, payeeId);
  if (!row) throw payeeNotFound();
  return toPayeeResponse(row.payee, row.totalsJson);
}

/** GET /payees/{id}. */
export async function getPayee({ ctx, input }: ServiceCall<PayeeRef>) {
  const {
    rows: { rows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    rows: payeesWithTotalsQuery(ctx, input.workspaceId, input.payeeId),
  });
  const row = rows[0];
  if (!row) throw payeeNotFound();
  return toPayeeResponse(row.payee, row.totalsJson);
}

/** POST /payees: a payee of that name (refused when the workspace has one, whatever the letter case). */
export async function createPayee({ ctx, input }: ServiceCall<WorkspaceRef & PayeeInput>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const id = newId();
  const now = ctx.clock.now().toISOString();
  try {
    await ctx.db.batch([
      ctx.db.insert(payees).values({ id, workspaceId: input.workspaceId, name: input.name, createdAt: now }),
      payeeKeyLearned(ctx.db, input.workspaceId, payeeKeyOf(input.name), input.name),
    ]);
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken();
    throw error;
  }
  return payeeNow(ctx, input.workspaceId, id);
}

/** PUT /payees/{id}: a new name, which the payee is known by from now on as well as its old ones. */
export async function renamePayee({ ctx, input }: ServiceCall<PayeeRef & PayeeInput>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const { workspaceId } = input;
  let renamed: { id: string }[];
  try {
    renamed = await batchStartingWith(
      ctx.db,
      ctx.db
        .update(payees)
        .set({ name: input.name, updatedAt: ctx.clock.now().toISOString() })
        .where(
          and(
            eq(payees.workspaceId, workspaceId),
            eq(payees.id, isUuid(input.payeeId) ? input.payeeId : ""),
            actorStillMay(ctx, workspaceId, "finances.write"),
          ),
        )
        .returning({ id: payees.id }),
      [payeeKeyLearned(ctx.db, workspaceId, payeeKeyOf(input.name), input.name)],
    );
  } catch (error) {
    if (isNameTaken(error)) throw nameTaken();
    throw error;
  }
  if (renamed.length !== 1) throw payeeNotFound();
  return payeeNow(ctx, workspaceId, input.payeeId);
}

/**
 * POST /payees/{id}/merge: the payee goes, and its transactions and every name it was known by (its own
 * name's key too) become `into`'s, in one batch guarded on both still being there. Answers the survivor.
 */
export async function mergePayee({ ctx, input }: ServiceCall<PayeeRef & MergePayeeInput>) {
  const { workspaceId } = input;
  const {
    rows: { both },
  } = await readInWorkspace(ctx, workspaceId, "finances.write", {
    both: ctx.db
      .select({ id: payees.id, name: payees.name })
      .from(payees)
      .where(
        and(
          eq(payees.workspaceId, workspaceId),
          sql`${payees.id} in (${isUuid(input.payeeId) ? input.payeeId : ""}, ${input.into})`,
        ),
      ),
  });
  const from = both.find((payee) => payee.id === input.payeeId);
  if (!from) throw payeeNotFound();
  if (input.into === from.id) throw fieldError("into", "errors:fields.mergePayeeIntoItself");
  if (!both.some((payee) => payee.id === input.into)) throw fieldError("into", "errors:fields.payeeUnknown");
  const bothThere = sql`(select count(*) from ${payees} as "guard_payee" where "guard_payee"."workspace_id" = ${workspaceId}
    and "guard_payee"."id" in (${from.id}, ${input.into})) = 2`;
  const guard = and(actorStillMay(ctx, workspaceId, "finances.write"), bothThere)!;
  const applied = await batchStartingWith(
    ctx.db,
    ctx.db
      .update(payees)
      .set({ updatedAt: ctx.clock.now().toISOString() })
      .where(and(eq(payees.id, input.into), guard))
      .returning({ id: payees.id }),
    [
      ctx.db
        .update(transactions)
        .set({ payeeId: input.into })
        .where(and(eq(transactions.workspaceId, workspaceId), eq(transactions.payeeId, from.id), guard)),
      ctx.db
        .insert(payeeNames)
        .select(
          ctx.db
            .select({
              workspaceId: payeeNames.workspaceId,
              key: payeeNames.key,
              payeeId: sql<string>`${input.into}`.as("payee_id"),
            })
            .from(payeeNames)
            .where(and(eq(payeeNames.payeeId, from.id), guard)),
        )
        .onConflictDoUpdate({ target: [payeeNames.workspaceId, payeeNames.key], set: { payeeId: input.into } }),
      ctx.db
        .insert(payeeNames)
        .select(
          ctx.db
            .select({
              workspaceId: payees.workspaceId,
              key: sql<string>`${payeeKeyOf(from.name)}`.as("key"),
              payeeId: sql<string>`${input.into}`.as("payee_id"),
            })
            .from(payees)
            .where(and(eq(payees.id, input.into), guard)),
        )
        .onConflictDoUpdate({ target: [payeeNames.workspaceId, payeeNames.key], set: { payeeId: input.into } }),
      ctx.db.delete(payees).where(and(eq(payees.id, from.id), guard)),
    ],
  );
  if (applied.length !== 1) throw new AppError("PAYEES_CHANGED");
  return payeeNow(ctx, workspaceId, input.into);
}

/** DELETE /payees/{id}: its transactions stay, without a payee; the names it was known by are forgotten. */
export async function deletePayee({ ctx, input }: ServiceCall<PayeeRef>) {
  await readInWorkspace(ctx, input.workspaceId, "finances.write", {});
  const deleted = await ctx.db
    .delete(payees)
    .where(
      and(
        eq(payees.workspaceId, input.workspaceId),
        eq(payees.id, isUuid(input.payeeId) ? input.payeeId : ""),
        actorStillMay(ctx, input.workspaceId, "finances.write"),
      ),
    )
    .returning({ id: payees.id });
  if (deleted.length !== 1) throw payeeNotFound();
  return { message: "Payee deleted" };
}
