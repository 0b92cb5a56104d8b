import { addDays } from "../ledger/dates.ts";
import { type AmountRefusal, unitsOf } from "../imports/line-values.ts";
import { maxAmountUnitsOf } from "../ledger/amounts.ts";
import { daysApart } from "../imports/duplicates.ts";
import { type HistoryRow, nameKey } from "./history-rows.ts";

/**
 * What another app's rows become in the workspace, decided before anything is written
 * (docs/decisions/056-moving-in-from-another-app.md): the accounts and cards they name — each the
 * workspace's own when one of that name exists, else to be created — the categories as tags (a
 * subcategory under its category), and each transaction with its two sides. The two rows an app
 * writes for one transfer (one in each account) become one transfer; an account's opening balance
 * becomes the new account's initial balance. Pure: the service reads, this decides.
 */

export type PlaceKind = "account" | "card";

/** An account or card of the workspace, as the plan matches names against. */
export type ExistingPlace = { id: string; name: string; currency: string; isActive: boolean };
export type ExistingTag = { id: string; name: string; parentId: string | null };

export type PlannedPlace = {
  /** nameKey of its name: how lines point at it. */
  key: string;
  /** As the file first writes it. */
  name: string;
  kind: PlaceKind;
  currency: string;
  /** The workspace's account or card of that name, or null: to be created. */
  match: { type: PlaceKind; id: string } | null;
  /** Archived in the workspace: its lines are refused until it is active again. */
  isArchived: boolean;
  /** A created account's initial balance from the file's opening-balance row (minor units); 0 without one. */
  openingUnits: number;
  /** A created card's paying account (the account its payments came from in the file). */
  payerKey: string | null;
  /** Lines that touch it. */
  lineCount: number;
};

export type PlannedTag = {
  key: string;
  name: string;
  /** Its category's key, for a subcategory to be created under it. */
  parentKey: string | null;
  match: string | null;
};

/** Why a line is not written, said beside it in the preview. */
export type MoveInRefusal =
  | AmountRefusal
  /** The row's currency is not its account's, or a transfer joins two currencies: no rate is invented. */
  | "other_currency"
  /** The account or card is archived in the workspace. */
  | "archived"
  /** An opening balance for an account that already has its own in Moneta. */
  | "opening_balance"
  /** Money from a card to an account: not a kind Moneta records. */
  | "card_to_account";

export type PlannedLine = {
  /** The file's lines it came from: two for a transfer written once in each account. */
  lines: number[];
  date: string;
  kind: "income" | "expense" | "transfer" | "pay_credit_card";
  /** Positive minor units of the currency of `from` (or of `to` for income). */
  units: number;
  currency: string;
  from: string | null;
  to: string | null;
  description: string;
  tagKey: string | null;
  note: string | null;
  /** A split purchase: its parts, each under its own tag (the line then has none of its own). */
  parts: { units: number; tagKey: string; note: string | null }[] | null;
  refused: MoveInRefusal | null;
};

export type MoveInPlan = { places: PlannedPlace[]; tags: PlannedTag[]; lines: PlannedLine[] };

type Workspace = {
  currency: string;
  accounts: readonly ExistingPlace[];
  cards: readonly ExistingPlace[];
  tags: readonly ExistingTag[];
};

/** How far apart the two sides of one transfer may be booked (a TED sent on Friday, arriving on Monday). */
const transferDayWindow = 3;

export function planMoveIn(rows: readonly HistoryRow[], workspace: Workspace): MoveInPlan {
  const places = placesOf(rows, workspace);
  const tags = tagsOf(rows, workspace.tags);
  const read: PlannedLine[] = [];
  const paired = pairedTransfers(rows);
  const rowOf = new Map<PlannedLine, HistoryRow>();
  const add = (line: PlannedLine, row: HistoryRow) => {
    read.push(line);
    rowOf.set(line, row);
  };
  for (const row of rows) if (!paired.isPaired.has(row)) add(lineOf(row, null, places), row);
  for (const [leaving, arriving] of paired.pairs) add(lineOf(leaving, arriving, places), leaving);
  read.sort((a, b) => a.lines[0]! - b.lines[0]!);
  const lines = withSplitsJoined(withOpeningBalances(read, rowOf, places), rowOf);
  for (const line of lines) {
    if (line.from) places.get(line.from)!.lineCount += 1;
    if (line.to) places.get(line.to)!.lineCount += 1;
  }
  for (const line of lines) {
    if (line.kind !== "pay_credit_card" || !line.from) continue;
    const card = places.get(line.to!)!;
    card.payerKey ??= line.from;
  }
  const firstAccount = [...places.values()].find((place) => place.kind === "account")?.key ?? null;
  for (const place of places.values()) if (place.kind === "card" && !place.match) place.payerKey ??= firstAccount;
  return { places: [...places.values()], tags, lines };
}

