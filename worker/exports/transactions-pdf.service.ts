import { eq } from "drizzle-orm";
import { workspaces } from "../../db/schema/index.ts";
import type { ServiceCall } from "../access/actor.ts";
import type { Language } from "../i18n/language.ts";
import { todayIn } from "../ledger/dates.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import type { TransactionResponse } from "../transactions/transactions.mapper.ts";
import { writePdf } from "./pdf.ts";
import {
  exportFileName,
  exportWords,
  requireExportFeatures,
  type TransactionWalkInput,
  walkTransactions,
} from "./transaction-rows.ts";
import { type CurrencyTotals, statementPages } from "./transactions-pdf.layout.ts";

export type TransactionsPdfInput = TransactionWalkInput & {
  language: Language;
  /** The most transactions one statement lists; tests make it small. */
  maxRows?: number;
};

/**
 * A statement is read whole before it is written (its last page holds the totals, every page says
 * "of N"), so it is capped: 5 000 rows are about 100 pages and a few hundred kilobytes, read in five
 * round trips. Past the cap the statement says so and asks for narrower filters.
 */
export const maxStatementRows = 5000;

/** Income and expenses per currency, exact in minor units; the workspace's currency first. */
function totalsOf(transactions: TransactionResponse[], workspaceCurrency: string): CurrencyTotals[] {
  const byCurrency = new Map<string, CurrencyTotals>();
  for (const { type, currency, amount_cents } of transactions) {
    if (type !== "income" && type !== "expense") continue;
    const totals = byCurrency.get(currency) ?? { currency, income: 0n, expenses: 0n };
    if (type === "income") totals.income += BigInt(amount_cents);
    else totals.expenses += BigInt(amount_cents);
    byCurrency.set(currency, totals);
  }
  return [...byCurrency.values()].sort(
    (a, b) =>
      Number(b.currency === workspaceCurrency) - Number(a.currency === workspaceCurrency) ||
      a.currency.localeCompare(b.currency),
  );
}

/**
 * GET /exports/transactions.pdf: the transactions the list's filters keep, newest first, as an A4
 * statement in the person's language — the workspace, the period, the lines, totals per currency.
 * A paid format (requireExportFeatures). The whole file is built before answering, so any failed
 * read is still an error envelope, never a truncated statement.
 */
export async function exportTransactionsPdf({ ctx, input }: ServiceCall<TransactionsPdfInput>) {
  const { language, workspaceId, filters } = input;
  const maxRows = input.maxRows ?? maxStatementRows;
  const { workspace, extra, steps } = await walkTransactions(ctx, input, {
    ownerTierRows: workspaceOwnerTierQuery(ctx, workspaceId),
    workspaceRows: ctx.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)),
  });
  requireExportFeatures(extra.ownerTierRows);
  const transactions: TransactionResponse[] = [];
  let isCapped = false;
  for await (const step of steps) {
    isCapped = transactions.length + step.length > maxRows;
    transactions.push(...step.slice(0, maxRows - transactions.length));
    // Leaving the loop ends the walk: no further step is read.
    if (isCapped) break;
  }
  // Newest first: the last row has the first date.
  const firstDate = transactions.at(-1)?.date;
  const lastDate = transactions[0]?.date;
  const from = filters.from ?? firstDate;
  const to = filters.to ?? lastDate;
  const generatedOn = todayIn(workspace.timeZone, ctx.clock.now());
  const pages = statementPages({
    language,
    workspaceName: extra.workspaceRows[0]?.name ?? "",
    period: from && to ? { from, to } : null,
    generatedOn,
    isFiltered: Object.entries(filters).some(
      ([name, value]) => name !== "from" && name !== "to" && value !== undefined,
    ),
    transactions,
    totals: totalsOf(transactions, workspace.currency),
    cappedAt: isCapped ? maxRows : null,
  });
  const title = `${exportWords[language].statement.title} · ${extra.workspaceRows[0]?.name ?? ""}`;
  const bytes = await writePdf({ pages, title, language, createdAt: ctx.clock.now() });
  return { bytes, fileName: exportFileName(language, workspace, ctx, "pdf") };
}
