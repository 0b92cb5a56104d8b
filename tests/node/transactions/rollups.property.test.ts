import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { transactionKinds } from "../../../db/enums.ts";
import { migrationsFolder } from "../../../db/migrate.ts";
import {
  ledgerDayFlows,
  monthSpending,
  tagDayFlows,
  tagMonthSpending,
  tags,
  transactionPartTags,
  transactionParts,
  transactions,
  transactionTags,
} from "../../../db/schema/index.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { householdLedger, type HouseholdLedger } from "./ledger-fixture.ts";

/**
 * The reports' rollups (docs/decisions/034-report-rollups-kept-by-triggers.md, migrations 0012 and 0015)
 * against the rows, through random sequences of every write that touches a transaction or its tags: creates,
 * edits (money, date, legs, tags), deletes, attaching and detaching tags, deleting a tag (its subcategories
 * promoted or deleted, its transactions moved to another tag or not), merging a tag into another, moving a tag under
 * another (a subcategory's transactions then carry its category as an implied link) or back to the top,
 * splitting a transaction into parts under their own tags and un-splitting it, across currencies, on credit
 * and debit cards, some of them refused. After every step the links must be exactly the tags given and the
 * categories they imply (for a split transaction, its parts' with their shares), the kept totals must equal what the rows imply, computed
 * here in plain code — the day rollups and the budgets' month ones — and the migrations' backfills must
 * rebuild them. The days straddle a month's end.
 */
type Leg = { type: "account" | "card"; name: "checking" | "dollars" | "credit" | "debit" };
type TagName = "food" | "home" | "travel";
type Spec = {
  kind: (typeof transactionKinds)[number];
  origin?: Leg;
  destination?: Leg;
  cents: number;
  rateMicros?: number;
  day: number;
  tags: TagName[];
  /** Split into parts of these weights and tags; null un-splits; left out, an edit keeps what there is. */
  parts?: { weight: number; tags: TagName[] }[] | null;
};
type Step =
  | { op: "create"; spec: Spec }
  | { op: "edit"; pick: number; spec: Spec }
  | { op: "createSplit"; spec: Spec }
  | { op: "editSplit"; pick: number; spec: Spec }
  | { op: "delete"; pick: number }
  | { op: "attach" | "detach"; pick: number; tags: TagName[] }
  | { op: "deleteTag"; tag: TagName; subcategories: "promote" | "delete" | null; moveTo: TagName | null }
  | { op: "mergeTag"; tag: TagName; into: TagName }
  | { op: "moveTag"; tag: TagName; parent: TagName | null };

const legs: Leg[] = [
  { type: "account", name: "checking" },
  { type: "account", name: "dollars" },
  { type: "card", name: "credit" },
  { type: "card", name: "debit" },
];
const tagNames: TagName[] = ["food", "home", "travel"];
const tagsArbitrary = fc.subarray(tagNames);
const specArbitrary: fc.Arbitrary<Spec> = fc.record({
  kind: fc.constantFrom(...transactionKinds),
  origin: fc.option(fc.constantFrom(...legs), { nil: undefined }),
  destination: fc.option(fc.constantFrom(...legs), { nil: undefined }),
  cents: fc.integer({ min: 1, max: 90_000 }),
  rateMicros: fc.option(fc.integer({ min: 1, max: 9_000_000 }), { nil: undefined }),
  day: fc.integer({ min: 0, max: 4 }),
  tags: tagsArbitrary,
  parts: fc.option(
    fc.option(
      fc.array(fc.record({ weight: fc.integer({ min: 1, max: 5 }), tags: fc.subarray(tagNames, { minLength: 1 }) }), {
        minLength: 2,
        maxLength: 3,
      }),
      { nil: null },
    ),
    { nil: undefined, freq: 2 },
  ),
});
/** A purchase split into two or three parts, from the account or a card: one that is always valid. */
const splitSpecArbitrary: fc.Arbitrary<Spec> = fc
  .record({
    kind: fc.constantFrom("expense" as const, "income" as const),
    leg: fc.constantFrom(...legs),
    cents: fc.integer({ min: 3, max: 90_000 }),
    day: fc.integer({ min: 0, max: 4 }),
    parts: fc.array(
      fc.record({ weight: fc.integer({ min: 1, max: 5 }), tags: fc.subarray(tagNames, { minLength: 1 }) }),
      { minLength: 2, maxLength: 3 },
    ),
  })
  .map(({ kind, leg, ...rest }) => ({
    kind,
    ...(kind === "income" ? { destination: leg } : { origin: leg }),
    tags: [],
    ...rest,
  }));
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: splitSpecArbitrary.map((spec) => ({ op: "createSplit" as const, spec })) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant("editSplit" as const), pick: fc.nat(), spec: splitSpecArbitrary }),
  },
  { weight: 4, arbitrary: specArbitrary.map((spec) => ({ op: "create" as const, spec })) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), pick: fc.nat(), spec: specArbitrary }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom("attach" as const, "detach" as const),
      pick: fc.nat(),
      tags: tagsArbitrary,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("deleteTag" as const),
      tag: fc.constantFrom(...tagNames),
      subcategories: fc.constantFrom("promote" as const, "delete" as const, null),
      moveTo: fc.option(fc.constantFrom(...tagNames), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("mergeTag" as const),
      tag: fc.constantFrom(...tagNames),
      into: fc.constantFrom(...tagNames),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("moveTag" as const),
      tag: fc.constantFrom(...tagNames),
      parent: fc.option(fc.constantFrom(...tagNames), { nil: null }),
    }),
  },
);

