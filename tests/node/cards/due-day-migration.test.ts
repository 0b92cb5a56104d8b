import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { insertAccount, insertUser, insertWorkspace } from "../../../db/factories.ts";
import type { Database } from "../../../db/client.ts";
import { migrationsFolder } from "../../../db/migrate.ts";
import * as schema from "../../../db/schema/index.ts";
import { dueDateFor, periodClosingOn, closingDateFor } from "../../../worker/cards/statements.ts";
import { addDays, daysInMonth } from "../../../worker/ledger/dates.ts";
import { dueDayTenDaysAfter } from "../../../worker/ledger/rules/card-rules.ts";

/** The migrations folder as it was before 0007: the SQL files and a journal that ends at 0006. */
function migrationsBefore0007(): string {
  const folder = mkdtempSync(join(tmpdir(), "moneta-migrations-"));
  mkdirSync(join(folder, "meta"));
  for (const file of readdirSync(migrationsFolder).filter((name) => /^000[0-6]_.*\.sql$/.test(name)))
    copyFileSync(join(migrationsFolder, file), join(folder, file));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= 6);
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(journal));
  return folder;
}

/** What "due 10 days after closing" gave, against the due day migration 0007 set, for one closing. */
function dueDatesOf(closing: string, billingDay: number, dueDay: number) {
  return { before: addDays(closing, 10), after: dueDateFor(closing, { billingDay, dueDay }) };
}

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

describe("migration 0007: cards get a due day", () => {
  it("gives every existing card the due day that keeps its due dates, to the day in 30-day months", async () => {
    const url = `file:${join(mkdtempSync(join(tmpdir(), "moneta-test-")), "test.db")}`;
    const client = createClient({ url });
    await migrate(drizzle(client), { migrationsFolder: migrationsBefore0007() });
    const db = drizzle(client, { schema }) as unknown as Database;
    const owner = await insertUser(db);
    const workspace = await insertWorkspace(db, { ownerId: owner.id });
    const account = await insertAccount(db, { workspaceId: workspace.id });
    // The cards table as 0006 left it: no due_day column yet, so the rows are written by hand.
    for (let day = 1; day <= 31; day++) {
      await client.execute({
        sql: "insert into cards (id, workspace_id, account_id, name, type, mode, billing_cycle_day, created_at) values (?, ?, ?, ?, 'credit', 'credit', ?, ?)",
        args: [crypto.randomUUID(), workspace.id, account.id, `Day ${day}`, day, "2026-01-01T00:00:00.000Z"],
      });
    }

    await migrate(drizzle(client), { migrationsFolder });

    const rows = await client.execute("select billing_cycle_day, due_day from cards order by billing_cycle_day");
    const dueDays = rows.rows.map((row) => [Number(row.billing_cycle_day), Number(row.due_day)]);
    expect(dueDays).toEqual(Array.from({ length: 31 }, (_, index) => [index + 1, dueDayTenDaysAfter(index + 1)]));
    expect(dueDays.slice(0, 3)).toEqual([
      [1, 11],
      [2, 12],
      [3, 13],
    ]);
    expect(dueDays.slice(18, 31).map(([, dueDay]) => dueDay)).toEqual([29, 30, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);

    // Every closing from 2026 to 2028 (2028 is a leap year), every billing day.
    for (const [billingDay, dueDay] of dueDays as Array<[number, number]>) {
      for (let month = 0; month < 36; month++) {
        const year = 2026 + Math.floor(month / 12);
        const monthStart = `${year}-${String((month % 12) + 1).padStart(2, "0")}-01`;
        const closing = closingDateFor(monthStart, billingDay);
        expect(periodClosingOn(closing, { billingDay, dueDay }).due).toBe(dueDateFor(closing, { billingDay, dueDay }));
        const { before, after } = dueDatesOf(closing, billingDay, dueDay);
        const length = daysInMonth(year, (month % 12) + 1);
        const shift = Math.abs(daysBetween(before, after));
        const where = `closing ${closing}, billing day ${billingDay}, due day ${dueDay}: ${before} → ${after}`;
        if (length === 30 || billingDay <= 18) expect(after, where).toBe(before);
        expect(shift, where).toBeLessThanOrEqual(length === 31 ? 1 : length === 30 ? 0 : 2);
      }
    }
    client.close();
  });

  it("keeps the due date of a card closing on the 31st or the 10th in every month", () => {
    for (const closing of ["2026-01-31", "2026-02-28", "2028-02-29", "2026-04-30", "2026-12-31"])
      expect(dueDatesOf(closing, 31, dueDayTenDaysAfter(31))).toEqual({
        before: addDays(closing, 10),
        after: addDays(closing, 10),
      });
    for (const closing of ["2026-01-10", "2026-02-10", "2026-12-10"])
      expect(dueDatesOf(closing, 10, 20).after).toBe(addDays(closing, 10));
  });
});