/** Every account and card the rows name (the other side of a transfer too), matched by name. */
function placesOf(rows: readonly HistoryRow[], workspace: Workspace): Map<string, PlannedPlace> {
  const existing = (list: readonly ExistingPlace[]) => {
    const byKey = new Map<string, ExistingPlace>();
    // An active one wins over an archived one of the same name.
    for (const item of list) if (!byKey.has(nameKey(item.name)) || item.isActive) byKey.set(nameKey(item.name), item);
    return byKey;
  };
  const accounts = existing(workspace.accounts);
  const cards = existing(workspace.cards);
  const places = new Map<string, PlannedPlace>();
  const add = (name: string, isCard: boolean, currency: string | null) => {
    const key = nameKey(name);
    if (places.has(key)) return;
    const card = cards.get(key);
    const account = card ? undefined : accounts.get(key);
    const found = card ?? account ?? null;
    places.set(key, {
      key,
      name: name.trim(),
      kind: card || (!account && isCard) ? "card" : "account",
      currency: found?.currency ?? currency ?? workspace.currency,
      match: found ? { type: card ? "card" : "account", id: found.id } : null,
      isArchived: found ? !found.isActive : false,
      openingUnits: 0,
      payerKey: null,
      lineCount: 0,
    });
  };
  for (const row of rows) add(row.account, row.isCard === true, row.currency);
  for (const row of rows)
    if (row.transferAccount) add(row.transferAccount, row.isTransferToCard === true, row.currency);
  return places;
}

/** The categories as tags: a category, and each subcategory under it; matched by name whatever its place. */
function tagsOf(rows: readonly HistoryRow[], existing: readonly ExistingTag[]): PlannedTag[] {
  const byKey = new Map(existing.map((tag) => [nameKey(tag.name), tag]));
  const planned = new Map<string, PlannedTag>();
  const add = (name: string, parentKey: string | null) => {
    const key = nameKey(name);
    if (key === "" || planned.has(key)) return;
    const found = byKey.get(key);
    planned.set(key, { key, name: name.trim(), parentKey: found ? null : parentKey, match: found?.id ?? null });
  };
  for (const row of rows) {
    const [category, subcategory] = row.category;
    if (!category) continue;
    add(category, null);
    // A category that is itself a subcategory in the workspace cannot hold one (two levels only).
    const parent = byKey.get(nameKey(category));
    if (subcategory) add(subcategory, parent?.parentId ? null : nameKey(category));
  }
  return [...planned.values()];
}

/** The tag a row is filed under: its subcategory when it has one, else its category. */
const tagKeyOf = (row: HistoryRow) => {
  const name = row.category[1] ?? row.category[0];
  return name && nameKey(name) !== "" ? nameKey(name) : null;
};

/**
 * The two rows of one transfer: a row leaving A for B and a row arriving in B from A, of the same
 * amount, within a few days. Each row is paired once, with the nearest day; a row without its other
 * side (the app wrote the transfer once) is the whole transfer.
 */
function pairedTransfers(rows: readonly HistoryRow[]) {
  const waiting = new Map<string, HistoryRow[]>();
  const pairKey = (from: string, to: string, amount: string) => `${from}\u0000${to}\u0000${amount.replace(/^-/, "")}`;
  for (const row of rows) {
    if (!row.transferAccount || !row.amount.startsWith("-")) continue;
    const key = pairKey(nameKey(row.account), nameKey(row.transferAccount), row.amount);
    const list = waiting.get(key);
    if (list) list.push(row);
    else waiting.set(key, [row]);
  }
  const isPaired = new Set<HistoryRow>();
  const pairs: [HistoryRow, HistoryRow][] = [];
  for (const row of rows) {
    if (!row.transferAccount || row.amount.startsWith("-")) continue;
    const candidates = waiting.get(pairKey(nameKey(row.transferAccount), nameKey(row.account), row.amount)) ?? [];
    let best: HistoryRow | null = null;
    for (const candidate of candidates) {
      if (isPaired.has(candidate)) continue;
      const apart = daysApart(candidate.date, row.date);
      if (apart > transferDayWindow) continue;
      if (!best || apart < daysApart(best.date, row.date)) best = candidate;
    }
    if (best) {
      isPaired.add(best).add(row);
      pairs.push([best, row]);
    }
  }
  return { isPaired, pairs };
}