/** The days a spec's `day` picks: the end of October and November up to today (the 21st). */
const days = ["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-18", "2026-11-21"];

type Totals = Map<string, { units: number; count: number }>;

function add(totals: Totals, key: string, units: number) {
  const entry = totals.get(key) ?? { units: 0, count: 0 };
  totals.set(key, { units: entry.units + units, count: entry.count + 1 });
}

/** What the rows imply, in plain code: both legs of every row, and its main side under each of its tags (or none). */
async function rollupsImpliedByRows(t: TestApp, workspaceId: string) {
  const rows = await t.db.select().from(transactions).where(eq(transactions.workspaceId, workspaceId));
  const links = await t.db.select().from(transactionTags);
  const filed = await linksFiledByParts(t);
  const ledger: Totals = new Map();
  const tags: Totals = new Map();
  const legOf = (accountId: string | null, cardId: string | null) =>
    accountId ? `account:${accountId}` : cardId ? `card:${cardId}` : null;
  for (const row of rows) {
    const origin = legOf(row.originAccountId, row.originCardId);
    const destination = legOf(row.destinationAccountId, row.destinationCardId);
    if (origin) add(ledger, [row.date, row.kind, origin, "out", row.currency].join("|"), row.amountCents);
    if (destination)
      add(
        ledger,
        [row.date, row.kind, destination, "in", row.destinationCurrency].join("|"),
        row.destinationAmountCents,
      );
    const isIncome = row.kind === "income";
    const shares = filed.get(row.id);
    const tagIds = shares
      ? [...shares.keys()]
      : links.filter((link) => link.transactionId === row.id).map((link) => link.tagId);
    for (const tagId of tagIds.length > 0 ? tagIds : [""]) {
      const key = [
        row.date,
        row.kind,
        tagId,
        isIncome ? destination : origin,
        isIncome ? row.destinationCurrency : row.currency,
      ];
      const whole = isIncome ? row.destinationAmountCents : row.amountCents;
      add(tags, key.join("|"), shares ? shares.get(tagId)!.units : whole);
    }
  }
  return { ledger: sorted(ledger), tags: sorted(tags), ...monthsOf(ledger, tags) };
}

/**
 * What a split transaction's parts file, in plain code: per transaction, each tag a part was given or
 * implies (a subcategory's category), given where any part was given it, with the parts' amounts summed
 * — a part counted once under a tag however it reaches it.
 */
async function linksFiledByParts(t: TestApp) {
  const parts = await t.db.select().from(transactionParts);
  const partTags = await t.db.select().from(transactionPartTags);
  const parentOf = new Map((await t.db.select().from(tags)).map((tag) => [tag.id, tag.parentId]));
  const filed = new Map<string, Map<string, { units: number; implied: number }>>();
  for (const part of parts) {
    const given = partTags.filter((link) => link.partId === part.id).map((link) => link.tagId);
    const reached = new Map(given.map((tagId) => [tagId, 0]));
    for (const tagId of given) {
      const parentId = parentOf.get(tagId);
      if (parentId && !reached.has(parentId)) reached.set(parentId, 1);
    }
    const shares = filed.get(part.transactionId) ?? new Map();
    for (const [tagId, implied] of reached) {
      const share = shares.get(tagId) ?? { units: 0, implied: 1 };
      shares.set(tagId, { units: share.units + part.amountCents, implied: Math.min(share.implied, implied) });
    }
    filed.set(part.transactionId, shares);
  }
  return filed;
}

