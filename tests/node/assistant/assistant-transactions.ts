import { actingAs } from "../../../worker/access/actor.ts";
import { postTransaction } from "../../../worker/transactions/transactions.service.ts";
import { transactionSchema } from "../../../worker/transactions/transactions.schemas.ts";
import type { AssistantHousehold } from "./assistant-fixture.ts";

/** A past expense on Itaú, written through the ledger's own verb (as the cron executor would). */
export async function insertTransactionRow(
  a: AssistantHousehold,
  fields: { description: string; tagId: string; amount?: string; date?: string },
) {
  const ctx = actingAs(a.ctx, { type: "system", job: "due-items" });
  const input = transactionSchema.parse({
    type: "expense",
    amount: fields.amount ?? "10.00",
    description: fields.description,
    date: fields.date ?? "2026-11-20",
    origin: `account:${a.itau.id}`,
    tag_ids: [fields.tagId],
  });
  return postTransaction({ ctx, input: { workspaceId: a.workspaceId, ...input } });
}
