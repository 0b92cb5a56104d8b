/**
 * `npm run bench:reminders [-- --workspaces 2000 --people 5]`: the reminders' target, on this machine:
 * 10,000 people across 2,000 workspaces on a Monday where every kind is due in each — a statement closing
 * in three days, one due in three days, one just paid, rent tomorrow that takes the account below zero, a
 * budget used up, a goal reached, a bank asking for a new login, the weekly summary — decided and sent
 * (e-mail to Resend's stand-in on 127.0.0.1) by ticks of the built Worker's scheduled() in workerd against
 * a real sqld. Reports per tick the notifications decided, the e-mails sent, wall time, workerd's CPU and the
 * database round trips (requests through a counting proxy). Goal: all within 2 ticks. Checks the result:
 * each reminder once. Not part of `npm test`; run it with `npx react-router build` done (or without
 * `--no-build`, it builds first).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import { newId } from "../db/ids.ts";
import * as schema from "../db/schema/index.ts";
import { startFakeResend } from "../tests/support/fake-resend.ts";
import { startBuiltWorker } from "./built-worker.ts";
import { startDatabaseProxy } from "./database-proxy.ts";
import { startBenchDatabase, type RunningProcess, commandArgument } from "./local-stack.ts";
import { processCpuReader } from "./process-cpu.ts";

const workspaceCount = Number(commandArgument("workspaces", "2000"));
const peoplePer = Number(commandArgument("people", "5"));
/** Monday 10 June 2030, 09:00 in São Paulo: the day is decided and its hour (08:00) has come. */
const scheduledTime = new Date("2030-06-10T12:00:00Z");
const roles = ["owner", "admin", "member", "member", "viewer"] as const;

