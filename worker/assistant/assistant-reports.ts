import { and, eq } from "drizzle-orm";
import { batchByName } from "../../db/named-batch.ts";
import { monthSpending, tagMonthSpending, tags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import type { AssistantWorkspace } from "./assistant-reads.ts";
import type { Replies } from "./assistant-sentences.ts";

/** WhatsApp takes a text of at most 4,096 characters; a reply stays a little under it. */
export const replyTextLimit = 4000;

/**
 * The reply's lines while they fit one WhatsApp message; past that, how many more there are and
 * where to see them all. The first line (the title) always stays.
 */
export function fittedLines(lines: readonly string[], replies: Replies, url: string): string {
  const kept: string[] = [];
  let length = 0;
  for (const [index, line] of lines.entries()) {
    const more = replies.say("more", { count: lines.length - index, url });
    if (index > 0 && length + line.length + 1 + more.length + 1 > replyTextLimit) {
      return [...kept, more].join("\n");
    }
    kept.push(line);
    length += line.length + 1;
  }
  return kept.join("\n");
}

/** "saldo": each active account's balance, and each card's debt and what is left of its limit. */
export function balanceReply(workspace: AssistantWorkspace, replies: Replies, accountsUrl: string): string {
  const { say, money } = replies;
  if (workspace.accounts.length === 0) return say("balance.none", { workspace: workspace.name, url: accountsUrl });
  const amount = (units: number, currency: string) => money(unitsToDecimal(units, currency), currency);
  const lines = [
    say("balance.title", { workspace: workspace.name }),
    ...workspace.accounts.map((account) =>
      say("balance.account", { name: account.name, amount: amount(account.balanceCents, account.currency) }),
    ),
    ...workspace.cards.map((card) =>
      card.mode === "credit"
        ? say("balance.card", {
            name: card.name,
            debt: amount(card.debtCents, card.currency),
            available:
              card.creditLimitCents === null ? "—" : amount(card.creditLimitCents - card.debtCents, card.currency),
          })
        : say("balance.debitCard", { name: card.name, account: card.accountName }),
    ),
  ];
  return fittedLines(lines, replies, accountsUrl);
}

/**
 * "resumo": this month's spending by tag, per currency, from the month rollups (no conversion:
 * a currency is never turned into another without a rate). An expense with two tags counts under
 * both, so the tag lines may add up to more than the total; the reply says so when they do. The
 * biggest tags of each currency are listed; the rest are counted, with where to see them.
 */
const tagsPerCurrency = 12;

export async function summaryReply(
  ctx: ServiceContext,
  workspace: AssistantWorkspace,
  today: string,
  replies: Replies,
  analyticsUrl: string,
): Promise<string> {
  const { say, money } = replies;
  const month = today.slice(0, 7);
  const { rows } = await batchByName(ctx.db, [], {
    totals: ctx.db
      .select({ currency: monthSpending.currency, units: monthSpending.amountUnits })
      .from(monthSpending)
      .where(and(eq(monthSpending.workspaceId, workspace.id), eq(monthSpending.month, month))),
    byTag: ctx.db
      .select({
        tagId: tagMonthSpending.tagId,
        name: tags.name,
        currency: tagMonthSpending.currency,
        units: tagMonthSpending.amountUnits,
      })
      .from(tagMonthSpending)
      .leftJoin(tags, eq(tags.id, tagMonthSpending.tagId))
      .where(and(eq(tagMonthSpending.workspaceId, workspace.id), eq(tagMonthSpending.month, month))),
  });
  const monthName = replies.month(today);
  const totals = rows.totals.filter((row) => row.units > 0).sort((a, b) => a.currency.localeCompare(b.currency));
  if (totals.length === 0) return say("summary.none", { month: monthName, workspace: workspace.name });
  const lines = [say("summary.title", { month: monthName, workspace: workspace.name })];
  let tagsOverlap = false;
  for (const total of totals) {
    const tagLines = rows.byTag
      .filter((row) => row.currency === total.currency && row.units > 0)
      .sort((a, b) => b.units - a.units || (a.name ?? "").localeCompare(b.name ?? ""));
    const amount = (units: number) => money(unitsToDecimal(units, total.currency), total.currency);
    for (const row of tagLines.slice(0, tagsPerCurrency)) {
      const name = row.tagId === "" || !row.name ? say("parts.untagged") : row.name;
      lines.push(say("summary.tag", { name, amount: amount(row.units) }));
    }
    if (tagLines.length > tagsPerCurrency) {
      lines.push(say("more", { count: tagLines.length - tagsPerCurrency, url: analyticsUrl }));
    }
    lines.push(say("summary.total", { amount: amount(total.units) }));
    if (tagLines.reduce((sum, row) => sum + row.units, 0) > total.units) tagsOverlap = true;
  }
  if (tagsOverlap) lines.push(say("summary.overlap"));
  return fittedLines(lines, replies, analyticsUrl);
}
