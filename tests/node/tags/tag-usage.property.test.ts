import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertTag } from "../../../db/factories.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";

/**
 * A tag's usage count and last use are kept (by triggers), not counted when read. Random sequences
 * of the writes that move tags — creating and editing transactions with tags and dates, attaching,
 * detaching and syncing, deleting transactions and tags (moving their transactions to another or not),
 * merging tags — must leave the tags API answering what
 * counting the rows says. "Trips" is a subcategory of "Home": a transaction given it carries Home
 * too, which counts neither in Home's usage nor in its last use.
 */
type Step =
  | { op: "create"; tags: number[]; day: number }
  | { op: "edit"; pick: number; tags: number[]; day: number }
  | { op: "attach" | "detach" | "sync"; pick: number; tags: number[] }
  | { op: "delete"; pick: number }
  | { op: "deleteTag"; tag: number; moveTo: number | null }
  | { op: "mergeTag"; tag: number; into: number };

const tagPicks = fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { maxLength: 3 });
const day = fc.integer({ min: 1, max: 28 });
const pick = fc.nat();
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant("create" as const), tags: tagPicks, day }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), pick, tags: tagPicks, day }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constantFrom("attach" as const, "detach" as const, "sync" as const),
      pick,
      tags: tagPicks,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("deleteTag" as const),
      tag: fc.integer({ min: 0, max: 2 }),
      moveTo: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("mergeTag" as const),
      tag: fc.integer({ min: 0, max: 2 }),
      into: fc.integer({ min: 0, max: 2 }),
    }),
  },
);

describe("tag usage stays right through any sequence of writes", () => {
  it("answers the count and last date the rows imply, after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        const t = await createTestApp();
        const h = await householdLedger(t);
        const tagIds = [
          h.food.id,
          h.home.id,
          (await insertTag(t.db, { workspaceId: h.workspaceId, name: "Trips", parentId: h.home.id })).id,
        ];
        const live: string[] = [];
        const send = (method: string, suffix: string, json?: unknown) =>
          t.request(h.path(suffix), { method, token: h.member.token, json });
        const chosen = (picks: number[]) => picks.map((index) => tagIds[index]!);
        const date = (dayOfMonth: number) => `2026-10-${String(dayOfMonth).padStart(2, "0")}`;

        for (const step of steps) {
          const target = live.length > 0 && "pick" in step ? live[step.pick % live.length]! : undefined;
          if (step.op === "create") {
            const created = await h.record({
              type: "expense",
              origin_id: `account:${h.checking.id}`,
              amount: "1.00",
              description: "tagged",
              date: date(step.day),
              tag_ids: chosen(step.tags),
            });
            expect([201, 422]).toContain(created.status);
            if (created.status === 201) live.push((await created.json()).data.uuid);
          } else if (step.op === "deleteTag") {
            const choices = `subcategories=promote${step.moveTo === null ? "" : `&move_to=${tagIds[step.moveTo]}`}`;
            await t.request(`/api/workspaces/${h.workspaceId}/tags/${tagIds[step.tag]}?${choices}`, {
              method: "DELETE",
              token: h.member.token,
            });
          } else if (step.op === "mergeTag") {
            await t.request(`/api/workspaces/${h.workspaceId}/tags/${tagIds[step.tag]}/merge`, {
              method: "POST",
              token: h.member.token,
              json: { into: tagIds[step.into] },
            });
          } else if (target && step.op === "edit") {
            await send("PUT", `/${target}`, {
              type: "expense",
              origin_id: `account:${h.checking.id}`,
              amount: "1.00",
              description: "edited",
              date: date(step.day),
              tag_ids: chosen(step.tags),
            });
          } else if (target && (step.op === "attach" || step.op === "detach")) {
            await send("POST", `/${target}/tags/${step.op}`, { tag_ids: chosen(step.tags) });
          } else if (target && step.op === "sync") {
            await send("PUT", `/${target}/tags`, { tag_ids: chosen(step.tags) });
          } else if (target && step.op === "delete") {
            expect((await send("DELETE", `/${target}`)).status).toBeLessThan(300);
            live.splice(live.indexOf(target), 1);
          }

          const counted = await t.db.all<{ uuid: string; usage_count: number; last_used: string | null }>(sql`
            select tags.id as uuid, count(transactions.id) as usage_count, max(transactions.date) as last_used
            from tags left join transaction_tags on transaction_tags.tag_id = tags.id and transaction_tags.implied = 0
            left join transactions on transactions.id = transaction_tags.transaction_id
            where tags.workspace_id = ${h.workspaceId} group by tags.id order by lower(tags.name)`);
          const answered = await (
            await t.request(`/api/workspaces/${h.workspaceId}/tags`, { token: h.viewer.token })
          ).json();
          expect(
            answered.data.map(({ uuid, usage_count, last_used }: (typeof counted)[number]) => ({
              uuid,
              usage_count,
              last_used,
            })),
          ).toEqual(counted);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