/** Every kind due in every workspace, in multi-row inserts. */
async function seed(db: Database) {
  for (let start = 0; start < workspaceCount; start += 50) {
    const chunk = Array.from({ length: Math.min(50, workspaceCount - start) }, (_, offset) => {
      const index = start + offset;
      return {
        index,
        workspaceId: newId(),
        accountId: newId(),
        cards: [newId(), newId(), newId()],
        people: Array.from({ length: peoplePer }, (_, n) => ({ id: newId(), role: roles[n % roles.length]! })),
        goalId: newId(),
      };
    });
    const charge = (workspaceId: string, cardId: string, date: string, cents: number) => ({
      workspaceId,
      kind: "expense" as const,
      description: "Mercado",
      date,
      amountCents: cents,
      currency: "BRL" as const,
      destinationAmountCents: cents,
      destinationCurrency: "BRL" as const,
      originCardId: cardId,
      originCardMode: "credit" as const,
    });
    await db.batch([
      db.insert(schema.users).values(
        chunk.flatMap((row) =>
          row.people.map((person, n) => ({
            id: person.id,
            email: `bench-${row.index}-${n}-${person.id}@example.com`,
            name: `Pessoa ${n}`,
            language: n % 2 ? ("pt-BR" as const) : ("en" as const),
            tier: "unlimited" as const,
          })),
        ),
      ),
      db.insert(schema.workspaces).values(
        chunk.map((row) => ({
          id: row.workspaceId,
          name: `Casa ${row.index}`,
          currency: "BRL" as const,
          timeZone: "America/Sao_Paulo",
          createdBy: row.people[0]!.id,
        })),
      ),
      db
        .insert(schema.workspaceMembers)
        .values(
          chunk.flatMap((row) =>
            row.people.map((person) => ({ workspaceId: row.workspaceId, userId: person.id, role: person.role })),
          ),
        ),
      db.insert(schema.accounts).values(
        chunk.map((row) => ({
          id: row.accountId,
          workspaceId: row.workspaceId,
          name: "Itaú",
          type: "checking" as const,
          currency: "BRL" as const,
          color: "#3B82F6",
          icon: "banknotes",
          initialBalanceCents: 100_000,
          balanceCents: 100_000,
        })),
      ),
      db.insert(schema.cards).values(
        chunk.flatMap((row) =>
          [
            // Closed on the 3rd, due on the 13th: due in three days.
            { id: row.cards[0]!, billingCycleDay: 3, dueDay: 13, debtCents: 50_000 },
            // Closing on the 13th: closes in three days.
            { id: row.cards[1]!, billingCycleDay: 13, dueDay: 23, debtCents: 20_000 },
            // Closed on the 3rd, paid yesterday.
            { id: row.cards[2]!, billingCycleDay: 3, dueDay: 20, debtCents: 0 },
          ].map((card, n) => ({
            ...card,
            workspaceId: row.workspaceId,
            accountId: row.accountId,
            name: ["Nubank", "Itaú Visa", "Inter"][n]!,
            type: "credit" as const,
            mode: "credit" as const,
            creditLimitCents: 500_000,
          })),
        ),
      ),
      db.insert(schema.transactions).values(
        chunk.flatMap((row) => [
          charge(row.workspaceId, row.cards[0]!, "2030-06-01", 50_000),
          charge(row.workspaceId, row.cards[1]!, "2030-06-05", 20_000),
          charge(row.workspaceId, row.cards[2]!, "2030-06-01", 10_000),
          {
            workspaceId: row.workspaceId,
            kind: "pay_credit_card" as const,
            description: "Fatura Inter",
            date: "2030-06-09",
            amountCents: 10_000,
            currency: "BRL" as const,
            destinationAmountCents: 10_000,
            destinationCurrency: "BRL" as const,
            originAccountId: row.accountId,
            destinationCardId: row.cards[2]!,
            destinationCardMode: "credit" as const,
          },
        ]),
      ),
      db.insert(schema.scheduledTransactions).values(
        chunk.map((row) => ({
          workspaceId: row.workspaceId,
          kind: "expense" as const,
          description: "Aluguel",
          amountCents: 200_000,
          currency: "BRL" as const,
          origin: `account:${row.accountId}`,
          scheduledDate: "2030-06-11",
        })),
      ),
      db.insert(schema.budgets).values(
        chunk.map((row) => ({
          workspaceId: row.workspaceId,
          amountCents: 10_000,
          currency: "BRL" as const,
          startMonth: "2030-01",
        })),
      ),
      db.insert(schema.goals).values(
        chunk.map((row) => ({
          id: row.goalId,
          workspaceId: row.workspaceId,
          name: "Reserva",
          targetCents: 1_000,
          currency: "BRL" as const,
        })),
      ),
      db.insert(schema.goalAccounts).values(chunk.map((row) => ({ goalId: row.goalId, accountId: row.accountId }))),
      db.insert(schema.bankConnections).values(
        chunk.map((row) => ({
          workspaceId: row.workspaceId,
          provider: "pluggy" as const,
          institution: "Nubank",
          externalId: `item-${row.workspaceId}`,
          status: "needs_login" as const,
        })),
      ),
    ]);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!process.argv.includes("--no-build")) execFileSync("npx", ["react-router", "build"], { stdio: "ignore" });
const dataDir = mkdtempSync(join(tmpdir(), "moneta-bench-reminders-"));
const running: RunningProcess[] = [];
const resend = await startFakeResend();
try {
  const database = await startBenchDatabase(dataDir, running);
  const client = createClient({ url: database.url });
  const db = drizzle(client, { schema }) as unknown as Database;
  await seed(db);
  console.log(
    `  • ${(workspaceCount * peoplePer).toLocaleString("en-US")} people in ${workspaceCount.toLocaleString("en-US")} workspaces, every kind of reminder due`,
  );

  const proxy = await startDatabaseProxy(database.url);
  running.push(proxy);
  const worker = startBuiltWorker({
    databaseUrl: proxy.url,
    vars: { RESEND_API_KEY: "re_bench", RESEND_BASE_URL: resend.url },
    onLog: () => {},
  });
  await worker.ready;
  const cpu = processCpuReader("workerd", process.pid);
  const handler = await worker.getWorker();
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await db.all<{ n: number }>(sql`select count(*) as n from notifications where ${where}`))[0]!.n);
  const ticks: { decided: number; sent: number; wallMs: number; cpuMs: number; roundTrips: number }[] = [];
  for (let tick = 0; tick < 6; tick++) {
    const [decidedBefore, sentBefore] = [await count(sql`1`), resend.sent.length];
    const [cpuBefore, requestsBefore, started] = [cpu(), proxy.requests(), performance.now()];
    const result = await handler.scheduled({
      cron: "*/5 * * * *",
      scheduledTime: new Date(scheduledTime.getTime() + tick * 5 * 60_000),
    });
    const wallMs = performance.now() - started;
    if (result.outcome !== "ok") throw new Error(`tick failed: ${result.outcome}`);
    ticks.push({
      decided: (await count(sql`1`)) - decidedBefore,
      sent: resend.sent.length - sentBefore,
      wallMs,
      cpuMs: cpu() - cpuBefore,
      roundTrips: proxy.requests() - requestsBefore,
    });
    const waiting = await count(sql`status in ('waiting', 'sending')`);
    const undecided = Number(
      (
        await db.all<{ n: number }>(
          sql`select count(*) as n from workspaces where id not in (select workspace_id from reminder_days)`,
        )
      )[0]!.n,
    );
    if (waiting === 0 && undecided === 0) break;
  }
  await worker.dispose();

  const byKind = await db.all<{ kind: string; channel: string; n: number }>(
    sql`select kind, channel, count(*) as n from notifications group by kind, channel order by kind, channel`,
  );
  const recipients = resend.sent.map((mail) => `${mail.to} ${mail.subject}`);
  const repeated = recipients.length - new Set(recipients).size;
  console.log("\n| Tick | Decided | E-mails sent | Wall time | workerd CPU | Round trips |");
  console.log("|---|---|---|---|---|---|");
  for (const [index, tick] of ticks.entries()) {
    console.log(
      `| ${index + 1} | ${tick.decided.toLocaleString("en-US")} | ${tick.sent.toLocaleString("en-US")} | ${seconds(tick.wallMs)} | ${seconds(tick.cpuMs)} | ${tick.roundTrips.toLocaleString("en-US")} |`,
    );
  }
  console.log(`\n${byKind.map((row) => `${row.kind}/${row.channel}: ${row.n}`).join(", ")}`);
  console.log(`E-mails: ${resend.sent.length.toLocaleString("en-US")}, of which repeated: ${repeated}.`);
  client.close();
  if (repeated > 0) process.exitCode = 1;
} finally {
  await resend.close();
  for (const process of running.reverse()) await process.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
