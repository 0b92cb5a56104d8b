import { addDays } from "../ledger/dates.ts";

/**
 * Which lines of a statement the account or card already has (docs/decisions/035-imports-preview-then-chunks.md):
 *   - a line whose bank id the account or card already holds is a duplicate, never written twice
 *     (the unique index on the bank id refuses it even when two imports race);
 *   - without an id, an existing transaction of the same amount and direction, within 3 days, with
 *     a description that shares a word, is a possible duplicate for the person to decide on.
 * Each existing transaction is claimed by one line at most, so two equal coffees in the file are
 * not both taken for the one coffee already recorded.
 */

/** How far apart a bank's booking day and the day someone typed may be. */
export const similarDayWindow = 3;

/** What a line is compared on: signed minor units (negative leaves the account) and its texts. */
export type ComparableLine = { date: string; description: string; units: number; importedId: string | null };

/** An existing transaction of the account or card, signed the same way. */
export type ExistingTransaction = ComparableLine & { id: string };

export type LineMatch =
  | { status: "new" }
  | { status: "duplicate"; reason: "imported_id"; existingId: string }
  | { status: "duplicate"; reason: "same_file" }
  | { status: "possible_duplicate"; existingId: string };

/** Lower case, accents and punctuation gone: "PÃO DE AÇÚCAR-123" → "pao de acucar 123". */
export function plainWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !/^\d+$/.test(word));
}

/**
 * Descriptions that may name the same purchase: one contains the other once reduced to words, or
 * they share a word of three letters or more that is not a number ("UBER *TRIP" and "Uber").
 * An empty description on either side leaves the decision to amount and day alone.
 */
export function similarDescriptions(a: string, b: string): boolean {
  const wordsA = plainWords(a);
  const wordsB = new Set(plainWords(b));
  if (wordsA.length === 0 || wordsB.size === 0) return true;
  return wordsA.some((word) => wordsB.has(word));
}

/**
 * Lines that share a bank id but are not the same transaction, told apart. Banco do Brasil and Chase
 * give two different transactions of one file the same FITID: the first keeps it, and each later one
 * with another day, amount or description gets the id with "#2", "#3"… — the same on every import of
 * that file, so importing it again still finds each one. A line repeated whole keeps the id, and is the
 * file's own duplicate as before.
 */
export function distinctImportedIds<
  Line extends { date: string; amount: string; description: string; importedId: string | null },
>(lines: readonly Line[]): Line[] {
  const contentsById = new Map<string, string[]>();
  return lines.map((line) => {
    if (line.importedId === null) return line;
    const content = [line.date, line.amount, line.description].join("\u0000");
    const contents = contentsById.get(line.importedId);
    if (!contents) {
      contentsById.set(line.importedId, [content]);
      return line;
    }
    let index = contents.indexOf(content);
    if (index === -1) index = contents.push(content) - 1;
    return index === 0 ? line : { ...line, importedId: `${line.importedId.slice(0, 250)}#${index + 1}` };
  });
}

/** The earliest and latest day the existing transactions must be read for. */
export function comparedDays(lines: readonly { date: string }[]): { from: string; to: string } | null {
  if (lines.length === 0) return null;
  let from = lines[0]!.date;
  let to = from;
  for (const line of lines) {
    if (line.date < from) from = line.date;
    if (line.date > to) to = line.date;
  }
  return { from: addDays(from, -similarDayWindow), to: addDays(to, similarDayWindow) };
}

/** Whole days between two ISO dates, either way. */
export const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/** Each line's match, in the lines' order. */
export function matchLines(lines: readonly ComparableLine[], existing: readonly ExistingTransaction[]): LineMatch[] {
  const byImportedId = new Map<string, string>();
  const byUnits = new Map<number, ExistingTransaction[]>();
  for (const transaction of existing) {
    if (transaction.importedId !== null) byImportedId.set(transaction.importedId, transaction.id);
    const same = byUnits.get(transaction.units);
    if (same) same.push(transaction);
    else byUnits.set(transaction.units, [transaction]);
  }
  const seenIds = new Set<string>();
  const claimed = new Set<string>();
  const matches: LineMatch[] = lines.map((line) => {
    if (line.importedId === null) return { status: "new" };
    const existingId = byImportedId.get(line.importedId);
    if (existingId) {
      claimed.add(existingId);
      return { status: "duplicate", reason: "imported_id", existingId };
    }
    if (seenIds.has(line.importedId)) return { status: "duplicate", reason: "same_file" };
    seenIds.add(line.importedId);
    return { status: "new" };
  });
  // Then the look-alikes, for lines not already told apart by their ids: the nearest day wins.
  lines.forEach((line, index) => {
    if (matches[index]!.status !== "new") return;
    let best: ExistingTransaction | null = null;
    for (const candidate of byUnits.get(line.units) ?? []) {
      if (claimed.has(candidate.id)) continue;
      // Two lines with their own bank ids are two transactions, however alike.
      if (line.importedId !== null && candidate.importedId !== null) continue;
      const apart = daysApart(line.date, candidate.date);
      if (apart > similarDayWindow || !similarDescriptions(line.description, candidate.description)) continue;
      if (!best || apart < daysApart(line.date, best.date)) best = candidate;
    }
    if (best) {
      claimed.add(best.id);
      matches[index] = { status: "possible_duplicate", existingId: best.id };
    }
  });
  return matches;
}