function lineOf(row: HistoryRow, partner: HistoryRow | null, places: Map<string, PlannedPlace>): PlannedLine {
  const here = places.get(nameKey(row.account))!;
  const other = row.transferAccount ? places.get(nameKey(row.transferAccount))! : null;
  const isOut = row.amount.startsWith("-");
  const [from, to] = other ? (isOut ? [here, other] : [other, here]) : isOut ? [here, null] : [null, here];
  const kind: PlannedLine["kind"] = !other
    ? isOut
      ? "expense"
      : "income"
    : to!.kind === "card" && from!.kind === "account"
      ? "pay_credit_card"
      : "transfer";
  const currency = (from ?? to)!.currency;
  const amount = unitsOf(row.amount.replace(/^-/, ""), currency);
  const refused: MoveInRefusal | null =
    "refused" in amount
      ? amount.refused
      : (row.currency !== null && row.currency !== here.currency) || (from && to && from.currency !== to.currency)
        ? "other_currency"
        : from?.isArchived || to?.isArchived
          ? "archived"
          : from?.kind === "card" && to?.kind === "account"
            ? "card_to_account"
            : null;
  const notes = [row.note, partner?.note].filter((note): note is string => Boolean(note));
  return {
    lines: partner ? [row.line, partner.line].sort((a, b) => a - b) : [row.line],
    date: row.date,
    kind,
    units: "units" in amount ? amount.units : 0,
    currency,
    from: from?.key ?? null,
    to: to?.key ?? null,
    description: row.description || partner?.description || "",
    tagKey: tagKeyOf(row) ?? (partner ? tagKeyOf(partner) : null),
    note: [...new Set(notes)].join(" — ") || null,
    parts: null,
    refused,
  };
}

/** The most parts a split transaction holds (README: "Split transactions"). */
const maxParts = 20;

/**
 * The rows an app wrote for the parts of one split purchase, joined into one transaction split in those
 * parts: when they are all money in (or all out) of the same account, on one day, each under a category
 * and none refused. Otherwise — a part that is a transfer, a part without a category — each stays a
 * transaction of its own, which moves the same money.
 */
function withSplitsJoined(lines: readonly PlannedLine[], rowOf: Map<PlannedLine, HistoryRow>): PlannedLine[] {
  const groups = new Map<string, PlannedLine[]>();
  for (const line of lines) {
    const group = rowOf.get(line)?.splitGroup;
    if (!group) continue;
    const members = groups.get(group);
    if (members) members.push(line);
    else groups.set(group, [line]);
  }
  const joined = new Map<PlannedLine, PlannedLine>();
  const absorbed = new Set<PlannedLine>();
  for (const members of groups.values()) {
    const [first] = members as [PlannedLine];
    const units = members.reduce((sum, line) => sum + line.units, 0);
    const isJoinable =
      members.length >= 2 &&
      members.length <= maxParts &&
      units <= maxAmountUnitsOf(first.currency) &&
      members.every(
        (line) =>
          line.refused === null &&
          (line.kind === "income" || line.kind === "expense") &&
          line.kind === first.kind &&
          line.from === first.from &&
          line.to === first.to &&
          line.date === first.date &&
          line.tagKey !== null,
      );
    if (!isJoinable) continue;
    const notes = new Set(members.map((line) => line.note));
    joined.set(first, {
      ...first,
      lines: members.flatMap((line) => line.lines).sort((a, b) => a - b),
      units,
      description: rowOf.get(first)!.splitTitle || first.description,
      tagKey: null,
      note: notes.size === 1 ? first.note : null,
      parts: members.map((line) => ({
        units: line.units,
        tagKey: line.tagKey!,
        note: notes.size === 1 ? null : line.note,
      })),
    });
    for (const line of members.slice(1)) absorbed.add(line);
  }
  return lines.filter((line) => !absorbed.has(line)).map((line) => joined.get(line) ?? line);
}

/**
 * Opening-balance rows: a created account takes the amount as its initial balance (its history then
 * adds up to what the app showed), and the row is no transaction; an account the workspace already has
 * keeps its own, and the row is refused, said in the preview. Answers the lines that remain.
 */
function withOpeningBalances(
  lines: readonly PlannedLine[],
  rowOf: Map<PlannedLine, HistoryRow>,
  places: Map<string, PlannedPlace>,
): PlannedLine[] {
  return lines.filter((line) => {
    if (!rowOf.get(line)?.isOpeningBalance || line.refused !== null) return true;
    const place = places.get((line.to ?? line.from)!)!;
    if (place.match) {
      line.refused = "opening_balance";
      return true;
    }
    place.openingUnits += line.to ? line.units : -line.units;
    return false;
  });
}

/** The days the workspace's transactions must be read for, to find lines it already has. */
export function planDays(lines: readonly PlannedLine[], window: number): { from: string; to: string } | null {
  if (lines.length === 0) return null;
  const days = lines.map((line) => line.date).sort();
  return { from: addDays(days[0]!, -window), to: addDays(days.at(-1)!, window) };
}