/**
 * The budgets' month rollups the day totals imply: expenses that left (`out`), summed over legs
 * and days by month and currency, and under each tag (or none) by month and currency.
 */
function monthsOf(ledger: Totals, tags: Totals) {
  const spending = new Map<string, number>();
  for (const [key, entry] of ledger) {
    const [day, kind, , direction, currency] = key.split("|");
    if (kind !== "expense" || direction !== "out") continue;
    const month = `${day!.slice(0, 7)}|${currency}`;
    spending.set(month, (spending.get(month) ?? 0) + entry.units);
  }
  const tagSpending = new Map<string, number>();
  for (const [key, entry] of tags) {
    const [day, kind, tagId, , currency] = key.split("|");
    if (kind !== "expense") continue;
    const month = `${day!.slice(0, 7)}|${tagId}|${currency}`;
    tagSpending.set(month, (tagSpending.get(month) ?? 0) + entry.units);
  }
  return { monthSpending: nonZero(spending), tagMonthSpending: nonZero(tagSpending) };
}

/** A month's row may fall back to zero and stay (readers sum): it counts nothing, so it is left out. */
const nonZero = (units: Map<string, number>) =>
  [...units].filter(([, amount]) => amount !== 0).sort(([a], [b]) => a.localeCompare(b));

const sorted = (totals: Totals) =>
  [...totals].filter(([, entry]) => entry.count !== 0).sort(([a], [b]) => a.localeCompare(b));

/** What the triggers kept (rows that fell back to zero count nothing, so they are left out). */
async function keptRollups(t: TestApp, workspaceId: string) {
  const ledger: Totals = new Map();
  for (const row of await t.db.select().from(ledgerDayFlows).where(eq(ledgerDayFlows.workspaceId, workspaceId)))
    ledger.set([row.day, row.kind, row.leg, row.direction, row.currency].join("|"), {
      units: row.amountUnits,
      count: row.transactionCount,
    });
  const tags: Totals = new Map();
  for (const row of await t.db.select().from(tagDayFlows).where(eq(tagDayFlows.workspaceId, workspaceId)))
    tags.set([row.day, row.kind, row.tagId, row.leg, row.currency].join("|"), {
      units: row.amountUnits,
      count: row.transactionCount,
    });
  for (const totals of [ledger, tags])
    for (const [key, entry] of totals) if (entry.count === 0) expect(entry.units, key).toBe(0);
  const spending = new Map<string, number>();
  for (const row of await t.db.select().from(monthSpending).where(eq(monthSpending.workspaceId, workspaceId)))
    spending.set(`${row.month}|${row.currency}`, row.amountUnits);
  const tagSpending = new Map<string, number>();
  for (const row of await t.db.select().from(tagMonthSpending).where(eq(tagMonthSpending.workspaceId, workspaceId)))
    tagSpending.set(`${row.month}|${row.tagId}|${row.currency}`, row.amountUnits);
  return {
    ledger: sorted(ledger),
    tags: sorted(tags),
    monthSpending: nonZero(spending),
    tagMonthSpending: nonZero(tagSpending),
  };
}

/**
 * The implied links there must be: for each tag a transaction was given whose category it was not given,
 * that category once — and no other.
 */
async function impliedLinks(t: TestApp) {
  const filed = await linksFiledByParts(t);
  const links = (await t.db.select().from(transactionTags)).filter((link) => !filed.has(link.transactionId));
  const parentOf = new Map((await t.db.select().from(tags)).map((tag) => [tag.id, tag.parentId]));
  const given = new Set(
    links.filter((link) => link.implied === 0).map((link) => `${link.transactionId}|${link.tagId}`),
  );
  const expected = new Set<string>();
  for (const link of links.filter((row) => row.implied === 0)) {
    const parentId = parentOf.get(link.tagId);
    if (parentId && !given.has(`${link.transactionId}|${parentId}`)) expected.add(`${link.transactionId}|${parentId}`);
  }
  const kept = links.filter((link) => link.implied === 1).map((link) => `${link.transactionId}|${link.tagId}`);
  // A transaction that is not split counts its whole amount under each tag: no link of it has a share.
  expect(links.filter((link) => link.shareUnits !== null)).toEqual([]);
  return { kept: kept.sort(), expected: [...expected].sort() };
}

