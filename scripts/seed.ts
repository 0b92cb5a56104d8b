/**
 * `npm run db:seed`: a realistic demo household for screenshots, demos and benchmarks.
 * Target: LIBSQL_URL (default: the database of the running `npm start`, on whatever port it was given).
 * Running it twice changes nothing; `--reset` removes the demo data and writes it again.
 * It grows as features land (accounts, cards, transactions, plans…).
 */
import { createClient } from "@libsql/client";
import { eq, inArray } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import {
  addMember,
  insertLead,
  insertRecurring,
  insertScheduled,
  insertUser,
  insertWorkspace,
} from "../db/factories.ts";
import * as schema from "../db/schema/index.ts";
import { findLocalDatabase, orExit } from "./local-stack.ts";
import { addDays } from "../worker/ledger/dates.ts";
import { firstOccurrenceFrom, postingDate } from "../worker/planning/recurrence.ts";
import { recurrenceOf } from "../worker/planning/recurring/recurring.rules.ts";
import { seedLedger } from "./seed-ledger.ts";

export const demoEmails = {
  owner: "ana@demo.moneta.app",
  partner: "rafael@demo.moneta.app",
  accountant: "carla@demo.moneta.app",
} as const;

export async function seedDemo(db: Database, options: { reset: boolean }): Promise<"seeded" | "already-seeded"> {
  const demoUsers = await db
    .select()
    .from(schema.users)
    .where(inArray(schema.users.email, Object.values(demoEmails)));
  if (demoUsers.length > 0 && !options.reset) return "already-seeded";
  if (demoUsers.length > 0) {
    const ids = demoUsers.map((user) => user.id);
    await db.delete(schema.workspaces).where(inArray(schema.workspaces.createdBy, ids));
    await db.delete(schema.users).where(inArray(schema.users.id, ids));
    await db.delete(schema.leads).where(eq(schema.leads.source, "demo-seed"));
  }

  const ana = await insertUser(db, {
    email: demoEmails.owner,
    name: "Ana Souza",
    username: "anasouza",
    phone: "(11) 98765-4321",
    language: "pt-BR",
    tier: "unlimited",
    hasBetaAccess: true,
  });
  const rafael = await insertUser(db, { email: demoEmails.partner, name: "Rafael Souza", language: "pt-BR" });
  const carla = await insertUser(db, { email: demoEmails.accountant, name: "Carla Mendes", language: "en" });

  const home = await insertWorkspace(db, {
    ownerId: ana.id,
    name: "Casa Souza",
    description: "Contas da família: moradia, mercado, escola e lazer",
    currency: "BRL",
    timeZone: "America/Sao_Paulo",
    betaFeaturesEnabled: true,
  });
  await addMember(db, { workspaceId: home.id, userId: rafael.id, role: "admin" });

  const studio = await insertWorkspace(db, {
    ownerId: ana.id,
    name: "Estúdio Ana Design",
    description: "Freelance design studio: clients, taxes and tools",
    currency: "BRL",
    timeZone: "America/Sao_Paulo",
    accentColor: "#0e8a4f",
  });
  await addMember(db, { workspaceId: studio.id, userId: carla.id, role: "viewer" });

  await insertWorkspace(db, {
    ownerId: ana.id,
    name: "Lisbon trip 2027",
    currency: "USD",
    timeZone: "Europe/Lisbon",
    primaryColor: "#0b3954",
    secondaryColor: "#ffd166",
    accentColor: "#ef476f",
  });

  // The household's last four months, up to yesterday: what screenshots and demos show.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const ledger = await seedLedger(db, { workspaceId: home.id, createdBy: ana.id, count: 320, lastDate: yesterday });
  await seedPlanned(db, { workspaceId: home.id, createdBy: ana.id, ledger });

  for (const [name, email, phone] of [
    ["Mariana Lima", "mariana.lima@example.com", "(21) 99876-1234"],
    ["João Pedro Alves", "jp.alves@example.com", "(31) 98888-7766"],
    ["Beatriz Costa", "bia.costa@example.com", "(41) 99123-4567"],
  ] as const) {
    await insertLead(db, { name, email, phone, source: "demo-seed" });
  }
  return "seeded";
}

/** What the household has scheduled and set to repeat, from today on. */
async function seedPlanned(
  db: Database,
  input: { workspaceId: string; createdBy: string; ledger: Awaited<ReturnType<typeof seedLedger>> },
) {
  const today = new Date().toISOString().slice(0, 10);
  const { checking } = input.ledger.accounts;
  const { credit } = input.ledger.cards;
  const tag = (name: string) => input.ledger.tags.find((row) => row.name === name)?.id;
  const tagIds = (...names: string[]) => JSON.stringify(names.map(tag).filter(Boolean));
  const common = { workspaceId: input.workspaceId, accountId: checking.id, createdBy: input.createdBy };
  await insertScheduled(db, {
    ...common,
    description: "IPVA 2027 (cota única)",
    amountCents: 187_450,
    scheduledDate: addDays(today, 9),
    tagIds: tagIds("Transporte"),
  });
  await insertScheduled(db, {
    ...common,
    kind: "income",
    origin: null,
    destination: `account:${checking.id}`,
    description: "Restituição do IR",
    amountCents: 243_018,
    scheduledDate: addDays(today, 4),
  });
  const rules = [
    { name: "Aluguel", amountCents: 280_000, frequency: "monthly", dayOfMonth: 5, tags: ["Casa"] },
    {
      name: "Escola das crianças",
      amountCents: 145_000,
      frequency: "monthly",
      dayOfMonth: 10,
      weekendRule: "friday_before",
      tags: ["Casa"],
    },
    { name: "Streaming", amountCents: 5_590, frequency: "monthly", dayOfMonth: 31, card: true, tags: ["Lazer"] },
    { name: "Feira de sábado", amountCents: 12_000, frequency: "weekly", daysOfWeek: [6], tags: ["Mercado"] },
  ] as const;
  for (const rule of rules) {
    const row = {
      frequency: rule.frequency,
      interval: 1,
      daysOfWeek: "daysOfWeek" in rule ? JSON.stringify(rule.daysOfWeek) : null,
      dayOfMonth: "dayOfMonth" in rule ? rule.dayOfMonth : null,
      monthOfYear: null,
      weekendRule: "weekendRule" in rule ? rule.weekendRule : ("as_is" as const),
      startDate: today,
      endDate: null,
      maxExecutions: null,
    };
    const nextDate = firstOccurrenceFrom(recurrenceOf(row), today);
    await insertRecurring(db, {
      ...common,
      ...row,
      name: rule.name,
      description: rule.name,
      amountCents: rule.amountCents,
      origin: "card" in rule ? `card:${credit.id}` : `account:${checking.id}`,
      tagIds: tagIds(...rule.tags),
      nextDate,
      nextDueDate: nextDate && postingDate(nextDate, row.weekendRule),
    });
  }
}

if (import.meta.main) {
  const { url, authToken } = await orExit(findLocalDatabase());
  const client = createClient({ url, authToken });
  try {
    const outcome = await seedDemo(drizzle(client, { schema }) as unknown as Database, {
      reset: process.argv.includes("--reset"),
    });
    console.log(
      outcome === "seeded"
        ? `Demo data written to ${url}: sign in as ${demoEmails.owner}.`
        : `Demo data is already in ${url}; run with --reset to write it again.`,
    );
  } catch (error) {
    console.error(
      `Seeding ${url} failed: ${error instanceof Error ? error.message : error}. Is \`npm start\` running?`,
    );
    process.exitCode = 1;
  } finally {
    client.close();
  }
}
