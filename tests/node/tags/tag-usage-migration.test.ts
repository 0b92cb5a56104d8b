import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "../../../db/migrate.ts";

/** Migration 0004 fills the kept tag usage from the links that existed before it. */
describe("migration 0004 (kept tag usage)", () => {
  it("backfills each tag's count and each link's transaction date", async () => {
    const before = mkdtempSync(join(tmpdir(), "moneta-migrations-"));
    cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = join(before, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < "0004");
    writeFileSync(journalPath, JSON.stringify(journal));

    const client = createClient({ url: `file:${join(mkdtempSync(join(tmpdir(), "moneta-test-")), "test.db")}` });
    await migrate(drizzle(client), { migrationsFolder: before });
    await client.executeMultiple(`
      insert into users (id, email, created_at) values ('u', 'u@example.com', '2026-01-01T00:00:00Z');
      insert into workspaces (id, name, currency, time_zone, created_at) values ('w', 'Home', 'BRL', 'America/Sao_Paulo', '2026-01-01T00:00:00Z');
      insert into accounts (id, workspace_id, name, type, currency, initial_balance_cents, balance_cents, color, icon, created_at)
        values ('a', 'w', 'Nubank', 'checking', 'BRL', 0, 0, '#8B5CF6', 'wallet', '2026-01-01T00:00:00Z');
      insert into tags (id, workspace_id, name, created_at) values ('food', 'w', 'Food', '2026-01-01T00:00:00Z'), ('idle', 'w', 'Idle', '2026-01-01T00:00:00Z');
      insert into transactions (id, workspace_id, kind, date, amount_cents, currency, destination_amount_cents, destination_currency, origin_account_id, description, created_at)
        values ('t1', 'w', 'expense', '2026-03-02', 100, 'BRL', 100, 'BRL', 'a', 'one', '2026-01-01T00:00:00Z'),
               ('t2', 'w', 'expense', '2026-05-09', 100, 'BRL', 100, 'BRL', 'a', 'two', '2026-01-01T00:00:00Z');
      insert into transaction_tags (transaction_id, tag_id) values ('t1', 'food'), ('t2', 'food');
    `);

    await migrate(drizzle(client), { migrationsFolder });
    const tags = await client.execute(`select id, usage_count,
      (select max(transaction_date) from transaction_tags where tag_id = tags.id) as last_used from tags order by id`);
    expect(tags.rows.map((row) => [row.id, row.usage_count, row.last_used])).toEqual([
      ["food", 2, "2026-05-09"],
      ["idle", 0, null],
    ]);
    client.close();
  });
});