/** A split transaction's links as kept, against what its parts file. */
async function splitLinks(t: TestApp) {
  const filed = await linksFiledByParts(t);
  const links = (await t.db.select().from(transactionTags)).filter((link) => filed.has(link.transactionId));
  const kept = links.map((link) => `${link.transactionId}|${link.tagId}|${link.implied}|${link.shareUnits}`);
  const expected = [...filed].flatMap(([transactionId, shares]) =>
    [...shares].map(([tagId, share]) => `${transactionId}|${tagId}|${share.implied}|${share.units}`),
  );
  return { kept: kept.sort(), expected: expected.sort() };
}

/** A migration's backfill statements (the INSERTs before its triggers), as a fresh install runs them. */
function backfillStatements(migration: string): string[] {
  return readFileSync(`${migrationsFolder}/${migration}.sql`, "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith("INSERT INTO"));
}

function body(h: HouseholdLedger, tagIds: Record<TagName, string>, spec: Spec) {
  const ref = (leg?: Leg) => (leg ? `${leg.type}:${h[leg.name].id}` : undefined);
  return {
    type: spec.kind,
    origin_id: ref(spec.origin),
    destination_id: ref(spec.destination),
    amount: (spec.cents / 100).toFixed(2),
    description: "random",
    date: days[spec.day],
    currency_conversion: spec.rateMicros === undefined ? undefined : (spec.rateMicros / 1e6).toFixed(6),
    ...(spec.parts
      ? { parts: partsOf(spec.cents, spec.parts, tagIds) }
      : { tag_ids: spec.tags.map((name) => tagIds[name]), parts: spec.parts }),
  };
}

/** The parts' amounts by weight, the remainder on the last, so they sum to the whole (a part of 0 is refused). */
function partsOf(cents: number, parts: NonNullable<Spec["parts"]>, tagIds: Record<TagName, string>) {
  const weights = parts.reduce((total, part) => total + part.weight, 0);
  const shares = parts.map((part) => Math.floor((cents * part.weight) / weights));
  shares[shares.length - 1]! += cents - shares.reduce((total, share) => total + share, 0);
  return parts.map((part, index) => ({
    amount: (shares[index]! / 100).toFixed(2),
    tag_ids: part.tags.map((name) => tagIds[name]),
  }));
}

describe("the reports' rollups stay equal to the rows through any sequence of writes", () => {
  it("after every create, edit, delete, tag link, tag deletion and merge, and rebuilt by the migration's backfill", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 14 }), async (steps) => {
        const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
        const h = await householdLedger(t);
        const travel = await t.request(`/api/workspaces/${h.workspaceId}/tags`, {
          method: "POST",
          token: h.member.token,
          json: { name: "Travel", color: "#3B82F6" },
        });
        expect(travel.status).toBe(201);
        const tagIds: Record<TagName, string> = {
          food: h.food.id,
          home: h.home.id,
          travel: (await travel.json()).data.uuid,
        };
        const live: string[] = [];
        const send = (method: string, path: string, json?: unknown) =>
          t.request(`/api/workspaces/${h.workspaceId}${path}`, { method, token: h.member.token, json });
        for (const step of steps) {
          const picked = live.length > 0 && "pick" in step ? live[step.pick % live.length]! : null;
          if (step.op === "create" || step.op === "createSplit") {
            const response = await h.record(body(h, tagIds, step.spec));
            if (response.status === 201) live.push((await response.json()).data.uuid);
            else expect(response.status).toBe(422);
          } else if ((step.op === "edit" || step.op === "editSplit") && picked) {
            const response = await send("PUT", `/transactions/${picked}`, body(h, tagIds, step.spec));
            expect([200, 422]).toContain(response.status);
          } else if (step.op === "delete" && picked) {
            expect((await send("DELETE", `/transactions/${picked}`)).status).toBe(200);
            live.splice(live.indexOf(picked), 1);
          } else if ((step.op === "attach" || step.op === "detach") && picked) {
            const response = await send("POST", `/transactions/${picked}/tags/${step.op}`, {
              tag_ids: step.tags.map((name) => tagIds[name]),
            });
            expect([200, 422]).toContain(response.status);
          } else if (step.op === "deleteTag") {
            const choices = new URLSearchParams({
              ...(step.subcategories ? { subcategories: step.subcategories } : {}),
              ...(step.moveTo ? { move_to: tagIds[step.moveTo] } : {}),
            });
            // Refused: a deleted tag, a category with subcategories and no choice, a move to itself or a deleted one.
            expect([200, 404, 422]).toContain((await send("DELETE", `/tags/${tagIds[step.tag]}?${choices}`)).status);
          } else if (step.op === "mergeTag") {
            const response = await send("POST", `/tags/${tagIds[step.tag]}/merge`, { into: tagIds[step.into] });
            // Refused: a deleted tag, itself, or a category with subcategories into a subcategory.
            expect([200, 404, 422]).toContain(response.status);
          } else if (step.op === "moveTag") {
            const parentId = step.parent === null ? null : tagIds[step.parent];
            const response = await send("PUT", `/tags/${tagIds[step.tag]}`, { parent_id: parentId });
            // Refused: a deleted tag or parent, itself, a subcategory as parent, or a category with subcategories.
            expect([200, 404, 422]).toContain(response.status);
          }
          const { kept, expected } = await impliedLinks(t);
          expect(kept).toEqual(expected);
          const split = await splitLinks(t);
          expect(split.kept).toEqual(split.expected);
          expect(await keptRollups(t, h.workspaceId)).toEqual(await rollupsImpliedByRows(t, h.workspaceId));
        }
        const kept = await keptRollups(t, h.workspaceId);
        // The days from the rows (their months follow through the day rollups' triggers)…
        for (const table of [ledgerDayFlows, tagDayFlows, monthSpending, tagMonthSpending]) await t.db.delete(table);
        // (a split transaction's link counts its share, which migration 0020 brought after this backfill ran)
        for (const statement of backfillStatements("0012_ledger_rollups"))
          await t.db.run(
            sql.raw(statement.replace("sum(main.`units`)", "sum(coalesce(tt.`share_units`, main.`units`))")),
          );
        expect(await keptRollups(t, h.workspaceId)).toEqual(kept);
        // …and the months from the days, as migration 0015 fills them.
        for (const table of [monthSpending, tagMonthSpending]) await t.db.delete(table);
        for (const statement of backfillStatements("0015_month_spending")) await t.db.run(sql.raw(statement));
        expect(await keptRollups(t, h.workspaceId)).toEqual(kept);
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it("counts an installment plan's postings, and leaves nothing behind when the workspace is deleted", async () => {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    const plan = await t.request(`/api/workspaces/${h.workspaceId}/installment-plans`, {
      method: "POST",
      token: h.member.token,
      json: {
        description: "Geladeira",
        purchase_date: "2026-11-21",
        total_amount: "1000.00",
        installments_count: 3,
        origin: `card:${h.credit.id}`,
        tag_ids: [h.home.id],
      },
    });
    expect(plan.status).toBe(201);
    const implied = await rollupsImpliedByRows(t, h.workspaceId);
    expect(implied.tags.map(([key, entry]) => [key.split("|")[2], entry.units])).toEqual([
      [h.home.id, 33_334],
      [h.home.id, 33_333],
      [h.home.id, 33_333],
    ]);
    expect(await keptRollups(t, h.workspaceId)).toEqual(implied);

    // A row deleted by any other path than the service's batch (which unlinks its tags first) keeps them right too.
    const lunch = await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "42.00",
      description: "Almoço",
      date: "2026-11-20",
      tag_ids: [h.food.id, h.home.id],
    });
    await t.db.delete(transactions).where(eq(transactions.id, (await lunch.json()).data.uuid));
    expect(await keptRollups(t, h.workspaceId)).toEqual(implied);

    const deleted = await t.request(`/api/workspaces/${h.workspaceId}`, { method: "DELETE", token: h.owner.token });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(ledgerDayFlows)).toEqual([]);
    expect(await t.db.select().from(tagDayFlows)).toEqual([]);
    expect(await t.db.select().from(monthSpending)).toEqual([]);
    expect(await t.db.select().from(tagMonthSpending)).toEqual([]);
  });
});
