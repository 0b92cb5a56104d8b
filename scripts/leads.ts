/**
 * Operator command for the waitlist.
 *   npm run leads -- list                 a table of every lead
 *   npm run leads -- export [--out f.csv] CSV (RFC 4180) to a file or stdout
 * Target: LIBSQL_URL (+ LIBSQL_AUTH_TOKEN for Turso), default the running `npm start`'s database.
 */
import { writeFileSync } from "node:fs";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import * as schema from "../db/schema/index.ts";
import { findLocalDatabase, orExit } from "./local-stack.ts";
import { listLeads } from "../worker/leads/leads.service.ts";

const columns = ["created_at", "name", "email", "phone", "source"] as const;

/** Quotes a field when it holds a comma, quote or line break; doubles quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function leadsCsv(rows: Array<typeof schema.leads.$inferSelect>): string {
  const lines = rows.map((lead) =>
    [lead.createdAt, lead.name, lead.email, lead.phone, lead.source].map(csvField).join(","),
  );
  return `${[columns.join(","), ...lines].join("\r\n")}\r\n`;
}

if (import.meta.main) {
  const [command = "list", ...rest] = process.argv.slice(2);
  const { url, authToken } = await orExit(findLocalDatabase());
  const client = createClient({ url, authToken });
  try {
    const rows = await listLeads({ db: drizzle(client, { schema }) as unknown as Database });
    if (command === "export") {
      const outFlag = rest.indexOf("--out");
      const csv = leadsCsv(rows);
      if (outFlag >= 0 && rest[outFlag + 1]) {
        writeFileSync(rest[outFlag + 1]!, csv);
        console.error(`${rows.length} leads written to ${rest[outFlag + 1]}.`);
      } else {
        process.stdout.write(csv);
      }
    } else if (command === "list") {
      console.table(
        rows.map((lead) => ({
          joined: lead.createdAt.slice(0, 16).replace("T", " "),
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
        })),
      );
      console.log(`${rows.length} leads.`);
    } else {
      console.error("Usage: npm run leads -- list | export [--out leads.csv]");
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(`Reading leads from ${url} failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  } finally {
    client.close();
  }
}
