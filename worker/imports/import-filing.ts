import { eq } from "drizzle-orm";
import { payeeNames, payees, tags } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { fieldError } from "../http/errors.ts";
import { minorUnitOf, unitsToDecimal } from "../ledger/amounts.ts";
import { cleanedPayeeName, payeeKeyOf } from "../payees/payee-names.ts";
import { compileRules, outcomeOf, type RuleOutcome } from "../rules/rule-engine.ts";
import type { RuleSource } from "../rules/rule-sources.ts";
import { rulesInOrderQuery, storedRuleOf } from "../rules/rules.service.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import type { LineFiling, PreviewFiling } from "./imports.schemas.ts";

/**
 * Rules on an import (README: "Rules"): the preview runs the workspace's rules on each line, so the person
 * sees how each will be filed before anything is written, and the chunks send that filing back with the
 * lines. The write checks it again — its tags must be the workspace's and its parts must sum to the line —
 * and files each line in the chunk's batch.
 */

/** What the preview reads to file lines, in its batch: the rules in order, the names payees are known by, the tags. */
export function filingQueries(ctx: ServiceContext, workspaceId: string) {
  return {
    ruleRows: rulesInOrderQuery(ctx, workspaceId),
    knownPayeeRows: ctx.db
      .select({ key: payeeNames.key, name: payees.name })
      .from(payeeNames)
      .innerJoin(payees, eq(payees.id, payeeNames.payeeId))
      .where(eq(payeeNames.workspaceId, workspaceId)),
    tagRows: ctx.db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(eq(tags.workspaceId, workspaceId)),
  };
}

type FilingRows = {
  ruleRows: Parameters<typeof storedRuleOf>[0][];
  knownPayeeRows: { key: string; name: string }[];
  tagRows: { id: string; name: string; color: string }[];
};

/**
 * What the rules decide for the lines of one account or card, from one source ("imported" for a file,
 * "bank" for a bank connection's sync): the rules compiled once, then each line decided with a few
 * comparisons per rule. A line's payee for the rules is the one it is known by, else its cleaned text.
 */
export function lineOutcomes(rows: FilingRows, target: LegRef, currency: string, source: RuleSource) {
  const compiled = compileRules(rows.ruleRows.map(storedRuleOf));
  const knownPayees = new Map(rows.knownPayeeRows.map((row) => [row.key, row.name]));
  const place = `${target.type}:${target.id}`;
  return (line: { description: string; units: number; payee?: string | null }): RuleOutcome | null => {
    if (compiled.length === 0) return null;
    const payee = line.payee || knownPayees.get(payeeKeyOf(line.description)) || cleanedPayeeName(line.description);
    return outcomeOf(compiled, {
      description: line.description,
      payee: payee || null,
      amountUnits: Math.abs(line.units),
      currency,
      kind: line.units < 0 ? "expense" : "income",
      place,
      source,
    });
  };
}

/** A filer for one file: each line's rules' outcome as the preview shows it. */
export function lineFiler(rows: FilingRows, target: LegRef, currency: string) {
  const outcomeOfLine = lineOutcomes(rows, target, currency, "imported");
  const tagsById = new Map(rows.tagRows.map((tag) => [tag.id, tag]));
  return (line: { description: string; units: number }): PreviewFiling | null => {
    const outcome = outcomeOfLine(line);
    if (!outcome) return null;
    const tagIds = [...(outcome.tagIds ?? []), ...(outcome.parts ?? []).flatMap((part) => part.tagIds)];
    return {
      ...(outcome.description === undefined ? {} : { description: outcome.description }),
      ...(outcome.payee === undefined ? {} : { payee: outcome.payee }),
      ...(outcome.note === undefined ? {} : { note: outcome.note }),
      ...(outcome.tagIds === undefined ? {} : { tag_ids: outcome.tagIds }),
      ...(outcome.parts === undefined
        ? {}
        : {
            parts: outcome.parts.map((part) => ({
              amount: unitsToDecimal(part.amountUnits, currency),
              tag_ids: part.tagIds,
            })),
          }),
      rule_ids: outcome.ruleIds,
      tags: [...new Set(tagIds)].flatMap((id) => {
        const tag = tagsById.get(id);
        return tag ? [{ uuid: tag.id, name: tag.name, color: tag.color }] : [];
      }),
    };
  };
}

/** Every tag the chunk's filings name, to read in its batch. */
export const tagIdsFiled = (lines: readonly { filed?: LineFiling | null }[]) => [
  ...new Set(
    lines.flatMap((line) => [
      ...(line.filed?.tag_ids ?? []),
      ...(line.filed?.parts ?? []).flatMap((part) => part.tag_ids),
    ]),
  ),
];

/**
 * A line's filing checked against the write's read: tags of the workspace, and parts (for income and
 * expenses) that sum to the line's amount in the currency's units. Answers the parts in minor units.
 */
export function checkedParts(
  filed: LineFiling,
  index: number,
  units: number,
  currency: string,
  foundTagIds: ReadonlySet<string>,
): { amountUnits: number; tagIds: string[] }[] | null {
  const field = `lines.${index}.filed`;
  if (filed.tag_ids?.some((id) => !foundTagIds.has(id)))
    throw fieldError(`${field}.tag_ids`, "errors:fields.tagMissing");
  if (!filed.parts) return null;
  if (filed.tag_ids?.length) throw fieldError(`${field}.tag_ids`, "errors:fields.splitTagsOnParts");
  const factor = 10 ** (2 - minorUnitOf(currency));
  const parts = filed.parts.map((part, partIndex) => {
    if (part.tag_ids.some((id) => !foundTagIds.has(id)))
      throw fieldError(`${field}.parts.${partIndex}.tag_ids`, "errors:fields.tagMissing");
    const amountUnits = part.amount % factor === 0 ? part.amount / factor : null;
    if (amountUnits === null) throw fieldError(`${field}.parts.${partIndex}.amount`, "errors:fields.amountFormat");
    return { amountUnits, tagIds: part.tag_ids };
  });
  const sum = parts.reduce((total, part) => total + part.amountUnits, 0);
  if (sum !== Math.abs(units))
    throw fieldError(`${field}.parts`, "errors:fields.partsSum", {
      values: { sum: unitsToDecimal(sum, currency), amount: unitsToDecimal(Math.abs(units), currency) },
    });
  return parts;
}
